import { createHash } from 'node:crypto'
import type { SharedStore } from './shared-store.ts'

/**
 * Whether a value is worth a place in the shared store. Most addresses of a fleet's long tail, and
 * every address a stranger makes up (a random search term, a cache buster in the path), are asked
 * for once or twice in a row: storing them in Redis costs its memory for their whole lifetime and
 * serves nobody.
 */
export interface SharedAdmission {
  /**
   * Admitted when `key` was first offered, by any instance, at least the gap and at most the window
   * before now; otherwise when an offer would be (`from`). The first offer leaves a marker of a few
   * dozen bytes holding its time, which expires with the window. An unreachable store admits
   * nothing (nothing could be written anyway).
   */
  admit(key: string): Promise<{ admitted: true } | { admitted: false; from?: number }>
}

/** Bounds of the window a later offer must fall in: see sharedAdmission. */
const ADMIT_WINDOW_MIN_MS = 60_000
const ADMIT_WINDOW_MAX_MS = 600_000

/** The window and gap of a cache whose values are fresh for `freshMs`. */
export interface AdmitTimes {
  windowMs: number
  gapMs: number
}

/**
 * The admission times of a cache whose values are fresh for `freshMs`. The gap is the fresh time
 * (at most half the window) unless `gapMs` is given (REDIS_ADMIT_GAP_MS): a value still asked for is
 * loaded again once it is no longer fresh, and that load, on any instance, is the later offer. The
 * window is three fresh times, at least a minute and at most ten (what a marker costs under a
 * flood is rate × window: 100 new addresses a second hold 60,000 markers, about 7 MiB, with ten
 * minutes), and at least twice a gap that was given.
 */
export function admitTimes(freshMs: number, gapMs?: number): AdmitTimes {
  const windowMs = Math.min(ADMIT_WINDOW_MAX_MS, Math.max(ADMIT_WINDOW_MIN_MS, 3 * freshMs))
  if (gapMs !== undefined) return { windowMs: Math.max(windowMs, 2 * gapMs), gapMs }
  return { windowMs, gapMs: Math.min(freshMs, windowMs / 2) }
}

/**
 * Admission counted by the whole fleet in the shared store: a marker `<prefix>seen:<digest of the
 * key>` holding the time of the first offer, set only if absent (SET NX GET, one round trip). A
 * later offer is admitted once the gap has passed since: asking for a new address twice in a row,
 * or once on each of two instances, stores nothing, while a value asked for again after it went
 * stale is shared at that load, whichever instance makes it. The fleet counts together: a count
 * kept by each instance would need a page's requests to land on the same instance, which behind a
 * load balancer of N instances is one chance in N. The key is a digest, so a marker's size does not
 * depend on how long an address a stranger sends.
 */
export function sharedAdmission({
  store,
  prefix,
  times,
  now = Date.now,
}: {
  store: SharedStore
  prefix: string
  times: AdmitTimes
  now?: () => number
}): SharedAdmission {
  return {
    async admit(key) {
      const at = now()
      const noted = await store.note(seenKey(prefix, key), at, times.windowMs)
      if (noted === 'unavailable') return { admitted: false }
      // The marker is never renewed: it expires with the window, and an offer after it is a first one.
      // The first offer is never admitted, whatever the gap: with none, the second load is (and a
      // hit on the instance that made the first does not count as one).
      if (noted === 'new') return times.gapMs > 0 ? { admitted: false, from: at + times.gapMs } : { admitted: false }
      return at - noted >= times.gapMs ? { admitted: true } : { admitted: false, from: noted + times.gapMs }
    },
  }
}

/** Where the admission marker of `key` lives: outside every tenant's prefix, so no purge drops it. */
function seenKey(prefix: string, key: string): string {
  return `${prefix}seen:${createHash('sha256').update(key).digest('base64url').slice(0, 22)}`
}
