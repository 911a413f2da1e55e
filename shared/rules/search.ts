/**
 * Search route and search type (SPEC §2 "/s and /sa … the route is configurable, default s",
 * §3 "search type comes from search_type, or else from fuzzy_matching_switch plus 1").
 */
import type { GlobalConfig, SiteConfig } from '../types.ts'
import { parseLanguage } from './languages.ts'

/** The search route when a site names none or an unusable one (SPEC §9). */
const DEFAULT_SEARCH_ROUTE = 's'

const SEGMENT = /^[A-Za-z0-9_-]+$/

// Single-segment routes of the fixed route table (SPEC §2). A search route with one of these names
// would shadow that page; the router matches case-insensitively, so the comparison does too.
const FIXED_ROUTES = new Set([
  'disclaimer',
  'feedback',
  'goto',
  'links',
  'post',
  'rank',
  'res',
  'res_tags',
  '404',
  '405',
  '500',
  'announcement',
])

type SearchRouteSource = Pick<SiteConfig, 'page_config'> | { page_config?: { global_config?: Partial<GlobalConfig> } }
type SearchTypeSource = Partial<Pick<GlobalConfig, 'search_type' | 'fuzzy_matching_switch'>>

/**
 * The site's search route as one path segment without slashes (`s` → search answers at `/s`).
 * `search_route` is used when it is a single segment of `[A-Za-z0-9_-]` (surrounding slashes are
 * tolerated: `/find` → `find`) that is neither a language code nor a fixed page; otherwise `s`.
 */
export function searchRouteOf(site: SearchRouteSource): string {
  const raw = site.page_config?.global_config?.search_route
  if (typeof raw !== 'string') return DEFAULT_SEARCH_ROUTE
  const segment = raw.trim().replace(/^\/+|\/+$/g, '')
  if (!SEGMENT.test(segment)) return DEFAULT_SEARCH_ROUTE
  if (parseLanguage(segment) !== undefined || FIXED_ROUTES.has(segment.toLowerCase())) return DEFAULT_SEARCH_ROUTE
  return segment
}

/**
 * The search type sent upstream: `search_type` when it is a positive integer, else
 * `fuzzy_matching_switch + 1` (switch 1 → 2; 0, missing or anything else → 1).
 */
export function searchTypeOf(globalConfig: SearchTypeSource | undefined): number {
  const searchType = globalConfig?.search_type
  if (typeof searchType === 'number' && Number.isSafeInteger(searchType) && searchType > 0) return searchType
  return globalConfig?.fuzzy_matching_switch === 1 ? 2 : 1
}
