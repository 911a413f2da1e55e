import { setTimeout as sleep } from 'node:timers/promises'
import { LRUCache } from 'lru-cache'
import { lockKey as lockKeyOf, sharedKey } from '../cache-keys.ts'
import { entryMarks, judgeEntry } from '../purge/purge-marks.ts'
import { type AdmitTimes, sharedAdmission } from '../redis/shared-admission.ts'
import type { SharedStore } from '../redis/shared-store.ts'
import { decodeStoredEntry, encodeStoredEntry, type StoredEntry } from '../redis/stored-entry.ts'

/**
 * A second cache level shared by instances: values travel as JSON under `sharedKey(prefix, key)`,
 * judged by the purge records of their tenant (purge-marks.ts `entryMarks`): a value stored before
 * a purge of its host (or a hard one of everything) reads as missing, before a soft purge of
 * everything as stale, without the purge deleting any key.
 */
export interface SharedCacheLayer {
  store: SharedStore
  /** Prepended to every key in the store (e.g. `ts:`). */
  prefix: string
  /** How long one instance may hold a key's load lock. Default 10 s. */
  lockMs?: number
  /** How long an instance waits for another instance's load before loading itself. Default 2 s. */
  waitMs?: number
  /** Pause between looks while waiting. Default 25 ms. */
  pollMs?: number
  /**
   * When set, a value enters the store only at a load coming the gap after its first load in the
   * fleet, within the window (see shared-admission.ts), or when a copy is there already: a key
   * loaded once or twice in a row (a search term nobody asks for again, an unknown host) leaves a
   * marker of a few dozen bytes instead of its answer.
   */
  admit?: AdmitTimes
  /** The clock admission reads. Default Date.now. */
  now?: () => number
}

/** An entry read from the shared store, with the bytes its text took there; `purged`: left stale by a soft purge of everything. */
export type SharedEntry = StoredEntry & { bytes: number; purged?: boolean }

/** Lets go of a load lock. */
export type Release = () => Promise<void>

/** A config cache's entries in the shared store: read, written, and the load lock around them. */
export interface SharedEntries {
  /** The entry of `key`; anything unreadable counts as missing (and is reported). */
  read(key: string): Promise<SharedEntry | undefined>
  write(key: string, entry: StoredEntry, lifetimeMs: number): Promise<void>
  /** The release of `key`'s load lock, or null when another instance holds it. */
  lock(key: string): Promise<Release | null>
  /**
   * Waits for another instance's load of `key` to land (newer than `after`). Should that instance
   * give up (its lock is released without a value), this one takes over the lock.
   */
  awaitNewer(key: string, after: number): Promise<{ entry: SharedEntry } | { release: Release } | undefined>
}

export function sharedEntries(layer: SharedCacheLayer, onError?: (error: unknown, key: string) => void): SharedEntries {
  const lockMs = layer.lockMs ?? 10_000
  const admission =
    layer.admit === undefined
      ? undefined
      : sharedAdmission({
          store: layer.store,
          prefix: layer.prefix,
          times: layer.admit,
          ...(layer.now ? { now: layer.now } : {}),
        })
  // Keys lately found in the store: their next value replaces the copy there without admission.
  const present = new LRUCache<string, true>({ max: 10_000 })
  async function read(key: string): Promise<SharedEntry | undefined> {
    const found = await layer.store.getMarked(sharedKey(layer.prefix, key), entryMarks(layer.prefix, key))
    const bytes = found.value
    if (bytes === undefined) return undefined
    present.set(key, true)
    try {
      const stored = decodeStoredEntry(bytes.toString('utf8'))
      if (stored === undefined) return undefined
      const judged = judgeEntry(stored.storedAt, found.marks)
      if (judged === 'absent') return undefined
      return { ...stored, bytes: bytes.length, ...(judged === 'stale' ? { purged: true } : {}) }
    } catch (error) {
      onError?.(error, key)
      return undefined
    }
  }
  const lock = (key: string) => layer.store.lock(lockKeyOf(layer.prefix, key), lockMs)
  return {
    read,
    async write(key, entry, lifetimeMs) {
      if (admission !== undefined && !present.has(key) && !(await admission.admit(key)).admitted) return
      // Not written when a purge covering it came at or after its load (it would read as purged anyway).
      await layer.store.setUnlessMarked(sharedKey(layer.prefix, key), encodeStoredEntry(entry), lifetimeMs, {
        marks: entryMarks(layer.prefix, key),
        since: entry.storedAt,
        sets: [],
      })
    },
    lock,
    async awaitNewer(key, after) {
      const waitMs = layer.waitMs ?? 2000
      const pollMs = layer.pollMs ?? 25
      // Counted on the clock: each look takes its own time besides the pause.
      for (const until = performance.now() + waitMs; performance.now() < until; ) {
        await sleep(pollMs, undefined, { ref: false })
        const entry = await read(key)
        if (entry !== undefined && entry.storedAt > after) return { entry }
        const release = await lock(key)
        if (release === null) continue
        // The loader may have shared its value and let the lock go between the read and the lock:
        // that value is taken, not loaded a second time.
        const landed = await read(key)
        if (landed === undefined || landed.storedAt <= after) return { release }
        await release()
        return { entry: landed }
      }
      return undefined
    },
  }
}
