import type { Post, PostCategory } from '../content-types.ts'
import type { PageDataBase } from './page-head.ts'
import type { Paging } from './resource-data.ts'

/** Page data of the article pages: list, category, article and article search (SPEC §2). */

/** What the article page shows of an article beside its body (shared/data/post-views.ts toPostSummary). */
export type PostSummary = Omit<Post, 'content' | 'description' | 'category'> & {
  category: { id: string; name: string }
}

/**
 * What a list entry shows of an article (shared/data/post-views.ts toPostListItem): link, cover,
 * title, description and the meta line; tags, avatar and body stay on the article page.
 */
export type PostListItem = Pick<
  Post,
  'id' | 'path' | 'title' | 'description' | 'cover' | 'view_count' | 'created_at'
> & {
  category: { id: string; name: string }
  author: { nick_name: string }
}

/** `/post` and `/pcat/:id`. */
export interface PostListPageData extends PageDataBase, Paging {
  kind: 'post-list'
  /** null on `/post` (all categories). */
  category: PostCategory | null
  categories: PostCategory[]
  rows: PostListItem[]
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
  rows: PostListItem[] | null
}

/** Router path of an article: by its readable path when it has one, else by id. */
export function postPath(post: Pick<Post, 'id' | 'path'>): string {
  return post.path ? `/post-/${encodeURIComponent(post.path)}` : `/post/${encodeURIComponent(post.id)}`
}

/** Router path of an article category. */
export function postCategoryPath(id: string): string {
  return `/pcat/${encodeURIComponent(id)}`
}
