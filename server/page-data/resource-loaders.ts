import type { RouteId } from '../../shared/routing/route-ids.ts'
import type { ServerLoader } from './loader-env.ts'
import { loadDetailPage } from './resource/detail-loader.ts'
import { loadResList } from './resource/list-loader.ts'
import { loadRankPage } from './resource/rank-loader.ts'
import { loadSearchPage } from './resource/search-loader.ts'
import { loadTagPage, loadTagsPage } from './resource/tags-loader.ts'

const newList: ServerLoader = (env) => loadResList(env, 'new')
const hotList: ServerLoader = (env) => loadResList(env, 'hot')

/** Server loaders of the resource pages: search, detail, lists, rankings and tags (SPEC §2). */
export const resourceLoaders = {
  'd-id': loadDetailPage,
  rank: loadRankPage,
  'rank-platform': loadRankPage,
  'rank-category': loadRankPage,
  'rank-tag': loadRankPage,
  // `/res` is the list of the newest resources.
  res: newList,
  'res-hot': hotList,
  'res-hot-category': hotList,
  'res-new': newList,
  'res-new-category': newList,
  'res-new-category-page': newList,
  res_tags: loadTagsPage,
  'res_tags-tag': loadTagPage,
  s: loadSearchPage,
  sa: loadSearchPage,
} satisfies Partial<Record<RouteId, ServerLoader>>
