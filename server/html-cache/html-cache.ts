import { LRUCache } from 'lru-cache'
import { z } from 'zod'
import type { SharedStore } from '../cache/shared-store.ts'
import type { CacheMetrics } from '../metrics/metrics.ts'
import { wholeBodyOf } from '../http/whole-body.ts'
import { toCachedPage, toPageSnapshot, toSnapshot, type CachedPage, type PageSnapshot } from './cached-page.ts'

export interface HtmlCacheOptions {
  /** How long a rendered page is served from the cache. */
  ttlMs: number
  /** Bound of the bytes held (identity and compressed variants together). */
  maxBytes: number
  now?: () => number
  /** Rendered pages shared between instances (Redis): read when this instance has none, written when it renders. */
  shared?: { store: SharedStore; prefix: string }
  onError?: (error: unknown, key: string) => void
  /** Hits (waiters on another visitor's render included), misses, evictions and size. */
  metrics?: CacheMetrics
}

/** A fresh render, as the HTML cache needs it. */
export interface Rendered {
  response: Response
  /**
   * Settles once the body is complete: true when nothing went wrong (no render error, not cut
   * short by the timeout or a departing visitor). Only then may the page be kept.
   */
  complete: Promise<boolean>
  /** The nonce the page was rendered with, replaced by a fresh one on each hit. */
  nonce: string | undefined
  /** The page's route name (metrics), kept with it. */
  routeName: string
}

/**
 * `kept`: this request's own render, kept, and answered from the kept page as a hit is (counted as
 * a miss): one compression serves both the visitor and the cache.
 */
type HtmlCacheAnswer = { kind: 'hit'; page: CachedPage } | { kind: 'kept'; page: CachedPage } | { kind: 'rendered'; response: Response }

export interface HtmlCache {
  /** The fresh cached page of `key` on this instance, if any. */
  peek(key: string): CachedPage | undefined
  /** `peek`, counted as a hit when there is a page: for hits answered without `get`. */
  hit(key: string): CachedPage | undefined
  /**
   * The cached page of `key`, or a new render. Concurrent misses of one key share one render;
   * only a complete 200 without Set-Cookie is kept.
   */
  get(key: string, render: () => Promise<Rendered>): Promise<HtmlCacheAnswer>
  /** Forgets one tenant's pages (`host`), or all (`null`), on this instance; renders running now are not kept. */
  purge(host: string | null): void
  /** How long a kept page may be answered after it was rendered. */
  readonly lifetimeMs: number
  readonly size: number
  readonly bytes: number
  /** Renders of this instance whose outcome is not settled yet. */
  readonly inFlight: number
}

interface Flight {
  /** What concurrent waiters get: the page, or null when they must render for themselves. */
  page: Promise<CachedPage | null>
}

/**
 * In-memory cache of rendered anonymous pages, bounded in bytes, with request coalescing.
 * Keys start with the tenant host followed by `:` (see htmlCacheKey), so a tenant purge is a
 * prefix match.
 */
