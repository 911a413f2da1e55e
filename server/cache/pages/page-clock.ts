/**
 * The ages of kept pages on the HTML cache's clock: a page is fresh for `ttlMs` after it was
 * rendered, then stale (still answered while one re-render runs) for `staleMs`, then no more.
 */
export interface PageClock {
  now: () => number
  readonly ttlMs: number
  /** How long a kept page may be answered after it was rendered: fresh, then stale. */
  readonly lifetimeMs: number
  ageMs(page: { storedAt: number }): number
  /** Whole seconds since `page` was rendered, never negative (the `Age` header, RFC 9111 §5.1). */
  ageSeconds(page: { storedAt: number }): number
  /** Fresh: inside its fresh window and not marked stale by a soft purge. */
  isFresh(entry: { page: { storedAt: number }; purged: boolean }): boolean
  /** Inside its fresh or stale window. */
  isServable(page: { storedAt: number }): boolean
}

export function createPageClock({
  ttlMs,
  staleMs,
  now,
}: {
  ttlMs: number
  staleMs: number
  now: () => number
}): PageClock {
  const ageMs = (page: { storedAt: number }) => now() - page.storedAt
  return {
    now,
    ttlMs,
    lifetimeMs: ttlMs + staleMs,
    ageMs,
    ageSeconds: (page) => Math.max(0, Math.floor(ageMs(page) / 1000)),
    isFresh: (entry) => !entry.purged && ageMs(entry.page) < ttlMs,
    isServable: (page) => ageMs(page) < ttlMs + staleMs,
  }
}
