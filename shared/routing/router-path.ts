import { routePrefixesOf } from '../rules/show-path.ts'
import type { ShowPath } from '../types.ts'

/**
 * The router path of a content page, or null for types without a content route (resource, ugc_post).
 * `prefix` picks one of the type's prefixes (outline has two); the first is the canonical one.
 */
export function routerPathOf(
  row: Pick<ShowPath, 'page_type' | 'group_path' | 'page_path'>,
  prefix?: string,
): string | null {
  const prefixes = routePrefixesOf(row.page_type)
  const chosen = prefix !== undefined && prefixes.includes(prefix) ? prefix : prefixes[0]
  if (chosen === undefined || row.page_path === '') return null
  const group = row.group_path ? `/${encodeURIComponent(row.group_path)}` : ''
  return `${chosen}${group}/${encodeURIComponent(row.page_path)}`
}
