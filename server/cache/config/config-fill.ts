import { type ConfigCacheLoadContext, type ConfigEntry, type Freshness, NOT_FOUND, UNCHANGED } from './config-entry.ts'
import { notFoundBytes } from './entry-bytes.ts'
import type { Release, SharedEntries, SharedEntry } from './shared-entries.ts'

/** What one cache's loads are made of (see ConfigCacheOptions for each). */
export interface FillDeps<V, C, R> {
  load: (key: string, context: ConfigCacheLoadContext<C>) => Promise<R | typeof NOT_FOUND | typeof UNCHANGED>
  parse: (raw: unknown, key: string, caller: C) => V
  sizeOf: (raw: R) => number
  fingerprintOf: ((raw: R) => string | undefined) | undefined
  maxBytes: number | undefined
  ttlMs: number
  staleMs: number
  negativeTtlMs: number
  now: () => number
  freshness: Freshness
  sharedStore: SharedEntries | undefined
  onError: ((error: unknown, key: string) => void) | undefined
}

/**
 * Loads one key into an entry; `known` is the newest entry this instance already has. `fresh`: the
 * caller waits for a new value (a render after a purge) instead of taking a stale one.
 */
export type Fill<V, C> = (
  key: string,
  caller: C,
  known: ConfigEntry<V> | undefined,
  fresh?: boolean,
) => Promise<ConfigEntry<V>>

/**
 * One load of a key: with a shared layer, a fresh shared value is taken as is; otherwise the
 * instance that wins the lock loads and shares, the others wait for it (and load themselves if it
 * takes too long). Without one, the loader is asked directly.
 */
export function createFill<V, C, R>(deps: FillDeps<V, C, R>): Fill<V, C> {
  const { sharedStore, freshness } = deps
  const loadHere = loadWith(deps)
  const fromShared = readShared(deps)

  /**
   * Another instance holds the load lock: an entry to serve meanwhile (a stale one, unless a fresh
   * one is wanted), the one it lands, or the lock, should it give up (null: load without it).
   */
  async function whileAnotherLoads(
    store: SharedEntries,
    key: string,
    caller: C,
    held: { stored: ConfigEntry<V> | undefined; known: ConfigEntry<V> | undefined; fresh: boolean },
  ): Promise<{ entry: ConfigEntry<V> } | { release: Release | null }> {
    const { stored, known } = held
    const stale = [stored, known].find((entry) => entry !== undefined && freshness.isServable(entry))
    if (stale !== undefined && !held.fresh) return { entry: stale }
    const newest = Math.max(known?.storedAt ?? -Infinity, stored?.storedAt ?? -Infinity)
    const waited = await store.awaitNewer(key, newest)
    const landed = waited !== undefined && 'entry' in waited ? fromShared(key, caller, waited.entry) : undefined
    if (landed !== undefined) return { entry: landed }
    return { release: waited !== undefined && 'release' in waited ? waited.release : null }
  }

  return async function fill(key, caller, known, fresh = false) {
    // With a value to serve meanwhile, this is a background refresh: no visitor waits on it.
    if (!sharedStore) return (await loadHere(key, caller, known)).entry
    const stored = fromShared(key, caller, await sharedStore.read(key))
    if (stored !== undefined && freshness.isFresh(stored)) return stored
    // Left stale by a soft purge of everything: a miss is answered with it at once, and the
    // refresh that answer starts (with it as `known`) loads the new value.
    if (stored?.purged === true && known === undefined && !fresh && freshness.isServable(stored)) return stored
    let release = await sharedStore.lock(key)
    if (release === null) {
      // Another instance is loading: serve stale when there is something to serve, else wait for it.
      const meanwhile = await whileAnotherLoads(sharedStore, key, caller, { stored, known, fresh })
      if ('entry' in meanwhile) return meanwhile.entry
      release = meanwhile.release
    }
    try {
      const { entry, raw } = await loadHere(key, caller, known)
      await writeShared(deps, sharedStore, key, entry, raw)
      return entry
    } finally {
      await release?.()
    }
  }
}

/** Asks the loader on this instance and makes its answer an entry (kept as it was when UNCHANGED). */
function loadWith<V, C, R>(deps: FillDeps<V, C, R>) {
  return async function loadHere(
    key: string,
    caller: C,
    known: ConfigEntry<V> | undefined,
  ): Promise<{ entry: ConfigEntry<V>; raw: unknown }> {
    const held = deps.sharedStore === undefined && known?.value !== NOT_FOUND ? known?.fingerprint : undefined
    const raw = await deps.load(key, {
      caller,
      refresh: known !== undefined,
      ...(held !== undefined ? { heldFingerprint: held } : {}),
    })
    const fresh = { storedAt: deps.now(), failures: 0, retryAt: 0, purged: false }
    if (raw === UNCHANGED) {
      if (known === undefined || held === undefined)
        throw new Error(`the load of ${key} answered unchanged with nothing held`)
      return { entry: { ...known, ...fresh }, raw }
    }
    if (raw === NOT_FOUND) return { entry: { value: NOT_FOUND, size: notFoundBytes(key), ...fresh }, raw }
    const value = deps.parse(raw, key, caller)
    const fingerprint = deps.fingerprintOf?.(raw)
    return {
      entry: {
        value,
        size: deps.maxBytes === undefined ? 0 : key.length + deps.sizeOf(raw),
        ...fresh,
        ...(fingerprint !== undefined ? { fingerprint } : {}),
      },
      raw,
    }
  }
}

/** The entry of one read back from the shared store; one of the wrong shape counts as missing. */
function readShared<V, C, R>(deps: FillDeps<V, C, R>) {
  return function fromShared(key: string, caller: C, stored: SharedEntry | undefined): ConfigEntry<V> | undefined {
    if (stored === undefined) return undefined
    const meta = { storedAt: stored.storedAt, failures: 0, retryAt: 0, ...(stored.purged ? { purged: true } : {}) }
    if (!stored.found) return { value: NOT_FOUND, size: notFoundBytes(key), ...meta }
    try {
      // Parsed again: the store is a boundary, and another version of the server may have written it.
      return { value: deps.parse(stored.value, key, caller), size: key.length + stored.bytes, ...meta }
    } catch (error) {
      deps.onError?.(error, key)
      return undefined
    }
  }
}

/** Shares a loaded entry for as long as it may be served (a "not found" for its negative TTL). */
function writeShared<V>(
  deps: { ttlMs: number; staleMs: number; negativeTtlMs: number },
  store: SharedEntries,
  key: string,
  entry: ConfigEntry<V>,
  raw: unknown,
): Promise<void> | undefined {
  const found = entry.value !== NOT_FOUND
  const lifetimeMs = found ? deps.ttlMs + deps.staleMs : deps.negativeTtlMs
  if (lifetimeMs <= 0) return undefined
  return store.write(
    key,
    found ? { storedAt: entry.storedAt, found, value: raw } : { storedAt: entry.storedAt, found },
    lifetimeMs,
  )
}
