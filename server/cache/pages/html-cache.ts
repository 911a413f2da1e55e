import { DEFAULT_BACKOFF, nextRetryAt, type Backoff } from '../backoff.ts'
import { coversPage, type PurgeScope } from '../purge-scope.ts'
import { admitWindowMs } from '../shared-admission.ts'
import type { SharedStore } from '../shared-store.ts'
import type { CacheMetrics } from '../../metrics/metrics.ts'
import { renewed, type CachedPage } from './cached-page.ts'
import { createPageStore, type Entry } from './page-store.ts'
import {
  captureRender,
  readRender,
  toUsed,
  type Rendered,
  type Rerender,
  type RevalidationOutcome,
  type Used,
} from './read-render.ts'
import { createPurgeLog } from './purge-log.ts'
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
   * it renders; `admitAfter` 2: at the second render in the fleet within the admission window (see
   * shared-pages.ts), 1 (default): at the first.
   */
  shared?: { store: SharedStore; prefix: string; lockMs?: number; admitAfter?: number }
  onError?: (error: unknown, key: string) => void
  /** Hits (waiters on another visitor's render included), stale hits, misses, evictions and size. */
  metrics?: CacheMetrics
  /** Told how each background re-render ended and how long it took. */
  onRevalidated?: (outcome: RevalidationOutcome, seconds: number) => void
  /** Back-off of failing re-renders, the same rule as config refreshes (see backoff.ts). */
  backoff?: Backoff
  random?: () => number
}

/**
 * `kept`: this request's own render, kept, and answered from the kept page as a hit is (counted as
 * a miss): one compression serves both the visitor and the cache.
 */
type HtmlCacheAnswer =
  | { kind: 'hit'; page: CachedPage }
  | { kind: 'kept'; page: CachedPage }
  | { kind: 'rendered'; response: Response }

export interface HtmlCache {
  /** The servable (fresh or stale) cached page of `key` on this instance, if any; nothing is counted or started. */
  peek(key: string): CachedPage | undefined
  /**
   * The servable cached page of `key` on this instance, counted as a hit (or stale hit): for hits
   * answered without `get`. A stale page starts `rerender` in the background (once per key).
   */
  hit(key: string, rerender: Rerender): CachedPage | undefined
  /**
   * The cached page of `key`, or a new render. Concurrent misses of one key share one render;
   * only a complete 200 without Set-Cookie is kept. A stale page is answered at once and
   * `rerender` (default `render`) runs in the background.
   */
  get(key: string, render: () => Promise<Rendered>, rerender?: Rerender): Promise<HtmlCacheAnswer>
  /** Whole seconds since `page` was rendered (the `Age` header, RFC 9111 §5.1). */
  age(page: CachedPage): number
  /** Whether the page of `key` held here is stale: past its fresh window, or marked by a soft purge. */
  isStale(key: string): boolean
  /**
   * Marks stale (soft) or forgets (hard) the pages a purge covers on this instance; renders of them
   * running now (of the whole tenant for a tag purge) are not kept. Answers how many pages, their
   * keys, and the upstream keys they were built from.
   */
  purge(scope: PurgeScope): { pages: number; keys: string[]; uses: string[] }
  /** How long a kept page may be answered after it was rendered: fresh, then stale. */
  readonly lifetimeMs: number
  readonly size: number
  readonly bytes: number
  /** Renders of this instance whose outcome is not settled yet (background re-renders included). */
  readonly inFlight: number
}

interface Flight {
  /** What concurrent waiters get: the page, or null when they must render for themselves. */
  page: Promise<CachedPage | null>
}

/**
 * Whether a re-render's status says the page is no more: gone (404, 410) or moved (a redirect).
 * After a purge such an answer takes the old copy down; a 5xx or a timeout says nothing of the page
 * (the upstream may be down), so the stale copy stays for those.
 */
function isTakedown(status: number): boolean {
  return status === 404 || status === 410 || (status >= 300 && status < 400 && status !== 304)
}

/**
 * How long an instance that found the re-render lock taken waits before looking again: short, since
 * a re-render takes milliseconds and this wait is what an edit takes to reach the instance's
 * visitors; a look is one Redis read, made only when a visitor asks for the page.
 */
const ELSEWHERE_RETRY_MS = 250

/**
 * In-memory cache of rendered anonymous pages, bounded in bytes, with request coalescing and
 * stale-while-revalidate (RFC 5861's idea, inside the server): a page is fresh for `ttlMs`, then
 * answered stale for `staleMs` while one background re-render per key runs (per fleet with a
 * shared store, through its lock). Keys start with the tenant host followed by `:` (see
 * cache-keys.ts), so a tenant purge is a prefix match.
 */
