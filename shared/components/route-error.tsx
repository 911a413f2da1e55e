import { useRouteError } from 'react-router'
import { describeRouteError } from '../data/page-errors.ts'
import { ErrorView, errorTitle } from './error-view.tsx'
import { useErrorHead } from './head-sync.tsx'

/** Error boundary of the page area: the site frame stays, the page shows the error. */
export function RouteError() {
  const { status, message } = describeRouteError(useRouteError())
  useErrorHead(errorTitle(status, message))
  return <ErrorView status={status} message={message} />
}
