import { notFound } from '../../../shared/data/page-errors.ts'
import { findShowPath, routePrefixesOf } from '../../../shared/rules/show-path.ts'
import type { ShowPath, SitePageConfig } from '../../../shared/types.ts'
import type { LoaderEnv } from '../loader-env.ts'
import { routerPathOf } from '../../../shared/routing/router-path.ts'

/** The content routes and the prefix each one shows pages under (API.md "Route prefix by page type"). */
const CONTENT_ROUTE_PREFIXES = {
  c: '/c',
  nav: '/nav',
  sp: '/sp',
  'sp-param': '/sp',
  l: '/l',
  'doc-path': '/doc',
  'doc-path-alt': '/doc_',
} as const
export type ContentRouteId = keyof typeof CONTENT_ROUTE_PREFIXES

export interface ResolvedPage {
  row: ShowPath
  page: SitePageConfig
  param: string | null
}

/**
 * Validates a content route against the site's show_path rows and loads the page config. An unknown
 * path, a page whose type does not belong under the route's prefix, or a page web_get does not know
 * all answer 404 'Page Not Found: {path}' (SPEC §5).
 */
export async function resolveContentPage(env: LoaderEnv, routeId: ContentRouteId): Promise<ResolvedPage> {
  const prefix = CONTENT_ROUTE_PREFIXES[routeId]
  const pagePath = env.params.path ?? ''
  const groupPath = env.params.group ?? ''
  const param = routeId === 'sp-param' ? (env.params.param ?? '') : null
  if (pagePath === '' || param === '') throw notFound('invalid', env.browserPath)
  const row = findShowPath(await env.upstream.showPaths(), { prefix, groupPath, pagePath })
  if (row === undefined) throw notFound('invalid', env.browserPath)
  const page = await env.upstream.page({ groupPath: row.group_path, pagePath: row.page_path })
  // The page config has the final word on the type: it too must belong under this prefix.
  if (page === null || !routePrefixesOf(page.page_type).includes(prefix)) throw notFound('invalid', env.browserPath)
  return { row, page, param }
}

/**
 * The canonical router path of a resolved page: its type's first prefix (an outline at `/doc_x` and
 * `/doc/x` is one document, canonically `/doc/x`), plus the extra segment when there is one.
 */
export function contentRouterPath(row: ShowPath, param: string | null): string {
  const base = routerPathOf(row) ?? '/'
  return param === null ? base : `${base}/${encodeURIComponent(param)}`
}
