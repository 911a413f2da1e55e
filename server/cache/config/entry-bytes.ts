/** What the config cache counts each entry at, for its byte bound (CONFIG_CACHE_MAX_BYTES). */

/** What a remembered NOT_FOUND costs: its key and the entry around it. */
export function notFoundBytes(key: string): number {
  return key.length + 64
}

/**
 * The size a value is counted at: the length of its JSON text, i.e. about what the upstream sent.
 * Measured once per load (never per request); the parsed objects take a small multiple of it.
 */
export function valueBytes(raw: unknown): number {
  if (typeof raw === 'string') return raw.length
  return JSON.stringify(raw)?.length ?? 0
}
