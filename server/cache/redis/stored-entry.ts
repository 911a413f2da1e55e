// How a config cache entry is written to the shared store (Redis), and read back.

/** An entry as the shared store holds it: a value, or the upstream's "no such key". */
export type StoredEntry = { storedAt: number; found: true; value: unknown } | { storedAt: number; found: false }

/** The JSON text of `entry`: `{t, v}` for a value, `{t, nf: 1}` for "no such key". */
export function encodeStoredEntry(entry: StoredEntry): string {
  return JSON.stringify(entry.found ? { t: entry.storedAt, v: entry.value } : { t: entry.storedAt, nf: 1 })
}

/**
 * The entry in `text`, or undefined when it is not one (another version of the server, or junk,
 * may have written the key). Throws when `text` is not JSON.
 */
export function decodeStoredEntry(text: string): StoredEntry | undefined {
  const stored: unknown = JSON.parse(text)
  if (typeof stored !== 'object' || stored === null) return undefined
  const { t, nf, v } = stored as { t?: unknown; nf?: unknown; v?: unknown }
  if (typeof t !== 'number') return undefined
  if (nf === 1) return { storedAt: t, found: false }
  return 'v' in stored ? { storedAt: t, found: true, value: v } : undefined
}
