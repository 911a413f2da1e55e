import { LRUCache } from 'lru-cache'
import type { CacheMetrics } from '../../metrics/metrics.ts'
import { type Backoff, DEFAULT_BACKOFF } from '../backoff.ts'
import { createFill } from './config-fill.ts'
import { createRunningLoads } from './config-loads.ts'
import {
  type ConfigCacheLoadContext,
  createFreshness,
  type ConfigEntry,
  type Freshness,
  NOT_FOUND,
  type UNCHANGED,
} from './config-entry.ts'
import { valueBytes } from './entry-bytes.ts'
import { wantsFresh } from './fresh-reads.ts'
import { CACHE_RESULT } from '../../telemetry/attributes.ts'
import { traceLookup } from '../../telemetry/lookup-span.ts'
import type { OpenSpan } from '../../telemetry/trace-runtime.ts'
import { sharedEntries, type SharedCacheLayer } from './shared-entries.ts'

export { NOT_FOUND, UNCHANGED } from './config-entry.ts'

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
  /** The cache's name: its lookups are traced as `load <name>` spans (tracing on). */
  name?: string
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
  /**
   * A soft purge of everything: each value held is kept as stale (answered at once while it is
   * loaded again, but awaited afresh by a render whose page is kept: fresh-reads.ts), each "not
   * found" forgotten; loads already running answer their waiters but are not stored. Answers how
   * many entries it reached.
   */
  markPurged(): number
  /**
   * Forgets everything; loads already running still answer their waiters but are not stored (a
   * purge of everything must not fail the visitors whose pages are loading at that moment).
   */
  clear(): void
  readonly size: number
  /** Bytes held as counted for `maxBytes` (0 without it). */
  readonly bytes: number
}

/**
 * A bounded cache for configuration loaded from the upstream, with request coalescing
 * (one load per key at a time), stale-while-revalidate, and negative caching.
 * A load that fails caches nothing, so the next request tries again.
 */
export function createConfigCache<V, C = undefined, R = V>(options: ConfigCacheOptions<V, C, R>): ConfigCache<V, C> {
  const { ttlMs, staleMs, negativeTtlMs, maxBytes, onError, metrics } = options
  const now = options.now ?? Date.now
  const freshness = createFreshness({ now, ttlMs, staleMs, negativeTtlMs })
  const fill = createFill<V, C, R>({
    load: options.load,
    parse: options.parse ?? ((raw: unknown) => raw as V),
    sizeOf: options.sizeOf ?? valueBytes,
    fingerprintOf: options.fingerprintOf,
    maxBytes,
    ttlMs,
    staleMs,
    negativeTtlMs,
    now,
    freshness,
    sharedStore: options.shared ? sharedEntries(options.shared, onError) : undefined,
    onError,
  })
  const entries = createEntries<V>(options.max, maxBytes, metrics)
  const loads = createRunningLoads<V, C>({
    fill,
    store: entries,
    now,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    random: options.random ?? Math.random,
    onError,
  })
  const lookup = createLookup({ entries, loads, freshness, metrics })
  const name = options.name ?? 'cache'
  const get = (key: string, ...args: CallerArgs<C>) => traceLookup(name, (span) => lookup(span, key, args[0] as C))
  return withControls(get, { entries, loads, freshness, metrics })
}

/** What a lookup and the cache's controls work on: the entries, the loads running, the clock's judgement. */
interface CacheParts<V, C> {
  entries: Entries<V>
  loads: ReturnType<typeof createRunningLoads<V, C>>
  freshness: Freshness
  metrics: CacheMetrics | undefined
}

