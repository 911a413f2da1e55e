/**
 * Validation of content routes against the site's show_path rows (SPEC §5 "a route validation that
 * fails gives a 404", API.md "route prefix by page type").
 */
import type { PageType, ShowPath } from '../types.ts'

const ROUTE_PREFIXES: Readonly<Record<PageType, readonly string[]>> = {
  nav: ['/nav'],
  custom: ['/c'],
  land: ['/l'],
  rss: ['/sp'],
  ai: ['/sp'],
  list: ['/sp'],
  outline: ['/doc', '/doc_'],
  // Resource and user-post pages have routes of their own (SPEC §2), not a content prefix.
  resource: [],
  ugc_post: [],
}

/** Route prefixes under which a page of this type may be shown (`outline` → `['/doc', '/doc_']`). */
export function routePrefixesOf(pageType: PageType): readonly string[] {
  return Object.hasOwn(ROUTE_PREFIXES, pageType) ? ROUTE_PREFIXES[pageType] : []
}

/** What a content route asks for: its prefix and the group and page segments (router params, decoded). */
export interface ShowPathQuery {
  /** The route prefix, e.g. `/c`, `/doc_`. */
  prefix: string
  /** The group segment; absent or `''` when the route has none. */
  groupPath?: string | undefined
  pagePath: string
}

/**
 * The row a content route shows, or `undefined` (→ 404): same page_path and group_path (`''` when
 * absent), and a page_type allowed under the prefix. When several rows fit, the first one wins.
 */
export function findShowPath(rows: readonly ShowPath[], query: ShowPathQuery): ShowPath | undefined {
  const group = query.groupPath ?? ''
  return rows.find(
    (row) =>
      row.page_path === query.pagePath &&
      (row.group_path ?? '') === group &&
      routePrefixesOf(row.page_type).includes(query.prefix),
  )
}
