import type { LandPostView } from '../../../shared/data/content-data.ts'
import type { Post } from '../../../shared/content-types.ts'
import { postPageSchema } from '../../upstream/schemas.ts'
import type { LoaderEnv } from '../loader-env.ts'
import { safeMediaUrl } from '../../../shared/rules/safe-url.ts'

/** A post as a card shows it (no body: lists stay light). */
function toPostView(post: Post): LandPostView {
  return {
    id: post.id,
    path: post.path,
    title: post.title,
    description: post.description,
    cover: safeMediaUrl(post.cover),
    createdAt: post.created_at,
  }
}

/** The newest posts, optionally of one category (`/v1/post/list`, first page). */
export async function loadPosts(
  env: Pick<LoaderEnv, 'upstream'>,
  options: { categoryId: string | null; limit: number },
): Promise<{ posts: LandPostView[]; total: number }> {
  const body = { ...(options.categoryId ? { category_id: options.categoryId } : {}), page: 1, page_size: options.limit }
  const reply = await env.upstream.data('/v1/post/list', body, postPageSchema)
  return { posts: reply.rows.map(toPostView), total: reply.total }
}
