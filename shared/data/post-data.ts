import type { Post, PostCategory } from '../types.ts'
import type { PageDataBase } from './page-head.ts'
import type { Paging } from './resource-data.ts'

/** Page data of the article pages: list, category, article and article search (SPEC §2). */

/** What a list entry needs of an article (its body stays on the article page). */
export type PostSummary = Omit<Post, 'content'>

/** `/post` and `/pcat/:id`. */
export interface PostListPageData extends PageDataBase, Paging {
  kind: 'post-list'
  /** null on `/post` (all categories). */
  category: PostCategory | null
  categories: PostCategory[]
  rows: PostSummary[]
}

/** `/post/:id` and `/post-/:path`. */
export interface PostPageData extends PageDataBase {
  kind: 'post'
  post: PostSummary
  /** The article body, rendered from markdown and sanitised on the server. */
  html: string
  categories: PostCategory[]
}

/** `/search/post?query=`. */
export interface PostSearchPageData extends PageDataBase, Paging {
  kind: 'post-search'
  query: string
  categories: PostCategory[]
  /** null when the query is empty (no upstream search was made). */
  rows: PostSummary[] | null
}

/** Router path of an article: by its readable path when it has one, else by id. */
export function postPath(post: Pick<Post, 'id' | 'path'>): string {
  return post.path ? `/post-/${encodeURIComponent(post.path)}` : `/post/${encodeURIComponent(post.id)}`
}

/** Router path of an article category. */
export function postCategoryPath(id: string): string {
  return `/pcat/${encodeURIComponent(id)}`
}
