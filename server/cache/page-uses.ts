/**
 * What a render read from the upstream, recorded at the data-source layer (tenant-data.ts) so no
 * loader has to: the page-specific upstream cache keys with the purge tags each answer carried,
 * and every tag of the page (`site`, `page:<page_id>`, entities such as `resource:<id>`).
 */
export interface PageUses {
  keys: Map<string, readonly string[]>
  tags: Set<string>
}

export function createPageUses(): PageUses {
  return { keys: new Map(), tags: new Set() }
}

/** Records an upstream answer read under `key` (null: a site-level answer, tagged but never dropped with the page). */
export function recordUse(uses: PageUses | undefined, key: string | null, tags: readonly string[]): void {
  if (uses === undefined) return
  if (key !== null) uses.keys.set(key, tags)
  for (const tag of tags) uses.tags.add(tag)
}
