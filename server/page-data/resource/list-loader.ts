import { notFound } from '../../../shared/data/page-errors.ts'
import { categoryPath, type ResListPageData } from '../../../shared/data/resource-data.ts'
import { buildPageHead } from '../../../shared/seo/build-page-head.ts'
import { resourceListSchema } from '../../upstream/schemas.ts'
import { resourceListLd } from '../../seo/structured-data.ts'
import type { LoaderEnv } from '../loader-env.ts'
import { orNotFound } from '../or-not-found.ts'
import { pageFromQuery, parsePage, withPage } from '../params.ts'
import { toResourceSummary } from '../../../shared/data/resource-views.ts'
import { deferredAside } from './aside.ts'
import { parseFilterKey } from './params.ts'

/** Resources per list page (a grid of 2, 3, 5 or 6 columns fills evenly). */
export const LIST_PAGE_SIZE = 30

/**
 * `/res`, `/res/new[/:category[/:page]]` and `/res/hot[/:category]`. The page number comes from the
 * path when the route has one, else from `?page=`. A category the upstream does not list is a 404.
 */
export async function loadResList(env: LoaderEnv, list: 'new' | 'hot'): Promise<ResListPageData> {
  const rawCategory = env.params.category
  const categoryKey = rawCategory === undefined ? null : parseFilterKey(rawCategory)
  if (rawCategory !== undefined && categoryKey === null) throw notFound('invalid', env.browserPath)
  const pageInPath = env.params.page !== undefined
  const page = pageInPath ? parsePage(env.params.page, env) : pageFromQuery(env)
  const aside = deferredAside(env)

  const body = { kind: list, ...(categoryKey ? { category: categoryKey } : {}), page, page_size: LIST_PAGE_SIZE }
  const result = await orNotFound(env, env.upstream.data('/v1/resource/list', body, resourceListSchema))
  const category = categoryKey === null ? null : result.categories.find((c) => c.key === categoryKey)
  if (category === undefined) throw notFound('invalid', env.browserPath)
  // Past the last page there is nothing to show, and such addresses should not be indexed.
  if (page > 1 && result.rows.length === 0) throw notFound('invalid', env.browserPath)

  const base = category ? categoryPath(category.key, list) : `/res/${list}`
  const canonicalPath = pageInPath && page > 1 ? `${base}/${page}` : withPage(base, page)
  const head = buildPageHead({
    site: env.tenant.site,
    tdkKey: list === 'new' ? 'new_page_config' : 'hot_page_config',
    values: { categoryName: category?.name ?? '' },
    fallbackTitle: [category?.name, env.t(list === 'new' ? 'newResources' : 'hotResources')]
      .filter(Boolean)
      .join(' · '),
    urls: env.pageUrls(canonicalPath),
    pageType: 'resource',
    jsonLd: [resourceListLd(env, result.rows)],
  })
  return {
    kind: 'res-list',
    head,
    list,
    category,
    categories: result.categories,
    rows: result.rows.map(toResourceSummary),
    page,
    pageSize: LIST_PAGE_SIZE,
    total: result.total,
    ...aside,
  }
}