/** Answers a key from the entries held, fresh or stale, or from a load (its own or one already running). */
function createLookup<V, C>({ entries, loads, freshness, metrics }: CacheParts<V, C>) {
  const { isFresh, isServable } = freshness

  function found(loaded: ConfigEntry<V>): ConfigCacheResult<V> {
    if (loaded.value === NOT_FOUND) return { kind: 'not-found' }
    return { kind: 'found', value: loaded.value, stale: !isFresh(loaded) }
  }

  /** A value loaded since the purge that left `held` stale: the running refresh's, else one of its own. */
  async function loadAfterPurge(key: string, caller: C, held: ConfigEntry<V>): Promise<ConfigEntry<V>> {
    const running = loads.running.get(key)
    if (running?.fresh) return running.promise
    // A background refresh may still answer with the stale value (another instance is loading it).
    const loaded = running === undefined ? undefined : await running.promise.catch(() => undefined)
    if (loaded !== undefined && loaded.purged !== true) return loaded
    const current = loads.running.get(key)
    return (current?.fresh ? current : loads.start(key, caller, entries.get(key) ?? held, true)).promise
  }

  /** The entry held answers: fresh, or stale while a refresh starts; too old, it is dropped (undefined: a miss). */
  function answerHeld(key: string, caller: C, entry: ConfigEntry<V>, looked: Looked): ConfigCacheResult<V> | undefined {
    if (isFresh(entry)) {
      looked('hit')
      return entry.value === NOT_FOUND ? { kind: 'not-found' } : { kind: 'found', value: entry.value, stale: false }
    }
    if (isServable(entry)) {
      looked('stale')
      loads.refreshInBackground(key, caller, entry)
      return { kind: 'found', value: entry.value as V, stale: true }
    }
    // Too old to serve: drop it so an upstream failure now leaves nothing behind.
    entries.delete(key)
    return undefined
  }

  /** A miss: the running load's answer, or a load of its own. */
  async function loadMissing(key: string, caller: C): Promise<ConfigCacheResult<V>> {
    const load = loads.running.get(key) ?? loads.start(key, caller, undefined, wantsFresh())
    const loaded = await load.promise
    if (loaded.purged !== true) return found(loaded)
    // The shared copy a soft purge of everything left stale.
    if (wantsFresh()) return found(await loadAfterPurge(key, caller, loaded))
    loads.refreshInBackground(key, caller, loaded)
    return found(loaded)
  }

  return async function lookup(span: OpenSpan | undefined, key: string, caller: C): Promise<ConfigCacheResult<V>> {
    const looked: Looked = (result) => {
      metrics?.lookup(result)
      span?.set({ [CACHE_RESULT]: result })
    }
    const entry = entries.get(key)
    if (entry?.purged === true && wantsFresh() && isServable(entry)) {
      looked('miss')
      return found(await loadAfterPurge(key, caller, entry))
    }
    const held = entry === undefined ? undefined : answerHeld(key, caller, entry, looked)
    if (held !== undefined) return held
    looked('miss')
    return loadMissing(key, caller)
  }
}

/** Reports how a lookup was answered, to the metrics and the lookup's span. */
type Looked = (result: 'hit' | 'stale' | 'miss') => void

/** The cache as its users see it: `get`, and the peek, purge and size controls over its entries and loads. */
function withControls<V, C>(
  get: ConfigCache<V, C>['get'],
  { entries, loads, freshness, metrics }: CacheParts<V, C>,
): ConfigCache<V, C> {
  const { running } = loads
  return {
    get,
    peek(key) {
      const entry = entries.get(key)
      if (entry === undefined || entry.value === NOT_FOUND || !freshness.isFresh(entry)) return undefined
      metrics?.lookup('hit')
      return entry.value
    },
    delete(key) {
      running.delete(key)
      return entries.delete(key)
    },
    deletePrefix(prefix) {
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key)
      for (const key of [...running.keys()]) if (key.startsWith(prefix)) running.delete(key)
    },
    clear() {
      entries.clear()
      running.clear()
    },
    markPurged() {
      const reached = entries.size
      for (const [key, entry] of entries.entries()) {
        if (entry.value === NOT_FOUND) entries.delete(key)
        else Object.assign(entry, { purged: true, failures: 0, retryAt: 0 })
      }
      running.clear()
      return reached
    },
    get size() {
      return entries.size
    },
    get bytes() {
      return entries.calculatedSize
    },
  }
}

type Entries<V> = ReturnType<typeof createEntries<V>>

/**
 * The bounded entry store, reporting its size, bytes and evictions. Expiry is decided by the cache
 * with the injected clock, so lru-cache only bounds entries (and bytes).
 */
function createEntries<V>(max: number, maxBytes: number | undefined, metrics: CacheMetrics | undefined) {
  const entries = new LRUCache<string, ConfigEntry<V>>({
    max,
    ...(maxBytes !== undefined
      ? { maxSize: Math.max(1, maxBytes), sizeCalculation: (entry: ConfigEntry<V>) => Math.max(1, entry.size) }
      : {}),
    ...(metrics
      ? {
          dispose: (_value: ConfigEntry<V>, _key: string, reason: LRUCache.DisposeReason) =>
            reason === 'evict' && metrics.evicted(),
        }
      : {}),
  })
  metrics?.size(() => entries.size)
  if (maxBytes !== undefined) metrics?.bytes?.(() => entries.calculatedSize)
  return entries
}
