import type { SearchPageData } from '../../../shared/data/resource-data.ts'
import { searchTypeOf } from '../../../shared/rules/search.ts'
import type { ListItemView } from '../../../shared/data/content-data.ts'
import { buildPageHead } from '../../../shared/seo/build-page-head.ts'
import { pageSummaryListSchema, resourcePageSchema } from '../../upstream/schemas.ts'
import { routerPathOf } from '../../../shared/routing/router-path.ts'
import { safeMediaUrl } from '../../../shared/rules/safe-url.ts'
import type { LoaderEnv } from '../loader-env.ts'
import { pageFromQuery } from '../params.ts'
import { toResourceSummary } from '../../../shared/data/resource-views.ts'
import { deferredAside } from './aside.ts'
import { parseFilterKey, parseQuery } from './params.ts'

/** Results per search page: a full card grid at every column count (2, 3, 4, 5, 6). */
export const SEARCH_PAGE_SIZE = 60

/** Matching pages shown beside the resources, on the first results page only. */
export const SEARCH_PAGE_MATCHES = 12

/**
 * `/s` and `/sa` (the site's search route arrives here as `/s`), the same on every site whatever its
 * home mode (SPEC §2 lists `s` among the resource routes, §3 gives its search type): the resource
 * search with the site's search type, filters and pages, and beside it the site's pages that match
 * (first results page only; a failure there leaves that section out, never the page). An empty query
 * makes no upstream search: the page shows the prompt. Results are never indexed (robots noindex,follow).
 */
export async function loadSearchPage(env: LoaderEnv): Promise<SearchPageData> {
  const { url, tenant } = env
  const query = parseQuery(url.searchParams.get('query'))
  const page = pageFromQuery(env)
  const category = parseFilterKey(url.searchParams.get('category'))
  const panType = parseFilterKey(url.searchParams.get('pan_type'))
  // Started before the search so the upstream calls run at once; only the search is awaited here.
  const aside = deferredAside(env)

  let rows: SearchPageData['rows'] = null
  let pages: ListItemView[] = []
  let total = 0
  if (query !== '') {
    const body = {
      query,
      page,
      page_size: SEARCH_PAGE_SIZE,
      search_type: searchTypeOf(tenant.site.page_config.global_config),
      ...(category ? { category } : {}),
      ...(panType ? { pan_type: panType } : {}),
    }
    const [result, matchingPages] = await Promise.all([
      env.upstream.data('/v1/resource/search', body, resourcePageSchema),
      page === 1 ? searchPages(env, query) : Promise.resolve([]),
    ])
    rows = result.rows.map(toResourceSummary)
    total = result.total
    pages = matchingPages
  }

  const head = buildPageHead({
    site: tenant.site,
    tdkKey: 'search_page_config',
    values: { searchTerm: query },
    fallbackTitle: query || env.t('search'),
    urls: env.pageUrls('/s'),
    robots: 'noindex,follow',
    pageType: 'resource',
  })
  return {
    kind: 'search',
    head,
    query,
    category,
    panType,
    page,
    pageSize: SEARCH_PAGE_SIZE,
    total,
    rows,
    pages,
    ...aside,
  }
}

/** The site's pages whose title or description match, linkable ones only; none when the call fails. */
async function searchPages(env: LoaderEnv, query: string): Promise<ListItemView[]> {
  try {
    const result = await env.upstream.data(
      '/v1/site_page/list',
      { filter: { keyword: query }, page: 1, page_size: SEARCH_PAGE_MATCHES, is_cache: 1 },
      pageSummaryListSchema,
    )
    return result.rows.flatMap((row) => {
      const routerPath = routerPathOf(row)
      // Pages without an address of their own (resource, ugc_post) have nothing to link to.
      return routerPath === null
        ? []
        : [
            {
              title: row.title.trim() || row.page_path,
              description: row.description.trim(),
              cover: safeMediaUrl(row.cover),
              routerPath,
              updatedAt: row.updated_at,
            },
          ]
    })
  } catch {
    // A secondary section: the resource results stand on their own.
    return []
  }
}
