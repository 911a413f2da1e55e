import { notFound } from '../../../shared/data/page-errors.ts'
import type { TextPageData } from '../../../shared/data/site-data.ts'
import { buildPageHead } from '../../../shared/seo/build-page-head.ts'
import type { LoaderEnv, ServerLoader } from '../loader-env.ts'

/** Builds a text page from site text (markdown); blank text means the page does not exist. */
function textPage(env: LoaderEnv, page: TextPageData['page'], markdown: string | undefined): TextPageData {
  const source = markdown?.trim() ?? ''
  if (source === '') throw notFound('invalid', env.browserPath)
  const routerPath = `/${page}`
  return {
    kind: 'text',
    page,
    // Site text comes from the admin backend: render and sanitise here, never in the browser.
    html: env.markdown.renderMarkdown(source),
    head: buildPageHead({
      site: env.tenant.site,
      fallbackTitle: env.t(page),
      urls: env.pageUrls(routerPath),
    }),
  }
}

/** `/disclaimer`: the site's disclaimer text (`base_info.disclaimer`); 404 when the site has none. */
export const disclaimer: ServerLoader = async (env) => textPage(env, 'disclaimer', env.tenant.site.base_info.disclaimer)

/** `/announcement`: the site announcement, only while it is switched on (`is_show` 1). */
export const announcement: ServerLoader = async (env) => {
  const entry = env.tenant.site.base_info.announcement
  return textPage(env, 'announcement', entry?.is_show === 1 ? entry.content : undefined)
}
