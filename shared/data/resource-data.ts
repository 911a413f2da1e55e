import type { AsideKind } from '../types.ts'
import type { Category, Contact, RankPlatform, RankRow, Resource, Tag } from '../content-types.ts'
import type { ListItemView } from './content-data.ts'
import type { PageDataBase } from './page-head.ts'

/**
 * Page data of the resource pages: search, detail, lists, rankings and tags (SPEC §2). Loaders on
 * the server build these from the upstream replies (API.md "Calls the spec leaves out").
 */

/** A tag as cards, asides and the detail page link it. */
export interface TagLink {
  slug: string
  name: string
}

/** A tag as the list of every tag shows it (shared/data/resource-views.ts toTagCount). */
export interface TagCount extends TagLink {
  count?: number
}

/**
 * What a card in a grid shows of a resource (shared/data/resource-views.ts toResourceSummary): links
 * and counters stay on the detail page, and nothing more goes into the hydration data and payloads.
 */
export interface ResourceSummary {
  id: string
  seo_title: string
  title: string
  /** Cut to the card's length. */
  description: string
  image?: string
  category: { key: string; name: string }
  /** The first few (CARD_TAGS). */
  tags: TagLink[]
  /** Last change, else publication (Unix seconds; 0 when unknown). */
  date: number
}

/**
 * What the aside's link lists show of a resource: its link, title and one counter, views in the
 * ranked list, the date in the newest (cards' images and descriptions would triple the aside).
 */
export type AsideResource = Pick<Resource, 'id' | 'seo_title' | 'title'> &
  Partial<Pick<Resource, 'view_count' | 'created_at'>>

/** A hot search as its chip links it (shared/data/resource-views.ts toHotQuery). */
export interface HotQuery {
  query: string
}

/** One block of the aside, in the order the site configured; an empty label means "use the default name". */
export interface AsideSection {
  kind: AsideKind
  label: string
}

/** The aside's content, streamed after the page shell. */
export interface AsideData {
  search: HotQuery[]
  hot: AsideResource[]
  newest: AsideResource[]
  res_tag: TagLink[]
  contact: Contact | null
}

/** Fields every resource page has: the aside's layout at once, its content later. */
export interface ResourcePageBase extends PageDataBase {
  asideSections: AsideSection[]
  /** Deferred: rendered with Suspense + Await; may reject (then the aside shows nothing). */
  aside: Promise<AsideData>
}

/** A 1-based page of results. */
export interface Paging {
  page: number
  pageSize: number
  total: number
}

/** `/s`, `/sa`: search results, or the prompt when there is no query. */
export interface SearchPageData extends ResourcePageBase, Paging {
  kind: 'search'
  query: string
  category: string | null
  panType: string | null
  /** null when the query is empty (no upstream search was made). */
  rows: ResourceSummary[] | null
  /** The site's pages that match, shown beside the resources (first results page only). */
  pages: ListItemView[]
}

/** What the detail page shows of a resource (shared/data/resource-views.ts toResourceDetail). */
export type ResourceDetail = Pick<
  Resource,
  'id' | 'title' | 'description' | 'image' | 'target_urls' | 'view_count' | 'created_at' | 'updated_at'
> & {
  category: { key: string; name: string }
  tags: TagLink[]
}

/** `/d/:id`. */
export interface DetailPageData extends ResourcePageBase {
  kind: 'detail'
  resource: ResourceDetail
  recommend: ResourceSummary[]
  /** The site's drive accounts for "save to my drive" (`transfer_save_config`); empty: not offered. */
  transferCookies: string[]
}

/** `/res…`: the newest or hottest resources, optionally of one category. */
export interface ResListPageData extends ResourcePageBase, Paging {
  kind: 'res-list'
  list: 'new' | 'hot'
  category: Category | null
  categories: Category[]
  rows: ResourceSummary[]
}

/** `/rank…`: a ranking of one platform, optionally narrowed to a category and a tag. */
export interface RankPageData extends ResourcePageBase {
  kind: 'rank'
  /** Every platform; categories of the selected one only, tags of the selected category only (toRankTabs). */
  platforms: RankPlatform[]
  /** The keys shown as selected; platform falls back to the first one on `/rank`. */
  platform: string | null
  category: string | null
  tag: string | null
  rows: RankRow[]
}

/** `/res_tags`: every tag. */
export interface TagsPageData extends ResourcePageBase, Paging {
  kind: 'tags'
  tags: TagCount[]
}

/** `/res_tags/:tag`: one tag and its resources. */
export interface TagPageData extends ResourcePageBase, Paging {
  kind: 'tag'
  tag: Tag
  rows: ResourceSummary[]
}

/** Router path of a resource's detail page. */
export function detailPath(seoTitle: string): string {
  return `/d/${encodeURIComponent(seoTitle)}`
}

/** Router path of a ranking; the spec's `/rank_x/…` form is `/rank_/x/…` to the router. */
export function rankPath(...keys: string[]): string {
  return `/rank_/${keys.map((key) => encodeURIComponent(key)).join('/')}`
}

/** Router path of a tag's page. */
export function tagPath(slug: string): string {
  return `/res_tags/${encodeURIComponent(slug)}`
}

/** Router path of the newest resources of a category. */
export function categoryPath(key: string, list: 'new' | 'hot' = 'new'): string {
  return `/res/${list}/${encodeURIComponent(key)}`
}

/** Router path of a search for `query`. */
export function searchPath(query: string): string {
  return `/s?query=${encodeURIComponent(query)}`
}
