import { DEFAULT_BACKOFF, type Backoff } from '../backoff.ts'
import { coversPage, type PurgeScope } from '../purge/purge-scope.ts'
import { admitTimes } from '../redis/shared-admission.ts'
import type { SharedStore } from '../redis/shared-store.ts'
import type { CacheMetrics } from '../../metrics/metrics.ts'
import type { CachedPage } from './cached-page.ts'
import { createPageClock } from './page-clock.ts'
import { createPageTiers } from './page-tiers.ts'
import { createPageRevalidation } from './page-revalidation.ts'
import { createPageStore, type StoredPage, type PageStore } from './page-store.ts'
import { purgedUses } from './purged-uses.ts'
import type { Rendered, Rerender, RevalidationOutcome } from './read-render.ts'
import { createRenderFlights, type HtmlCacheAnswer, type PageLookup } from './render-flights.ts'
import { createPurgeLog } from '../purge/purge-log.ts'
import { sharedPages } from './shared-pages.ts'

export interface HtmlCacheOptions {
  /** How long a rendered page is fresh. */
  ttlMs: number
  /** After `ttlMs`, for how long the page is still served while one background re-render runs. Default 0. */
  staleMs?: number
  /** Bound of the bytes held (identity and compressed variants together). */
  maxBytes: number
  now?: () => number
  /**
   * Rendered pages shared between instances (Redis): read when this instance has none, written when
   * it renders; `admitAfter` 2: at a render coming the admission gap after its first one in the fleet,
   * within the window (see shared-admission.ts), 1 (default): at the first.
   */
  shared?: {
    store: SharedStore
    prefix: string
    lockMs?: number
    admitAfter?: number
    admitGapMs?: number
    /** The build recorded in the pages written (see shared-pages.ts). */
    build?: string
  }
  onError?: (error: unknown, key: string) => void
  /** Hits (waiters on another visitor's render included), stale hits, misses, evictions and size. */
  metrics?: CacheMetrics
  /** Told how each background re-render ended and how long it took. */
  onRevalidated?: (outcome: RevalidationOutcome, seconds: number) => void
  /** Back-off of failing re-renders, the same rule as config refreshes (see backoff.ts). */
  backoff?: Backoff
  random?: () => number
}

export interface HtmlCache {
  /** The servable (fresh or stale) cached page of `key` on this instance, if any; nothing is counted or started. */
  peek(key: string): CachedPage | undefined
  /**
   * The servable cached page of `key` on this instance, its age and whether it is stale, counted as
   * a hit (or stale hit): for hits answered without `get`. A stale page is the caller's to
   * `revalidate`.
   */
  lookup(key: string): PageLookup | undefined
  /**
   * The cached page of `key`, or a new render. Concurrent misses of one key share one render;
   * only a complete 200 without Set-Cookie is stored. A stale page is answered at once (and is the
   * caller's to `revalidate`).
   */
  get(key: string, render: () => Promise<Rendered>): Promise<HtmlCacheAnswer>
  /**
   * Starts the background re-render of the page of `key` a lookup found stale (once per key, per
   * fleet with a shared store, unless its back-off holds).
   */
  revalidate(key: string, rerender: Rerender): void
  /** Whether the page of `key` held here is stale: past its fresh window, or marked by a soft purge (for observers). */
  isStale(key: string): boolean
  /**
   * Marks stale (soft) or forgets (hard) the pages a purge covers on this instance; renders of them
   * running now (of the whole tenant for a tag purge) are not stored. Answers how many pages, their
   * keys, and the upstream keys they were built from.
   */
  purge(scope: PurgeScope): { pages: number; keys: string[]; uses: string[] }
  /** Purges applied here so far: decisions remembered beside the cache are taken again after one (routes/page-view-memo.ts). */
  readonly purges: number
  /** How long a stored page may be answered after it was rendered: fresh, then stale. */
  readonly lifetimeMs: number
  /** How long a stored page is fresh after it was rendered (unless purged). */
  readonly freshMs: number
  readonly size: number
  readonly bytes: number
  /** Renders of this instance whose outcome is not settled yet (background re-renders included). */
  readonly inFlight: number
  /**
   * Stored pages whose write to the shared store has not been answered yet: it lands after the render
   * has settled, so whoever reads the store after this instance's renders waits for both.
   */
  readonly sharing: number
}

