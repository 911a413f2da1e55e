import { createHtmlCache, type HtmlCache, type HtmlCacheOptions } from './html-cache.ts'

/**
 * An HTML cache on a clock the test moves: fresh 10 s, then stale 60 s, 1 MiB, and retries of a
 * failing re-render after a back-off without jitter, so each test states only what it changes.
 */
export function createClockedHtmlCache(clock: { time: number }, overrides: Partial<HtmlCacheOptions> = {}): HtmlCache {
  return createHtmlCache({
    ttlMs: 10_000,
    staleMs: 60_000,
    maxBytes: 1024 * 1024,
    now: () => clock.time,
    random: () => 0,
    ...overrides,
  })
}
