/**
 * JSON with object keys sorted at every depth, so bodies that differ only in key order share a cache key.
 * Values JSON cannot represent are treated as JSON.stringify treats them.
 */
export function stableStringify(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'undefined'
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (typeof value !== 'object' || value === null) return value
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value
  // A null prototype keeps a "__proto__" key as plain data.
  const sorted: Record<string, unknown> = Object.create(null)
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key])
  return sorted
}
