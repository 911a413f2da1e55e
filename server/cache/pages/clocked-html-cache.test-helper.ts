import type { CachedPage } from './cached-page.ts'
import { createHtmlCache, type HtmlCache, type HtmlCacheOptions } from './html-cache.ts'
import type { Rendered, Rerender } from './read-render.ts'
import type { HtmlCacheAnswer } from './render-flights.ts'

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

/** A hit as its answering side takes it: the page looked up, and re-rendered by `rerender` when stale. */
export function hitOf(cache: HtmlCache, key: string, rerender: Rerender): CachedPage | undefined {
  const found = cache.lookup(key)
  if (found?.stale) cache.revalidate(key, rerender)
  return found?.page
}

/** `get` as its answering side takes it: a stale hit is re-rendered by `rerender`. */
export async function getOf(
  cache: HtmlCache,
  key: string,
  render: () => Promise<Rendered>,
  rerender: Rerender,
): Promise<HtmlCacheAnswer> {
  const answer = await cache.get(key, render)
  if (answer.kind === 'hit' && answer.stale) cache.revalidate(key, rerender)
  return answer
}
