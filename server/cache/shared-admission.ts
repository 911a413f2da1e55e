import { createHash } from 'node:crypto'
import type { SharedStore } from './shared-store.ts'

/**
 * Whether a value is worth a place in the shared store. Most addresses of a fleet's long tail, and
 * every address a stranger makes up (a random search term, a cache buster in the path), are asked
 * for once: storing them in Redis costs its memory for their whole lifetime and serves nobody.
 */
export interface SharedAdmission {
  /**
   * True once `key` has been offered before within the window, by any instance: the second offer
   * is admitted. The first leaves a marker of a few dozen bytes that expires with the window. An
   * unreachable store admits nothing (nothing could be written anyway).
   */
  admit(key: string): Promise<boolean>
}

/** Bounds of the window a second offer must fall in: see sharedAdmission. */
const ADMIT_WINDOW_MIN_MS = 60_000
const ADMIT_WINDOW_MAX_MS = 600_000

/**
 * The window of a cache whose values are fresh for `freshMs`: the fresh window, at least a minute
 * (with a short TTL two instances' renders of one page would seldom fall within it) and at most
 * ten minutes (what a marker costs under a flood is rate × window: 100 new addresses a second
 * hold 6,000 markers, about 0.6 MiB).
 */
export function admitWindowMs(freshMs: number): number {
  return Math.min(ADMIT_WINDOW_MAX_MS, Math.max(ADMIT_WINDOW_MIN_MS, freshMs))
}

/**
 * Admission counted by the whole fleet in the shared store: a marker `<prefix>seen:<digest of the
 * key>` set only if absent (the store's lock: SET NX PX). The fleet counts together, so a page two
 * instances render is shared at the second render wherever it happens; a count kept by each
 * instance would need a page's second request to land on the same instance, which behind a load
 * balancer of N instances is one chance in N. The key is a digest, so a marker's size does not
 * depend on how long an address a stranger sends.
 */
export function sharedAdmission({
  store,
  prefix,
  windowMs,
}: {
  store: SharedStore
  prefix: string
  windowMs: number
}): SharedAdmission {
  return {
    async admit(key) {
      const first = await store.lock(seenKey(prefix, key), windowMs)
      // The lock is never released: the marker expires with the window.
      return first === null
    },
  }
}

/** Where the admission marker of `key` lives: outside every tenant's prefix, so no purge drops it. */
function seenKey(prefix: string, key: string): string {
  return `${prefix}seen:${createHash('sha256').update(key).digest('base64url').slice(0, 22)}`
}
