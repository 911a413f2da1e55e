import type { Category, HotSearch, RankPlatform, Resource, Tag } from '../content-types.ts'
import type { AsideResource, HotQuery, ResourceDetail, ResourceSummary, TagCount, TagLink } from './resource-data.ts'

/**
 * The resource pages' view models: each upstream entity cut at the loader to what its components
 * render. Loader data is serialised into every page and payload (docs/performance.md "Hydration
 * data and page payloads"), so a field no component reads costs bytes, serialising and parsing for
 * nothing.
 */

/** Tags a resource card shows; the detail page lists all of them. */
const CARD_TAGS = 3

/** Characters of a description a card shows, before the ellipsis. */
const CARD_DESCRIPTION_CHARS = 200

/** A tag as a link: its page and its name. */
export function toTagLink({ slug, name }: Tag): TagLink {
  return { slug, name }
}

/** A tag in the list of every tag: its link, name and count (its description is its own page's). */
export function toTagCount({ slug, name, count }: Tag): TagCount {
  return count === undefined ? { slug, name } : { slug, name, count }
}

/** A category as a link; its count is read by the category tabs only, which take the whole list. */
function toCategoryLink({ key, name }: Category): { key: string; name: string } {
  return { key, name }
}

/** A card's view of a resource: link, cover, title, short description, category, first tags and one date. */
export function toResourceSummary(resource: Resource): ResourceSummary {
  const { id, seo_title, title, image, category, tags, created_at, updated_at } = resource
  const chars = Array.from(resource.description)
  const description =
    chars.length > CARD_DESCRIPTION_CHARS ? `${chars.slice(0, CARD_DESCRIPTION_CHARS).join('')}…` : resource.description
  return {
    id,
    seo_title,
    title,
    description,
    ...(image ? { image } : {}),
    category: toCategoryLink(category),
    tags: tags.slice(0, CARD_TAGS).map(toTagLink),
    date: updated_at || created_at,
  }
}

/** The detail page's view of a resource: all it shows, without the counters and keys only the upstream uses. */
export function toResourceDetail(resource: Resource): ResourceDetail {
  const { id, title, description, image, target_urls, view_count, created_at, updated_at, category, tags } = resource
  return {
    id,
    title,
    description,
    ...(image ? { image } : {}),
    view_count,
    created_at,
    updated_at,
    target_urls: target_urls.map(({ target_url, code, pan_type }) => ({
      target_url,
      ...(code ? { code } : {}),
      pan_type,
    })),
    category: toCategoryLink(category),
    tags: tags.map(toTagLink),
  }
}

/** An aside list entry: its link, title and the one counter its list shows (views when ranked, else the date). */
export function toAsideResource(
  { id, seo_title, title, view_count, created_at }: Resource,
  ranked: boolean,
): AsideResource {
  return ranked ? { id, seo_title, title, view_count } : { id, seo_title, title, created_at }
}

/** A hot search as a chip links it: by its query (its count is shown nowhere). */
export function toHotQuery({ query }: HotSearch): HotQuery {
  return { query }
}

/**
 * The ranking's tabs: every platform, the categories of the selected platform only and the tags of
 * the selected category only (the page shows no others; the rest of the tree is left empty).
 */
export function toRankTabs(
  platforms: RankPlatform[],
  platformKey: string | null,
  categoryKey: string | null,
): RankPlatform[] {
  return platforms.map(({ key, name, categories }) => ({
    key,
    name,
    categories:
      key !== platformKey
        ? []
        : categories.map((category) => ({
            key: category.key,
            name: category.name,
            tags: category.key === categoryKey ? category.tags.map((tag) => ({ key: tag.key, name: tag.name })) : [],
          })),
  }))
}
