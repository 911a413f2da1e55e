import type { CacheMetrics } from '../../metrics/metrics.ts'
import { coversPage, type PurgeScope } from '../purge/purge-scope.ts'
import type { CachedPage } from './cached-page.ts'
import type { PageClock } from './page-clock.ts'
import type { PageTiers, Start } from './page-tiers.ts'
import type { StoredPage, PageStore } from './page-store.ts'
import { captureRender, toUsed, type Rendered } from './read-render.ts'
import type { SharedPages } from './shared-pages.ts'
import { readingFresh } from '../config/fresh-reads.ts'

/** A page the cache holds, as one lookup found it. */
export interface PageLookup {
  page: CachedPage
  /** Whole seconds since it was rendered (the `Age` header, RFC 9111 §5.1). */
  age: number
  /** Past its fresh window or marked by a soft purge: answered while one background re-render runs. */
  stale: boolean
}

/**
 * `captured`: this request's own render, read whole before its visitor is answered, and answered
 * from that page as a hit is (counted as a miss), stored or not: one compression serves both the
 * visitor and the cache.
 */
export type HtmlCacheAnswer =
  | ({ kind: 'hit' } & PageLookup)
  | { kind: 'captured'; page: CachedPage }
  | { kind: 'rendered'; response: Response }

/** The renders of pages this instance does not hold, running now: concurrent misses of one key share one. */
export interface RenderFlights {
  /**
   * Answers a miss of `key`: from the render of it running now, else from the shared store, else
   * from a new render that every miss of `key` arriving meanwhile waits for.
   */
  answer(key: string, render: () => Promise<Rendered>): Promise<HtmlCacheAnswer>
  /** Stores none of the renders running now that `scope` covers (a tag purge: every one of its tenant). */
  forget(scope: PurgeScope): void
  readonly size: number
}

export interface RenderFlightsOptions {
  pages: PageStore
  tiers: PageTiers
  shared: SharedPages | undefined
  clock: PageClock
  metrics: CacheMetrics | undefined
  onError: ((error: unknown, key: string) => void) | undefined
  /** A page held here as a lookup finds it (counted, its freshness decided). */
  held: (key: string, entry: StoredPage) => PageLookup
}

interface RunningRender {
  /** What concurrent waiters get: the page, or null when they must render for themselves. */
  page: Promise<CachedPage | null>
}

export function createRenderFlights(options: RenderFlightsOptions): RenderFlights {
  const { metrics } = options
  const flights = new Map<string, RunningRender>()
  const lead = leaderOf(options)

  return {
    async answer(key, render) {
      const running = flights.get(key)
      if (running !== undefined) {
        const page = await running.page
        metrics?.lookup(page !== null ? 'hit' : 'miss')
        // Rendered a moment ago for another visitor: fresh.
        if (page !== null) return { kind: 'hit', page, age: options.clock.ageSeconds(page), stale: false }
        return { kind: 'rendered', response: (await render()).response }
      }
      let settle!: (page: CachedPage | null) => void
      const flight: RunningRender = { page: new Promise((resolve) => (settle = resolve)) }
      flights.set(key, flight)
      void flight.page.then(() => {
        if (flights.get(key) === flight) flights.delete(key)
      })
      return lead(key, render, settle)
    },
    forget(scope) {
      // A render running now may carry any tag: a tag purge stops storing every render of the tenant.
      for (const key of [...flights.keys()]) if (coversPage(scope, key, null)) flights.delete(key)
    },
    get size() {
      return flights.size
    },
  }
}

/** The render every miss of a key waits for: `settle` hands its waiters the page, or null. */
function leaderOf(options: RenderFlightsOptions) {
  const { pages, tiers, shared, clock, metrics, held } = options
  const capture = capturerOf(options)

  return async function lead(
    key: string,
    render: () => Promise<Rendered>,
    settle: (page: CachedPage | null) => void,
  ): Promise<HtmlCacheAnswer> {
    const started = tiers.start()
    try {
      const fromShared = await shared?.read(key, clock.lifetimeMs)
      if (fromShared !== undefined) {
        tiers.store(key, fromShared.page, started, { uses: fromShared.uses, share: false, purged: fromShared.purged })
        settle(fromShared.page)
        const entry = pages.get(key)
        if (entry !== undefined) return { kind: 'hit', ...held(key, entry) }
        return { kind: 'hit', page: fromShared.page, age: clock.ageSeconds(fromShared.page), stale: false }
      }
      metrics?.lookup('miss')
      // Stored for everyone: built from no upstream answer a purge left stale.
      const { response, page, inMemory } = capture(key, await readingFresh(render), started)
      page.then(settle, () => settle(null))
      // A page rendered in one piece is read whole (and stored when it may be) before its visitor is
      // answered from it.
      const whole = inMemory ? await page : null
      return whole === null ? { kind: 'rendered', response } : { kind: 'captured', page: whole }
    } catch (error) {
      settle(null)
      throw error
    }
  }
}

/** Hands the visitor the render while its body is read aside; stores the page if it is a complete 200. */
function capturerOf({ tiers, clock, onError }: RenderFlightsOptions) {
  return function capture(
    key: string,
    rendered: Rendered,
    started: Start,
  ): { response: Response; page: Promise<CachedPage | null>; inMemory: boolean } {
    const captured = captureRender(rendered, clock.now)
    const page = captured.page.then(
      (cached) => {
        // Errors, redirects and other statuses are handed to concurrent waiters but never stored.
        if (cached?.status === 200) tiers.store(key, cached, started, { uses: toUsed(rendered.uses), share: true })
        return cached
      },
      (error: unknown) => {
        onError?.(error, key)
        return null
      },
    )
    return { response: captured.response, page, inMemory: captured.inMemory }
  }
}
