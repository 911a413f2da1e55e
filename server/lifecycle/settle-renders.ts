import { setTimeout as sleep } from 'node:timers/promises'
import type { HtmlCache } from '../cache/pages/html-cache.ts'

/**
 * Waits, for at most `withinMs`, until the renders running here (background re-renders among them)
 * have settled and the pages they kept have been written to the shared store: at shutdown, a page
 * rendered in the last moments of the drain then reaches the fleet instead of being cut with the
 * Redis connection. Answers whether everything settled in time. Polled: the counts are the cache's
 * own, and a shutdown can spare a few milliseconds.
 */
export async function settleRenders(
  cache: Pick<HtmlCache, 'inFlight' | 'sharing'>,
  withinMs: number,
  pollMs = 10,
): Promise<boolean> {
  const until = performance.now() + withinMs
  while (cache.inFlight + cache.sharing > 0) {
    if (performance.now() >= until) return false
    await sleep(pollMs)
  }
  return true
}