export function createHtmlCache(options: HtmlCacheOptions): HtmlCache {
  const { ttlMs, shared, onError, metrics } = options
  const now = options.now ?? Date.now
  const pages = new LRUCache<string, CachedPage>({
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (page) => Math.max(1, page.size),
    ...(metrics ? { dispose: (_page: CachedPage, _key: string, reason: LRUCache.DisposeReason) => reason === 'evict' && metrics.evicted() } : {}),
  })
  metrics?.size(() => pages.size)
  metrics?.bytes?.(() => pages.calculatedSize)
  const flights = new Map<string, Flight>()
  // Bumped by every purge: a render that started before it is not kept.
  let generation = 0

  function peek(key: string): CachedPage | undefined {
    const page = pages.get(key)
    if (page === undefined) return undefined
    if (now() - page.storedAt < ttlMs) return page
    pages.delete(key)
    return undefined
  }

  async function readShared(key: string): Promise<CachedPage | undefined> {
    if (!shared) return undefined
    const bytes = await shared.store.get(shared.prefix + key)
    if (bytes === undefined) return undefined
    try {
      const snapshot = parseSnapshot(JSON.parse(bytes.toString('utf8')))
      if (snapshot === undefined || now() - snapshot.storedAt >= ttlMs) return undefined
      return await toCachedPage(snapshot)
    } catch (error) {
      onError?.(error, key)
      return undefined
    }
  }

  /** Stores a page here and, unless it came from there, in the shared store. */
  function keep(key: string, page: CachedPage, startedIn: number, share = true) {
    if (startedIn !== generation) return
    pages.set(key, page)
    if (shared && share) {
      const remainingMs = ttlMs - (now() - page.storedAt)
      if (remainingMs > 0) void shared.store.set(shared.prefix + key, JSON.stringify(toPageSnapshot(page)), remainingMs)
    }
  }

  /** Reads the whole body (a streamed one aside, without holding up the visitor) and decides what to keep. */
  function capture(key: string, rendered: Rendered, startedIn: number): { response: Response; page: Promise<CachedPage | null>; inMemory: boolean } {
    const { response } = rendered
    if (response.headers.has('set-cookie')) return { response, page: Promise.resolve(null), inMemory: false }
    const whole = wholeBodyOf(response)
    // A page rendered in one piece is read from memory; a streamed one is read aside as it goes.
    let forVisitor: Response = response
    let cacheBody: Promise<Buffer>
    if (whole !== undefined) cacheBody = Promise.resolve(Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength))
    else if (response.body === null) return { response, page: Promise.resolve(null), inMemory: false }
    else {
      const [visitorStream, forCache] = response.body.tee()
      forVisitor = new Response(visitorStream, { status: response.status, headers: response.headers })
      cacheBody = new Response(forCache).arrayBuffer().then((bytes) => Buffer.from(bytes))
    }
    const page = (async () => {
      const body = await cacheBody
      if (!(await rendered.complete)) return null
      const cached = await toCachedPage(toSnapshot(response, body, rendered, now()))
      // Errors, redirects and other statuses are handed to concurrent waiters but never kept.
      if (cached.status === 200) keep(key, cached, startedIn)
      return cached
    })().catch((error: unknown) => {
      onError?.(error, key)
      return null
    })
    return { response: forVisitor, page, inMemory: whole !== undefined }
  }

  async function lead(key: string, render: () => Promise<Rendered>, settle: (page: CachedPage | null) => void): Promise<HtmlCacheAnswer> {
    const startedIn = generation
    try {
      const fromShared = await readShared(key)
      if (fromShared !== undefined) {
        keep(key, fromShared, startedIn, false)
        settle(fromShared)
        return { kind: 'hit', page: fromShared }
      }
      const { response, page, inMemory } = capture(key, await render(), startedIn)
      page.then(settle, () => settle(null))
      // A page rendered in one piece is kept before its visitor is answered, from the kept page.
      const kept = inMemory ? await page : null
      return kept === null ? { kind: 'rendered', response } : { kind: 'kept', page: kept }
    } catch (error) {
      settle(null)
      throw error
    }
  }

  async function get(key: string, render: () => Promise<Rendered>): Promise<HtmlCacheAnswer> {
    const answer = await answerFor(key, render)
    metrics?.lookup(answer.kind === 'hit' ? 'hit' : 'miss')
    return answer
  }

  async function answerFor(key: string, render: () => Promise<Rendered>): Promise<HtmlCacheAnswer> {
    const cached = peek(key)
    if (cached !== undefined) return { kind: 'hit', page: cached }
    const running = flights.get(key)
    if (running !== undefined) {
      const page = await running.page
      if (page !== null) return { kind: 'hit', page }
      return { kind: 'rendered', response: (await render()).response }
    }
    let settle!: (page: CachedPage | null) => void
    const flight: Flight = { page: new Promise((resolve) => (settle = resolve)) }
    flights.set(key, flight)
    void flight.page.then(() => {
      if (flights.get(key) === flight) flights.delete(key)
    })
    return lead(key, render, settle)
  }

  return {
    peek,
    hit(key) {
      const page = peek(key)
      if (page !== undefined) metrics?.lookup('hit')
      return page
    },
    get,
    purge(host) {
      generation += 1
      if (host === null) {
        pages.clear()
        flights.clear()
        return
      }
      const prefix = `${host}:`
      for (const key of [...pages.keys()]) if (key.startsWith(prefix)) pages.delete(key)
      for (const key of [...flights.keys()]) if (key.startsWith(prefix)) flights.delete(key)
    },
    lifetimeMs: ttlMs,
    get size() {
      return pages.size
    },
    get bytes() {
      return pages.calculatedSize
    },
    get inFlight() {
      return flights.size
    },
  }
}

const snapshotSchema: z.ZodType<PageSnapshot> = z.object({
  status: z.number().int(),
  headers: z.array(z.tuple([z.string(), z.string()])),
  segments: z.array(z.string()).min(1),
  storedAt: z.number(),
  routeName: z.string(),
})

function parseSnapshot(value: unknown): PageSnapshot | undefined {
  const parsed = snapshotSchema.safeParse(value)
  return parsed.success ? parsed.data : undefined
}