/**
 * In-memory cache of rendered anonymous pages, bounded in bytes, with request coalescing and
 * stale-while-revalidate (RFC 5861's idea, inside the server): a page is fresh for `ttlMs`, then
 * answered stale for `staleMs` while one background re-render per key runs (per fleet with a
 * shared store, through its lock). Keys start with the tenant host followed by `:` (see
 * cache-keys.ts), so a tenant purge is a prefix match.
 *
 * Its parts: the page store (page-store.ts) and its clock (page-clock.ts); the two tiers that store a
 * page here and in the shared store (page-tiers.ts), judged by the purge log (purge-log.ts); the
 * renders of misses running now (render-flights.ts); the background re-renders of stale pages
 * (page-revalidation.ts).
 */
export function createHtmlCache(options: HtmlCacheOptions): HtmlCache {
  const { metrics, onError } = options
  const clock = createPageClock({ ttlMs: options.ttlMs, staleMs: options.staleMs ?? 0, now: options.now ?? Date.now })
  const shared = sharedPagesOf(options, clock.now)
  const pages = createPageStore(options.maxBytes, metrics)
  const purges = createPurgeLog()
  const tiers = createPageTiers({ pages, purges, shared, clock, onError })
  const revalidation = createPageRevalidation({
    tiers,
    shared,
    lockMs: options.shared?.lockMs ?? 30_000,
    clock,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    random: options.random ?? Math.random,
    onError,
    onRevalidated: options.onRevalidated,
  })

  /** The entry of `key` while it may be served; one past its stale window is dropped. */
  function servable(key: string): StoredPage | undefined {
    const entry = pages.get(key)
    if (entry === undefined) return undefined
    if (clock.isServable(entry.page)) return entry
    pages.delete(key)
    return undefined
  }

  /**
   * A servable entry as a lookup finds it, counted: fresh or stale is decided here, once. A page
   * that has grown since it was last looked at (the bodies held for its hits, its better blocks)
   * is counted again.
   */
  function held(key: string, entry: StoredPage): PageLookup {
    pages.recount(key, entry)
    const fresh = clock.isFresh(entry)
    if (fresh) {
      metrics?.lookup('hit')
      tiers.offerAgain(key, entry)
    } else metrics?.lookup('stale')
    return { page: entry.page, age: clock.ageSeconds(entry.page), stale: !fresh }
  }

  let purgesApplied = 0
  const flights = createRenderFlights({ pages, tiers, shared, clock, metrics, onError, held })

  return {
    peek: (key) => servable(key)?.page,
    lookup(key) {
      const entry = servable(key)
      return entry === undefined ? undefined : held(key, entry)
    },
    get(key, render) {
      const entry = servable(key)
      if (entry !== undefined) return Promise.resolve({ kind: 'hit', ...held(key, entry) })
      return flights.answer(key, render)
    },
    revalidate(key, rerender) {
      const entry = pages.get(key)
      if (entry !== undefined) revalidation.revalidate(key, entry, rerender)
    },
    isStale(key) {
      const entry = pages.get(key)
      return entry !== undefined && !clock.isFresh(entry)
    },
    purge(scope) {
      purgesApplied += 1
      purges.record(scope)
      const purged = purgeHeld(pages, scope)
      flights.forget(scope)
      return purged
    },
    get purges() {
      return purgesApplied
    },
    lifetimeMs: clock.lifetimeMs,
    freshMs: clock.ttlMs,
    get size() {
      return pages.size
    },
    get bytes() {
      return pages.bytes
    },
    get inFlight() {
      return flights.size + revalidation.running
    },
    get sharing() {
      return tiers.writing
    },
  }
}

/** The shared store's pages, when the cache has one (see shared-pages.ts). */
function sharedPagesOf(options: HtmlCacheOptions, now: () => number) {
  const { shared, ttlMs, onError } = options
  if (shared === undefined) return undefined
  return sharedPages({
    ...shared,
    now,
    admit: shared.admitAfter === 2 ? admitTimes(ttlMs, shared.admitGapMs) : undefined,
    ...(onError ? { onError } : {}),
  })
}

/** Marks stale (soft) or forgets (hard) the pages held here that `scope` covers. */
function purgeHeld(pages: PageStore, scope: PurgeScope): { pages: number; keys: string[]; uses: string[] } {
  const keys: string[] = []
  const uses = new Set<string>()
  for (const [key, entry] of pages.entries()) {
    if (!coversPage(scope, key, entry.uses.tags)) continue
    keys.push(key)
    for (const used of purgedUses(scope, entry.uses)) uses.add(used)
    if (scope.mode === 'hard') pages.delete(key)
    else Object.assign(entry, { purged: true, failures: 0, retryAt: 0 })
  }
  return { pages: keys.length, keys, uses: [...uses] }
}
