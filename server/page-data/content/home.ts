import type { HomePageData, SearchHomeData } from '../../../shared/data/content-data.ts'
import { buildPageHead } from '../../../shared/seo/build-page-head.ts'
import type { HotQuery } from '../../../shared/data/resource-data.ts'
import type { ShowPath } from '../../../shared/types.ts'
import { websiteOf } from '../../seo/structured-data.ts'
import type { LoaderEnv } from '../loader-env.ts'
import { buildContentPage } from './build-page.ts'
import { loadResourceHot, loadResourceList } from './resources.ts'

const HOME_LIST_SIZE = 12

/**
 * The home page (SPEC §2 "home mode and single page are configurable"). home_page_model 2 renders the
 * page at home_single_page_path in place, exactly as its own route would (no redirect); a missing
 * page, or model 1, gives the resource home in search mode.
 */
export async function loadHome(env: LoaderEnv): Promise<HomePageData> {
  const global = env.tenant.site.page_config.global_config
  if (global.home_page_model === 2) {
    const single = await loadSinglePage(env, global.home_single_page_path, global.home_single_page_id)
    if (single) return single
  }
  return loadSearchHome(env)
}

async function loadSinglePage(
  env: LoaderEnv,
  pagePath: string | undefined,
  pageId: string | undefined,
): Promise<HomePageData | null> {
  const wanted = pagePath?.trim().replace(/^\/+|\/+$/g, '') ?? ''
  if (wanted === '' && !pageId) return null
  const rows = await env.upstream.showPaths()
  const row = findHomeRow(rows, wanted, pageId?.trim() ?? '')
  if (row === undefined) return null
  const page = await env.upstream.page({ groupPath: row.group_path, pagePath: row.page_path })
  if (page === null) return null
  return buildContentPage(env, page, { routerPath: '/', param: null, home: true })
}

/**
 * The show_path row of the configured single page: by page_path (a `group/page` value also matches
 * the group), else by page id.
 */
function findHomeRow(rows: ShowPath[], wanted: string, pageId: string): ShowPath | undefined {
  if (wanted !== '') {
    const slash = wanted.lastIndexOf('/')
    const group = slash === -1 ? null : wanted.slice(0, slash)
    const page = slash === -1 ? wanted : wanted.slice(slash + 1)
    const found = rows.find((row) => row.page_path === page && (group === null || row.group_path === group))
    if (found) return found
  }
  return pageId === '' ? undefined : rows.find((row) => row.page_id === pageId)
}

/** Search mode: a big search box, hot searches (streamed), hot and newest resources, categories. */
async function loadSearchHome(env: LoaderEnv): Promise<SearchHomeData> {
  const site = env.tenant.site
  const hotSearches: Promise<HotQuery[]> = loadResourceHot(env, ['search']).then((hot) => hot.hotSearches)
  hotSearches.catch(() => {})
  const [hot, newest] = await Promise.all([
    loadResourceList(env, 'hot', HOME_LIST_SIZE),
    loadResourceList(env, 'new', HOME_LIST_SIZE),
  ])
  const categories = (newest.categories.length > 0 ? newest.categories : hot.categories)
    .filter((category) => category.key !== '' && category.name.trim() !== '')
    .map((category) => ({ key: category.key, name: category.name.trim(), count: category.count ?? null }))
  return {
    kind: 'search-home',
    head: buildPageHead({
      site,
      tdkKey: 'index_page_config',
      urls: env.pageUrls('/'),
      pageType: 'resource',
      jsonLd: [websiteOf(env)],
    }),
    siteName: site.base_info.app_name,
    description: site.base_info.description?.trim() ?? '',
    placeholder: site.search_config.placeholder?.trim() ?? '',
    hot: hot.cards,
    newest: newest.cards,
    categories,
    hotSearches,
  }
}
