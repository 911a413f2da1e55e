import type { RouteId } from '../../shared/routing/route-ids.ts'
import type { ServerLoader } from './loader-env.ts'
import { loadPost } from './post/post-loader.ts'
import { loadPostList, loadPostSearch } from './post/post-list-loader.ts'

/** Server loaders of the article pages (SPEC §2: post, post-id, pcat-id, post-path, search-post). */
export const postLoaders = {
  'pcat-id': (env) => loadPostList(env, true),
  post: (env) => loadPostList(env, false),
  'post-id': (env) => loadPost(env, 'id'),
  'post-path': (env) => loadPost(env, 'path'),
  'search-post': loadPostSearch,
} satisfies Partial<Record<RouteId, ServerLoader>>
