import { useRouteError } from 'react-router'
import { describeRouteError } from '../data/page-errors.ts'
import { ErrorView, errorTitle } from './error-view.tsx'
import { useErrorHead } from './head-sync.tsx'

/** Last-resort boundary when even the site frame failed: a bare error page with no site chrome. */
export function RootError() {
  const { status, message } = describeRouteError(useRouteError())
  useErrorHead(errorTitle(status, message))
  return (
    <main className="site-main">
      <ErrorView status={status} message={message} withHomeLink={false} />
    </main>
  )
}
