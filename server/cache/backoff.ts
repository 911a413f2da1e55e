/** Back-off of a failing background refresh: the first window and its cap. */
export interface Backoff {
  baseMs: number
  maxMs: number
}

/** The back-off every background refresh uses unless told otherwise: 1 s doubling up to 60 s. */
export const DEFAULT_BACKOFF: Backoff = { baseMs: 1000, maxMs: 60_000 }

/**
 * When the next background refresh of a key may start after `failures` consecutive failures: a
 * window that doubles per failure up to `maxMs`, with "equal jitter" (at least half a window apart,
 * so retries per key stay bounded whatever the dice say, and a fleet does not retry in step).
 * `random` is uniform in [0, 1).
 */
export function nextRetryAt(failures: number, backoff: Backoff, now: number, random: () => number): number {
  const window = Math.min(backoff.maxMs, backoff.baseMs * 2 ** (Math.max(1, failures) - 1))
  return now + window / 2 + random() * (window / 2)
}
