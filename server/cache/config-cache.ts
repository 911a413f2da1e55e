import { LRUCache } from 'lru-cache'
import type { CacheMetrics } from '../metrics/metrics.ts'

/** What a loader returns when the key does not exist upstream; cached for `negativeTtlMs`. */
export const NOT_FOUND: unique symbol = Symbol('not-found')

export interface ConfigCacheLoadContext<C> {
  /** Aborted when the load is abandoned by `clear()`. Not tied to any one visitor's request. */
  signal: AbortSignal
  /** What the `get` call that started this load passed along (e.g. its request headers). */
  caller: C
  /** True for a background refresh while the stale value is served (no visitor waits on it). */
  refresh: boolean
}

export interface ConfigCacheOptions<V, C = undefined> {
  load: (key: string, context: ConfigCacheLoadContext<C>) => Promise<V | typeof NOT_FOUND>
  /** How long a value is fresh. */
  ttlMs: number
  /** After `ttlMs`, for how long the old value is still served while a refresh runs. */
  staleMs: number
  /** How long a NOT_FOUND answer is remembered. */
  negativeTtlMs: number
  /** Most entries kept (found and not-found alike); the least recently used go first. */
  max: number
  /** Clock in ms; injectable for tests. */
  now?: () => number
  /** Told about failed background refreshes (the stale value is kept). */
  onError?: (error: unknown, key: string) => void
  /**
   * After a failed background refresh, the next one for that key waits a back-off window that doubles
   * per consecutive failure up to `maxMs` (defaults 1 s and 60 s), with jitter so a fleet of
   * instances does not retry in step. The stale value is served meanwhile.
   */
  backoff?: { baseMs: number; maxMs: number }
  /** Uniform [0, 1) for the jitter; injectable for tests. */
  random?: () => number
  /** Hits, misses, stale serves, evictions and size. */
  metrics?: CacheMetrics
}

/** `caller` may be left out only when the cache's loads need none. */
export type CallerArgs<C> = undefined extends C ? [caller?: C] : [caller: C]

export type ConfigCacheResult<V> = { kind: 'found'; value: V; stale: boolean } | { kind: 'not-found' }

export interface ConfigCache<V, C = undefined> {
  /** Cached answer for `key`, loading it if needed; `caller` is handed to a load this call starts. */
  get(key: string, ...caller: CallerArgs<C>): Promise<ConfigCacheResult<V>>
  /** Forgets `key`; a load already running for it still answers its waiters but is not stored. */
  delete(key: string): void
  /** Forgets everything and aborts running loads. */
  clear(): void
  readonly size: number
}

interface Entry<V> {
  value: V | typeof NOT_FOUND
  storedAt: number
  /** Consecutive failed refreshes, and when the next may start (back-off). */
  failures: number
  retryAt: number
}

interface Flight<V> {
  promise: Promise<V | typeof NOT_FOUND>
  controller: AbortController
}

/**
 * A bounded cache for configuration loaded from the upstream, with request coalescing
 * (one load per key at a time), stale-while-revalidate, and negative caching.
 * A load that fails caches nothing, so the next request tries again.
 */
export function createConfigCache<V, C = undefined>(options: ConfigCacheOptions<V, C>): ConfigCache<V, C> {
  const { load, ttlMs, staleMs, negativeTtlMs, max, onError, metrics } = options
  const now = options.now ?? Date.now
  const random = options.random ?? Math.random
  const backoff = options.backoff ?? { baseMs: 1000, maxMs: 60_000 }
  // Expiry is decided here with the injected clock, so lru-cache only bounds the number of entries.
  const entries = new LRUCache<string, Entry<V>>({
    max,
    ...(metrics ? { dispose: (_value: Entry<V>, _key: string, reason: LRUCache.DisposeReason) => reason === 'evict' && metrics.evicted() } : {}),
  })
  const flights = new Map<string, Flight<V>>()
  metrics?.size(() => entries.size)

  function startLoad(key: string, caller: C, refresh = false): Flight<V> {
    const controller = new AbortController()
    const flight: Flight<V> = {
      controller,
      promise: load(key, { signal: controller.signal, caller, refresh }).then(
        (value) => {
          if (flights.get(key) === flight) {
            flights.delete(key)
            entries.set(key, { value, storedAt: now(), failures: 0, retryAt: 0 })
          }
          return value
        },
        (error: unknown) => {
          if (flights.get(key) === flight) flights.delete(key)
          throw error
        },
      ),
    }
    flights.set(key, flight)
    return flight
  }

  function refreshInBackground(key: string, entry: Entry<V>, caller: C): void {
    if (flights.has(key) || now() < entry.retryAt) return
    startLoad(key, caller, true).promise.catch((error: unknown) => {
      entry.failures += 1
      const window = Math.min(backoff.maxMs, backoff.baseMs * 2 ** (entry.failures - 1))
      // "Equal jitter": at least half a window apart, so retries per key stay bounded whatever the dice say.
      entry.retryAt = now() + window / 2 + random() * (window / 2)
      onError?.(error, key)
    })
  }

  async function get(key: string, ...args: CallerArgs<C>): Promise<ConfigCacheResult<V>> {
    const caller = args[0] as C
    const entry = entries.get(key)
    if (entry) {
      const age = now() - entry.storedAt
      if (entry.value === NOT_FOUND) {
        if (age < negativeTtlMs) {
          metrics?.lookup('hit')
          return { kind: 'not-found' }
        }
      } else if (age < ttlMs) {
        metrics?.lookup('hit')
        return { kind: 'found', value: entry.value, stale: false }
      } else if (age < ttlMs + staleMs) {
        metrics?.lookup('stale')
        refreshInBackground(key, entry, caller)
        return { kind: 'found', value: entry.value, stale: true }
      }
      // Too old to serve: drop it so an upstream failure now leaves nothing behind.
      entries.delete(key)
    }
    metrics?.lookup('miss')
    const flight = flights.get(key) ?? startLoad(key, caller)
    const value = await flight.promise
    return value === NOT_FOUND ? { kind: 'not-found' } : { kind: 'found', value, stale: false }
  }

  return {
    get,
    delete(key) {
      entries.delete(key)
      flights.delete(key)
    },
    clear() {
      entries.clear()
      for (const flight of flights.values()) flight.controller.abort()
      flights.clear()
    },
    get size() {
      return entries.size
    },
  }
}
