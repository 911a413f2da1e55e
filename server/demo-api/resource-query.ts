import type { Category, HotSearch, Resource, Tag } from '../../shared/content-types.ts'
import type { DemoTenant } from './tenant.ts'

/**
 * How the demo interprets `search_type` (the contract names the values, not their meaning):
 * - 1, "exact": the whole query (trimmed, case-insensitive) appears as one piece in the title, the description
 *   or a tag name.
 * - 2, "fuzzy": the query is split on blanks and every term must appear somewhere; a term of three or more
 *   characters also matches when its characters appear in order in the title ("思源黑" finds "思源黑体 全字重").
 * Title matches rank first, then the most popular. An empty query lists everything, most popular first.
 */
export type SearchType = 1 | 2

function isSubsequence(term: string, text: string): boolean {
  let at = 0
  for (const char of text) {
    if (char === term[at]) at++
    if (at === term.length) return true
  }
  return false
}

function haystack(resource: Resource): string {
  return [resource.title, resource.description, ...resource.tags.map((t) => t.name)].join('\n').toLowerCase()
}

/** 2 when the title matches, 1 when only other fields match, 0 when the resource does not match. */
export function matchScore(resource: Resource, query: string, type: SearchType): number {
  const needle = query.trim().toLowerCase()
  if (needle === '') return 1
  const title = resource.title.toLowerCase()
  if (type === 1) {
    if (title.includes(needle)) return 2
    return haystack(resource).includes(needle) ? 1 : 0
  }
  const terms = needle.split(/\s+/)
  const all = haystack(resource)
  let titleHits = 0
  for (const term of terms) {
    const inTitle = title.includes(term) || ([...term].length >= 3 && isSubsequence(term, title))
    if (inTitle) titleHits++
    else if (!all.includes(term)) return 0
  }
  return titleHits === terms.length ? 2 : 1
}

export interface SearchFilter {
  query: string
  type: SearchType
  category?: string
  panType?: string
}

export function searchResources(resources: readonly Resource[], filter: SearchFilter): Resource[] {
  return resources
    .filter((r) => !filter.category || r.category.key === filter.category)
    .filter(
      (r) =>
        !filter.panType || r.pan_type === filter.panType || r.target_urls.some((u) => u.pan_type === filter.panType),
    )
    .map((resource) => ({ resource, score: matchScore(resource, filter.query, filter.type) }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || b.resource.hot_count - a.resource.hot_count)
    .map((hit) => hit.resource)
}

/** The site's search type: search_type if set, else fuzzy_matching_switch + 1 (SPEC §3). */
export function defaultSearchType(tenant: DemoTenant): SearchType {
  const global = tenant.site.page_config.global_config
  const type = global.search_type ?? (global.fuzzy_matching_switch ?? 0) + 1
  return type === 1 ? 1 : 2
}

export function categoriesWithCounts(tenant: DemoTenant): Category[] {
  return tenant.categories.map((c) => ({
    ...c,
    count: tenant.resources.filter((r) => r.category.key === c.key).length,
  }))
}

export function tagsWithCounts(tenant: DemoTenant): Tag[] {
  return tenant.tags
    .map((t) => ({ ...t, count: tenant.resources.filter((r) => r.tags.some((rt) => rt.slug === t.slug)).length }))
    .sort((a, b) => b.count - a.count)
}

/** Resources of the same category, the most shared tags first. */
export function recommendationsFor(tenant: DemoTenant, resource: Resource, limit = 6): Resource[] {
  const tags = new Set(resource.tags.map((t) => t.slug))
  return tenant.resources
    .filter((r) => r.id !== resource.id && r.category.key === resource.category.key)
    .map((r) => ({ r, shared: r.tags.filter((t) => tags.has(t.slug)).length }))
    .sort((a, b) => b.shared - a.shared || b.r.hot_count - a.r.hot_count)
    .slice(0, limit)
    .map(({ r }) => r)
}

/** Counts a search so that the "hot searches" aside reflects what visitors look for. */
export function recordSearch(hotSearches: HotSearch[], query: string): void {
  const trimmed = query.trim()
  if (trimmed === '' || trimmed.length > 40) return
  const row = hotSearches.find((h) => h.query.toLowerCase() === trimmed.toLowerCase())
  if (row) row.count += 1
  else hotSearches.push({ query: trimmed, count: 1 })
}
