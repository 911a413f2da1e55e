import type { Post, PostCategory } from '../content-types.ts'
import type { PostListItem, PostSummary } from './post-data.ts'

/**
 * The article pages' view models: each article cut at the loader to what its component renders
 * (loader data is serialised into every page and payload: docs/performance.md "Hydration data and
 * page payloads").
 */

/**
 * The article page's view of an article: not the markdown body (the page gets it as HTML), nor the
 * description (it is the head's, which the server writes).
 */
export function toPostSummary(post: Post): PostSummary {
  const { content: _content, description: _description, category, ...summary } = post
  return { ...summary, category: { id: category.id, name: category.name } }
}

/** A list entry's view of an article: what its link, cover, text and meta line show. */
export function toPostListItem(post: Post): PostListItem {
  const { id, path, title, description, cover, view_count, created_at, category, author } = post
  return {
    id,
    path,
    title,
    description,
    ...(cover ? { cover } : {}),
    view_count,
    created_at,
    category: { id: category.id, name: category.name },
    author: { nick_name: author.nick_name },
  }
}

/** A category in the article sidebar and the editor's list: its link, name and count. */
export function toPostCategoryLink({ id, name, count }: PostCategory): PostCategory {
  return count === undefined ? { id, name } : { id, name, count }
}
