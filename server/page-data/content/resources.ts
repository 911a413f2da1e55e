import type { ResourceCardView, ResourceHotData } from '../../../shared/data/content-data.ts'
import type { AsideKind } from '../../../shared/types.ts'
import type { Resource } from '../../../shared/content-types.ts'
import { asideSchema, resourceListSchema, type ResourceList } from '../../upstream/schemas.ts'
import type { LoaderEnv } from '../loader-env.ts'
import { toHotQuery } from '../../../shared/data/resource-views.ts'
import { safeMediaUrl } from '../../../shared/rules/safe-url.ts'

const DESCRIPTION_MAX = 160

/** A resource as content pages show it: the card fields only, the description cut. */
function toResourceCard(resource: Resource): ResourceCardView {
  const chars = Array.from(resource.description.trim())
  return {
    seoTitle: resource.seo_title,
    title: resource.title,
    description: chars.length > DESCRIPTION_MAX ? `${chars.slice(0, DESCRIPTION_MAX).join('')}…` : chars.join(''),
    image: safeMediaUrl(resource.image),
    category: resource.category.key ? { key: resource.category.key, name: resource.category.name } : null,
    viewCount: resource.view_count,
    updatedAt: resource.updated_at,
  }
}

/** One page of the hot or newest resources (`/v1/resource/list`). Rows without a detail address are dropped. */
export async function loadResourceList(
  env: Pick<LoaderEnv, 'upstream'>,
  kind: 'hot' | 'new',
  pageSize: number,
): Promise<{ cards: ResourceCardView[]; categories: ResourceList['categories'] }> {
  const reply = await env.upstream.data('/v1/resource/list', { kind, page: 1, page_size: pageSize }, resourceListSchema)
  return { cards: reply.rows.filter((row) => row.seo_title !== '').map(toResourceCard), categories: reply.categories }
}

/**
 * Hot searches and hot resources from the aside call, as a promise the page awaits after its shell
 * has streamed. A failure rejects the promise (the page then shows nothing there).
 */
export function loadResourceHot(
  env: Pick<LoaderEnv, 'upstream'>,
  kinds: AsideKind[] = ['search', 'hot'],
): Promise<ResourceHotData> {
  const hot = env.upstream.data('/v1/resource/aside', { kinds }, asideSchema).then((aside) => ({
    hotSearches: (aside.search ?? []).filter((entry) => entry.query.trim() !== '').map(toHotQuery),
    hotResources: (aside.hot ?? []).filter((row) => row.seo_title !== '').map(toResourceCard),
  }))
  hot.catch(() => {})
  return hot
}
