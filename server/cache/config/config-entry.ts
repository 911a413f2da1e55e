/** What a loader returns when the key does not exist upstream; cached for `negativeTtlMs`. */
export const NOT_FOUND: unique symbol = Symbol('not-found')
/** What a loader returns when the answer is the one the cache holds (see `heldFingerprint`): the value is kept, fresh again. */
export const UNCHANGED: unique symbol = Symbol('unchanged')

export interface ConfigCacheLoadContext<C> {
  /** What the `get` call that started this load passed along (e.g. its request headers). */
  caller: C
  /** True for a background refresh while the stale value is served (no visitor waits on it). */
  refresh: boolean
  /**
   * The fingerprint of the answer the value held here was parsed from (see `fingerprintOf`), when
   * there is one: the loader may answer UNCHANGED for an answer of the same bytes, and the value
   * (the same object, with whatever was derived from it) is kept without parsing anything again.
   * Never given with a shared layer, whose entry needs the answer itself.
   */
  heldFingerprint?: string
}

/** One cached value (or "not found") with when it was stored and how its refreshes have gone. */
export interface ConfigEntry<V> {
  value: V | typeof NOT_FOUND
  storedAt: number
  /** Approximate bytes held, for `maxBytes`. */
  size: number
  /** Consecutive failed refreshes, and when the next may start (back-off). */
  failures: number
  retryAt: number
  /** Of the answer the value was parsed from (ConfigCacheOptions.fingerprintOf). */
  fingerprint?: string
  /** Left stale by a soft purge: served while it is loaded again, never fresh, and never to a render that is kept (fresh-reads.ts). */
  purged?: boolean
}

/** How long entries count as fresh and as servable, by the injected clock. */
export interface Freshness {
  /** Within its TTL: a value `ttlMs`, a "not found" `negativeTtlMs`. */
  isFresh(entry: ConfigEntry<unknown>): boolean
  /** A value still within TTL + stale window: served while it is refreshed. A "not found" never is. */
  isServable(entry: ConfigEntry<unknown>): boolean
}

/** The freshness rules of one cache. */
export function createFreshness(clock: {
  now: () => number
  ttlMs: number
  staleMs: number
  negativeTtlMs: number
}): Freshness {
  const { now, ttlMs, staleMs, negativeTtlMs } = clock
  return {
    isFresh(entry) {
      if (entry.purged === true) return false
      const age = now() - entry.storedAt
      return entry.value === NOT_FOUND ? age < negativeTtlMs : age < ttlMs
    },
    isServable(entry) {
      return entry.value !== NOT_FOUND && now() - entry.storedAt < ttlMs + staleMs
    },
  }
}
