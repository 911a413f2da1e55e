import { useLoaderData } from 'react-router'
import type { TextPageData } from '../data/site-data.ts'
import { useI18n } from '../i18n/i18n-context.tsx'

/** `/disclaimer` and `/announcement`: a heading and the site's own text. */
export function Component() {
  const data = useLoaderData() as TextPageData
  const { t } = useI18n()
  return (
    <article className="site-text">
      <header className="site-page-header">
        <h1>{t(data.page)}</h1>
      </header>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (renderMarkdown); nothing else is ever put here */}
      <div className="site-text__body card prose" dangerouslySetInnerHTML={{ __html: data.html }} />
    </article>
  )
}
