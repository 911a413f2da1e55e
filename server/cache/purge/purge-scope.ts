import { parseHtmlKey, tenantKeyPrefix } from '../cache-keys.ts'

/** `soft` marks rendered pages stale (the next visitor gets the old copy while one re-render runs); `hard` drops them. */
type PurgeMode = 'soft' | 'hard'

/** One page's rendered copies: its router pathname (every query of it) in these languages. */
export interface PageTarget {
  languages: string[]
  routerPathname: string
}

/** What a purge covers: one tenant (`host`) or every tenant (`null`), whole or only some of its pages. */
export interface PurgeScope {
  host: string | null
  mode: PurgeMode
  /** Only these pages of `host` (and the upstream answers they were built from); the whole tenant when absent. */
  pages?: PageTarget[]
  /** Only the pages and upstream answers of `host` carrying one of these tags (`site`, `page:<id>`, `resource:<id>`…). */
  tags?: string[]
}

/**
 * Whether a purge covers whole tenants (every tenant, or all of one): such a purge is judged by the
 * tenant's record alone, with nothing to look up per page or tag.
 */
export function isWholePurge(scope: PurgeScope): boolean {
  return scope.host === null || (scope.pages === undefined && scope.tags === undefined)
}

/** What a purge did on one instance. */
export interface PurgeCount {
  /** Rendered pages marked stale (soft) or dropped (hard). */
  pages: number
  /** Upstream answers (site and page configs, page data) dropped. */
  data: number
}

/**
 * Whether a purge covers the rendered page under the HTML cache key `key` with these tags (null:
 * not known yet, as for a render still running: a tag purge covers it).
 */
export function coversPage(scope: PurgeScope, key: string, tags: readonly string[] | null): boolean {
  if (scope.host === null) return true
  if (!key.startsWith(tenantKeyPrefix(scope.host))) return false
  const purgedTags = scope.tags
  if (purgedTags !== undefined) return tags === null || tags.some((tag) => purgedTags.includes(tag))
  return coversHtmlKey(scope, key)
}

/** Whether a purge covers the rendered page under the HTML cache key `key`, judged by the key alone (a tag purge: never). */
export function coversHtmlKey(scope: PurgeScope, key: string): boolean {
  if (scope.host === null) return true
  if (!key.startsWith(tenantKeyPrefix(scope.host))) return false
  if (scope.tags !== undefined) return false
  if (scope.pages === undefined) return true
  const facts = parseHtmlKey(key)
  if (facts === null) return false
  const query = facts.routerPath.indexOf('?')
  const pathname = query === -1 ? facts.routerPath : facts.routerPath.slice(0, query)
  return scope.pages.some((page) => page.routerPathname === pathname && page.languages.includes(facts.language))
}