export function createHtmlCache(options: HtmlCacheOptions): HtmlCache {
  const { ttlMs, onError, metrics, onRevalidated } = options
  const staleMs = options.staleMs ?? 0
  const now = options.now ?? Date.now
  const random = options.random ?? Math.random
  const backoff = options.backoff ?? DEFAULT_BACKOFF
  const shared = options.shared
    ? sharedPages({
        ...options.shared,
        now,
        admitMs: options.shared.admitAfter === 2 ? admitWindowMs(ttlMs) : undefined,
        ...(onError ? { onError } : {}),
      })
    : undefined
  const lockMs = options.shared?.lockMs ?? 30_000
  const pages = createPageStore(options.maxBytes, metrics)
  const flights = new Map<string, Flight>()
  const revalidating = new Set<string>()
  const purges = createPurgeLog()

  const ageMs = (page: CachedPage) => now() - page.storedAt
  const isFresh = (entry: Entry) => !entry.purged && ageMs(entry.page) < ttlMs

  /** The entry of `key` while it may be served; one past its stale window is dropped. */
  function servable(key: string): Entry | undefined {
    const entry = pages.get(key)
    if (entry === undefined) return undefined
    if (ageMs(entry.page) < ttlMs + staleMs) return entry
    pages.delete(key)
    return undefined
  }

  /** When a render started: the latest purge here, and its time (a purge recorded in the shared store since then refuses it there). */
  interface Start {
    purge: number
    at: number
  }
  const start = (): Start => ({ purge: purges.current, at: now() })

  /**
   * Stores a page here and, when this instance rendered it, in the shared store: at once when a copy
   * is there already (a re-render of a shared page), else once admitted (see shared-pages.ts). One
   * taken from there stays stale here when a soft purge recorded there covers it.
   */
  function keep(key: string, page: CachedPage, started: Start, how: { uses: Used; share: boolean; purged?: boolean }) {
    if (purges.coversSince(started.purge, key)) return
    const inShared = shared !== undefined && (!how.share || (pages.peek(key)?.inShared ?? false))
    pages.keep(key, page, { uses: how.uses, purged: how.purged ?? false, inShared })
    if (!shared || !how.share) return
    void shared.write(key, page, ttlMs + staleMs - ageMs(page), how.uses, started.at, inShared).then(
      (stored) => {
        const entry = pages.peek(key)
        if (stored && entry?.page === page) entry.inShared = true
      },
      (error: unknown) => onError?.(error, key),
    )
  }

  /** Hands the visitor the render while its body is read aside; keeps the page if it is a complete 200. */
  function capture(
    key: string,
    rendered: Rendered,
    started: Start,
  ): { response: Response; page: Promise<CachedPage | null>; inMemory: boolean } {
    const captured = captureRender(rendered, now)
    const page = captured.page.then(
      (cached) => {
        // Errors, redirects and other statuses are handed to concurrent waiters but never kept.
        if (cached?.status === 200) keep(key, cached, started, { uses: toUsed(rendered.uses), share: true })
        return cached
      },
      (error: unknown) => {
        onError?.(error, key)
        return null
      },
    )
    return { response: captured.response, page, inMemory: captured.inMemory }
  }

  /**
   * A re-render read whole, or null when it must not replace the page (not a complete 200); the page
   * as it stands, fresh again, when the load found the inputs it was rendered from unchanged. A page
   * a purge marked stale is always rendered again: a purge asks for a new render, whatever the data.
   * `gone`: the re-render of a purged page answered that it is no more (see isTakedown).
   */
  async function renderAside(
    rerender: Rerender,
    entry: Entry,
  ): Promise<{ page: CachedPage; uses: Used; unchanged: boolean } | 'gone' | null> {
    const current = entry.page
    const rendered = await rerender(entry.purged ? undefined : current.digest)
    if ('kind' in rendered) return { page: renewed(current, now()), uses: toUsed(rendered.uses), unchanged: true }
    if (entry.purged && isTakedown(rendered.response.status)) {
      await rendered.response.body?.cancel()
      return 'gone'
    }
    const page = await readRender(rendered, now)
    return page === null ? null : { page, uses: toUsed(rendered.uses), unchanged: false }
  }

  /**
   * Takes a page down here and in the shared store, unless a purge since the re-render started
   * covers it (that purge decided already). The next visitor gets what a render answers now.
   */
  async function takeDown(key: string, started: Start): Promise<void> {
    if (purges.coversSince(started.purge, key)) return
    pages.delete(key)
    await shared?.remove(key, now(), ttlMs + staleMs)
  }

  async function revalidation(
    key: string,
    entry: Entry,
    rerender: Rerender,
    started: Start,
  ): Promise<RevalidationOutcome> {
    let release: (() => Promise<void>) | null = null
    if (shared) {
      const stored = await shared.read(key, ttlMs)
      // A copy is there: this re-render replaces it without waiting for admission.
      if (stored !== undefined) entry.inShared = true
      if (stored !== undefined && !stored.purged && stored.page.storedAt > entry.page.storedAt) {
        keep(key, stored.page, started, { uses: stored.uses, share: false })
        return 'shared'
      }
      release = await shared.lock(key, lockMs)
      if (release === null) return 'elsewhere'
    }
    try {
      const done = await renderAside(rerender, entry)
      if (done === null) return 'failed'
      if (done === 'gone') {
        await takeDown(key, started)
        return 'removed'
      }
      keep(key, done.page, started, { uses: done.uses, share: true })
      return done.unchanged ? 'unchanged' : 'rendered'
    } finally {
      await release?.()
    }
  }

  /** Starts the one background re-render of a stale `key`, unless one runs or its back-off holds. */
  function revalidate(key: string, entry: Entry, rerender: Rerender): void {
    if (revalidating.has(key) || now() < entry.retryAt) return
    revalidating.add(key)
    const started = start()
    const startedAtMs = performance.now()
    const failed = (error?: unknown) => {
      entry.failures += 1
      entry.retryAt = nextRetryAt(entry.failures, backoff, now(), random)
      if (error !== undefined) onError?.(error, key)
      return 'failed' as const
    }
    void revalidation(key, entry, rerender, started)
      .then((outcome) => {
        if (outcome === 'failed') failed()
        if (outcome === 'elsewhere') entry.retryAt = now() + ELSEWHERE_RETRY_MS
        return outcome
      }, failed)
      .then((outcome) => {
        revalidating.delete(key)
        onRevalidated?.(outcome, (performance.now() - startedAtMs) / 1000)
      })
  }

  /**
   * Answers a servable entry, counted, starting its re-render when stale. A page that has grown
   * since it was last looked at (the bodies kept for its hits, its better blocks) is counted again.
   */
  function answerCached(key: string, entry: Entry, rerender: Rerender): CachedPage {
    pages.recount(key, entry)
    if (isFresh(entry)) metrics?.lookup('hit')
    else {
      metrics?.lookup('stale')
      revalidate(key, entry, rerender)
    }
    return entry.page
  }

  async function lead(
    key: string,
    render: () => Promise<Rendered>,
    rerender: Rerender,
    settle: (page: CachedPage | null) => void,
  ): Promise<HtmlCacheAnswer> {
    const started = start()
    try {
      const fromShared = await shared?.read(key, ttlMs + staleMs)
      if (fromShared !== undefined) {
        keep(key, fromShared.page, started, { uses: fromShared.uses, share: false, purged: fromShared.purged })
        settle(fromShared.page)
        const entry = pages.get(key)
        return { kind: 'hit', page: entry ? answerCached(key, entry, rerender) : fromShared.page }
      }
      metrics?.lookup('miss')
      const { response, page, inMemory } = capture(key, await render(), started)
      page.then(settle, () => settle(null))
      // A page rendered in one piece is kept before its visitor is answered, from the kept page.
      const kept = inMemory ? await page : null
      return kept === null ? { kind: 'rendered', response } : { kind: 'kept', page: kept }
    } catch (error) {
      settle(null)
      throw error
    }
  }

  async function get(
    key: string,
    render: () => Promise<Rendered>,
    rerender: Rerender = render,
  ): Promise<HtmlCacheAnswer> {
    const entry = servable(key)
    if (entry !== undefined) return { kind: 'hit', page: answerCached(key, entry, rerender) }
    const running = flights.get(key)
    if (running !== undefined) {
      const page = await running.page
      metrics?.lookup(page !== null ? 'hit' : 'miss')
      if (page !== null) return { kind: 'hit', page }
      return { kind: 'rendered', response: (await render()).response }
    }
    let settle!: (page: CachedPage | null) => void
    const flight: Flight = { page: new Promise((resolve) => (settle = resolve)) }
    flights.set(key, flight)
    void flight.page.then(() => {
      if (flights.get(key) === flight) flights.delete(key)
    })
    return lead(key, render, rerender, settle)
  }

  return {
    peek: (key) => servable(key)?.page,
    hit(key, rerender) {
      const entry = servable(key)
      return entry === undefined ? undefined : answerCached(key, entry, rerender)
    },
    get,
    age: (page) => Math.max(0, Math.floor(ageMs(page) / 1000)),
    isStale(key) {
      const entry = pages.get(key)
      return entry !== undefined && !isFresh(entry)
    },
    purge(scope) {
      purges.record(scope)
      const keys: string[] = []
      const uses = new Set<string>()
      for (const [key, entry] of pages.entries()) {
        if (!coversPage(scope, key, entry.uses.tags)) continue
        keys.push(key)
        // A tag purge drops the answers that carried the tag; a page purge all the page was built from.
        const purgedTags = scope.tags
        for (const [used, tags] of entry.uses.keys)
          if (purgedTags === undefined || tags.some((tag) => purgedTags.includes(tag))) uses.add(used)
        if (scope.mode === 'hard') pages.delete(key)
        else Object.assign(entry, { purged: true, failures: 0, retryAt: 0 })
      }
      // A render running now may carry any tag: a tag purge stops keeping every render of the tenant.
      for (const key of [...flights.keys()]) if (coversPage(scope, key, null)) flights.delete(key)
      return { pages: keys.length, keys, uses: [...uses] }
    },
    lifetimeMs: ttlMs + staleMs,
    get size() {
      return pages.size
    },
    get bytes() {
      return pages.bytes
    },
    get inFlight() {
      return flights.size + revalidating.size
    },
  }
}
