import { LRUCache } from 'lru-cache'
import type { CacheMetrics } from '../metrics/metrics.ts'
import { DEFAULT_BACKOFF, nextRetryAt, type Backoff } from './backoff.ts'
import { notFoundBytes, valueBytes } from './entry-bytes.ts'
import { sharedEntries, type SharedCacheLayer, type SharedEntries, type SharedEntry } from './shared-entries.ts'

/** What a loader returns when the key does not exist upstream; cached for `negativeTtlMs`. */
export const NOT_FOUND: unique symbol = Symbol('not-found')
/** What a loader returns when the answer is the one the cache holds (see `heldFingerprint`): the value is kept, fresh again. */
export const UNCHANGED: unique symbol = Symbol('unchanged')

interface ConfigCacheLoadContext<C> {
  /** Aborted when the load is abandoned by `clear()`. Not tied to any one visitor's request. */
  signal: AbortSignal
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

export type { SharedCacheLayer }

export interface ConfigCacheOptions<V, C = undefined, R = V> {
  /** Answers the raw value (plain JSON when a shared layer is used), NOT_FOUND, or UNCHANGED (see `heldFingerprint`). */
  load: (key: string, context: ConfigCacheLoadContext<C>) => Promise<R | typeof NOT_FOUND | typeof UNCHANGED>
  /**
   * Turns a raw value into the cached one, both fresh from `load` and when read back from the
   * shared store, for the caller whose `get` started the load; throws when its shape is wrong
   * (nothing is cached then). Default: as is.
   */
  parse?: (raw: unknown, key: string, caller: C) => V
  /** How long a value is fresh. */
  ttlMs: number
  /** After `ttlMs`, for how long the old value is still served while a refresh runs. */
  staleMs: number
  /** How long a NOT_FOUND answer is remembered. */
  negativeTtlMs: number
  /** Most entries kept (found and not-found alike); the least recently used go first. */
  max: number
  /**
   * Bound of the bytes held, as the values' JSON text (see `valueBytes`); the least recently used
   * go first. A value larger than the whole bound is served to its callers but not kept.
   */
  maxBytes?: number
  /**
   * The size a loaded raw value is counted at for `maxBytes`, when the loader knows it (the length of
   * the text it was parsed from). Default: `valueBytes`, which serialises the value to measure it.
   */
  sizeOf?: (raw: R) => number
  /** A fingerprint of the answer a loaded raw value came from, handed back to the next load of its key (`heldFingerprint`). */
  fingerprintOf?: (raw: R) => string | undefined
  /** Clock in ms; injectable for tests. */
  now?: () => number
  /** Told about failed background refreshes (the stale value is kept). */
  onError?: (error: unknown, key: string) => void
  /**
   * After a failed background refresh, the next one for that key waits a back-off window that doubles
   * per consecutive failure up to `maxMs` (defaults 1 s and 60 s), with jitter so a fleet of
   * instances does not retry in step. The stale value is served meanwhile.
   */
  backoff?: Backoff
  /** Uniform [0, 1) for the jitter; injectable for tests. */
  random?: () => number
  /** Hits, misses, stale serves, evictions and size. */
  metrics?: CacheMetrics
  /** Instances share loaded values through this layer, so a cold key is loaded by one of them. */
  shared?: SharedCacheLayer
}

/** `caller` may be left out only when the cache's loads need none. */
type CallerArgs<C> = undefined extends C ? [caller?: C] : [caller: C]

type ConfigCacheResult<V> = { kind: 'found'; value: V; stale: boolean } | { kind: 'not-found' }

export interface ConfigCache<V, C = undefined> {
  /** Cached answer for `key`, loading it if needed; `caller` is handed to a load this call starts. */
  get(key: string, ...caller: CallerArgs<C>): Promise<ConfigCacheResult<V>>
  /** The fresh value of `key` held here, if any: no load, no stale copy, counted as a hit. */
  peek(key: string): V | undefined
  /** Forgets `key` (true when it was held); a load already running for it still answers its waiters but is not stored. */
  delete(key: string): boolean
  /** Forgets every key starting with `prefix` (this instance only). */
  deletePrefix(prefix: string): void
  /** Forgets everything and aborts running loads. */
  clear(): void
  readonly size: number
  /** Bytes held as counted for `maxBytes` (0 without it). */
  readonly bytes: number
}

interface Entry<V> {
  value: V | typeof NOT_FOUND
  storedAt: number
  /** Approximate bytes held, for `maxBytes`. */
  size: number
  /** Consecutive failed refreshes, and when the next may start (back-off). */
  failures: number
  retryAt: number
  /** Of the answer the value was parsed from (ConfigCacheOptions.fingerprintOf). */
  fingerprint?: string
}

interface Flight<V> {
  promise: Promise<Entry<V>>
  controller: AbortController
}

/**
 * A bounded cache for configuration loaded from the upstream, with request coalescing
 * (one load per key at a time), stale-while-revalidate, and negative caching.
 * A load that fails caches nothing, so the next request tries again.
 */
export function createConfigCache<V, C = undefined, R = V>(options: ConfigCacheOptions<V, C, R>): ConfigCache<V, C> {
  const { load, ttlMs, staleMs, negativeTtlMs, max, maxBytes, onError, shared, metrics } = options
  const sharedStore = shared ? sharedEntries(shared, onError) : undefined
  const parse = options.parse ?? ((raw: unknown) => raw as V)
  const sizeOf: (raw: R) => number = options.sizeOf ?? valueBytes
  const now = options.now ?? Date.now
  const random = options.random ?? Math.random
  const backoff = options.backoff ?? DEFAULT_BACKOFF
  // Expiry is decided here with the injected clock, so lru-cache only bounds entries (and bytes).
  const entries = new LRUCache<string, Entry<V>>({
    max,
    ...(maxBytes !== undefined
      ? { maxSize: Math.max(1, maxBytes), sizeCalculation: (entry: Entry<V>) => Math.max(1, entry.size) }
      : {}),
    ...(metrics
      ? {
          dispose: (_value: Entry<V>, _key: string, reason: LRUCache.DisposeReason) =>
            reason === 'evict' && metrics.evicted(),
        }
      : {}),
  })
  const flights = new Map<string, Flight<V>>()
  metrics?.size(() => entries.size)
  if (maxBytes !== undefined) metrics?.bytes?.(() => entries.calculatedSize)

  function isFresh(entry: Entry<V>): boolean {
    const age = now() - entry.storedAt
    return entry.value === NOT_FOUND ? age < negativeTtlMs : age < ttlMs
  }

  function isServable(entry: Entry<V>): boolean {
    return entry.value !== NOT_FOUND && now() - entry.storedAt < ttlMs + staleMs
  }

  async function loadHere(
    key: string,
    caller: C,
    signal: AbortSignal,
    known: Entry<V> | undefined,
  ): Promise<{ entry: Entry<V>; raw: unknown }> {
    const held = sharedStore === undefined && known?.value !== NOT_FOUND ? known?.fingerprint : undefined
    const raw = await load(key, {
      signal,
      caller,
      refresh: known !== undefined,
      ...(held !== undefined ? { heldFingerprint: held } : {}),
    })
    const fresh = { storedAt: now(), failures: 0, retryAt: 0 }
    if (raw === UNCHANGED) {
      if (known === undefined || held === undefined)
        throw new Error(`the load of ${key} answered unchanged with nothing held`)
      return { entry: { ...known, ...fresh }, raw }
    }
    if (raw === NOT_FOUND) return { entry: { value: NOT_FOUND, size: notFoundBytes(key), ...fresh }, raw }
    const value = parse(raw, key, caller)
    const fingerprint = options.fingerprintOf?.(raw)
    return {
      entry: {
        value,
        size: maxBytes === undefined ? 0 : key.length + sizeOf(raw),
        ...fresh,
        ...(fingerprint !== undefined ? { fingerprint } : {}),
      },
      raw,
    }
  }

  /** The entry of one read back from the shared store; one of the wrong shape counts as missing. */
  function fromShared(key: string, caller: C, stored: SharedEntry | undefined): Entry<V> | undefined {
    if (stored === undefined) return undefined
    const meta = { storedAt: stored.storedAt, failures: 0, retryAt: 0 }
    if (!stored.found) return { value: NOT_FOUND, size: notFoundBytes(key), ...meta }
    try {
      // Parsed again: the store is a boundary, and another version of the server may have written it.
      return { value: parse(stored.value, key, caller), size: key.length + stored.bytes, ...meta }
    } catch (error) {
      onError?.(error, key)
      return undefined
    }
  }

  function writeShared(store: SharedEntries, key: string, entry: Entry<V>, raw: unknown): Promise<void> | undefined {
    const found = entry.value !== NOT_FOUND
    const keepMs = found ? ttlMs + staleMs : negativeTtlMs
    if (keepMs <= 0) return undefined
    return store.write(
      key,
      found ? { storedAt: entry.storedAt, found, value: raw } : { storedAt: entry.storedAt, found },
      keepMs,
    )
  }

  /**
   * One load of `key`: with a shared layer, a fresh shared value is taken as is; otherwise the
   * instance that wins the lock loads and shares, the others wait for it (and load themselves
   * if it takes too long). `known` is the newest entry this instance already has.
   */
  async function fill(key: string, caller: C, signal: AbortSignal, known: Entry<V> | undefined): Promise<Entry<V>> {
    // With a value to serve meanwhile, this is a background refresh: no visitor waits on it.
    if (!sharedStore) return (await loadHere(key, caller, signal, known)).entry
    const stored = fromShared(key, caller, await sharedStore.read(key))
    if (stored !== undefined && isFresh(stored)) return stored
    let release = await sharedStore.lock(key)
    if (release === null) {
      // Another instance is loading: serve stale when there is something to serve, else wait for it.
      const stale = [stored, known].find((entry) => entry !== undefined && isServable(entry))
      if (stale !== undefined) return stale
      const newest = Math.max(known?.storedAt ?? -Infinity, stored?.storedAt ?? -Infinity)
      const waited = await sharedStore.awaitNewer(key, newest, signal)
      const landed = waited !== undefined && 'entry' in waited ? fromShared(key, caller, waited.entry) : undefined
      if (landed !== undefined) return landed
      release = waited !== undefined && 'release' in waited ? waited.release : null
    }
    try {
      const { entry, raw } = await loadHere(key, caller, signal, known)
      await writeShared(sharedStore, key, entry, raw)
      return entry
    } finally {
      await release?.()
    }
  }

  function startLoad(key: string, caller: C, known: Entry<V> | undefined): Flight<V> {
    const controller = new AbortController()
    const flight: Flight<V> = {
      controller,
      promise: fill(key, caller, controller.signal, known).then(
        (entry) => {
          if (flights.get(key) === flight) {
            flights.delete(key)
            entries.set(key, entry)
          }
          return entry
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

  function refreshInBackground(key: string, caller: C, known: Entry<V>): void {
    if (flights.has(key) || now() < known.retryAt) return
    startLoad(key, caller, known).promise.catch((error: unknown) => {
      known.failures += 1
      known.retryAt = nextRetryAt(known.failures, backoff, now(), random)
      onError?.(error, key)
    })
  }

  async function get(key: string, ...args: CallerArgs<C>): Promise<ConfigCacheResult<V>> {
    const caller = args[0] as C
    const entry = entries.get(key)
    if (entry) {
      if (isFresh(entry)) {
        metrics?.lookup('hit')
        return entry.value === NOT_FOUND ? { kind: 'not-found' } : { kind: 'found', value: entry.value, stale: false }
      }
      if (isServable(entry)) {
        metrics?.lookup('stale')
        refreshInBackground(key, caller, entry)
        return { kind: 'found', value: entry.value as V, stale: true }
      }
      // Too old to serve: drop it so an upstream failure now leaves nothing behind.
      entries.delete(key)
    }
    metrics?.lookup('miss')
    const flight = flights.get(key) ?? startLoad(key, caller, undefined)
    const loaded = await flight.promise
    if (loaded.value === NOT_FOUND) return { kind: 'not-found' }
    return { kind: 'found', value: loaded.value, stale: !isFresh(loaded) }
  }

  return {
    get,
    peek(key) {
      const entry = entries.get(key)
      if (entry === undefined || entry.value === NOT_FOUND || !isFresh(entry)) return undefined
      metrics?.lookup('hit')
      return entry.value
    },
    delete(key) {
      flights.delete(key)
      return entries.delete(key)
    },
    deletePrefix(prefix) {
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key)
      for (const key of [...flights.keys()]) if (key.startsWith(prefix)) flights.delete(key)
    },
    clear() {
      entries.clear()
      for (const flight of flights.values()) flight.controller.abort()
      flights.clear()
    },
    get size() {
      return entries.size
    },
    get bytes() {
      return entries.calculatedSize
    },
  }
}
