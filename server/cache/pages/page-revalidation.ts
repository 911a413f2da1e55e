import { nextRetryAt, type Backoff } from '../backoff.ts'
import { readingFresh } from '../config/fresh-reads.ts'
import { renewed, type CachedPage } from './cached-page.ts'
import type { PageClock } from './page-clock.ts'
import type { PageTiers, Start } from './page-tiers.ts'
import type { StoredPage } from './page-store.ts'
import { readRender, toUsed, type Rerender, type RevalidationOutcome, type Used } from './read-render.ts'
import type { SharedPages } from './shared-pages.ts'
import { isTakedown } from './takedown-status.ts'

/**
 * How long an instance that found the re-render lock taken waits before looking again: short, since
 * a re-render takes milliseconds and this wait is what an edit takes to reach the instance's
 * visitors; a look is one Redis read, made only when a visitor asks for the page.
 */
const ELSEWHERE_RETRY_MS = 250

/** The background re-renders of stale pages: one per key (per fleet with a shared store), backed off while they fail. */
export interface PageRevalidation {
  /** Starts the one background re-render of a stale `key`, unless one runs or its back-off holds. */
  revalidate(key: string, entry: StoredPage, rerender: Rerender): void
  /** Re-renders whose outcome is not settled yet. */
  readonly running: number
}

export interface PageRevalidationOptions {
  tiers: PageTiers
  shared: SharedPages | undefined
  /** How long this instance holds the fleet's re-render lock of a key at most. */
  lockMs: number
  clock: PageClock
  backoff: Backoff
  random: () => number
  onError: ((error: unknown, key: string) => void) | undefined
  onRevalidated: ((outcome: RevalidationOutcome, seconds: number) => void) | undefined
}

export function createPageRevalidation(options: PageRevalidationOptions): PageRevalidation {
  const { clock, backoff, random, onError, onRevalidated } = options
  const revalidating = new Set<string>()
  const revalidation = revalidationOf(options)

  return {
    revalidate(key, entry, rerender) {
      if (revalidating.has(key) || clock.now() < entry.retryAt) return
      revalidating.add(key)
      const startedAtMs = performance.now()
      const failed = (error?: unknown) => {
        entry.failures += 1
        entry.retryAt = nextRetryAt(entry.failures, backoff, clock.now(), random)
        if (error !== undefined) onError?.(error, key)
        return 'failed' as const
      }
      void revalidation(key, entry, rerender)
        .then((outcome) => {
          if (outcome === 'failed') failed()
          if (outcome === 'elsewhere') entry.retryAt = clock.now() + ELSEWHERE_RETRY_MS
          return outcome
        }, failed)
        .then((outcome) => {
          revalidating.delete(key)
          onRevalidated?.(outcome, (performance.now() - startedAtMs) / 1000)
        })
    },
    get running() {
      return revalidating.size
    },
  }
}

/**
 * One re-render of a stale page, to its outcome. With a shared store, a newer copy there is taken
 * instead, and the page is rendered only by the instance holding its lock.
 */
function revalidationOf(options: PageRevalidationOptions) {
  const { tiers, clock } = options
  const consult = sharedStepOf(options)
  return async function revalidation(key: string, entry: StoredPage, rerender: Rerender): Promise<RevalidationOutcome> {
    const started: Start = tiers.start()
    const step = await consult(key, entry, started)
    if (step === 'shared' || step === 'elsewhere') return step
    try {
      const done = await renderAside(rerender, entry, clock.now)
      if (done === null) return 'failed'
      if (done === 'gone') {
        await tiers.takeDown(key, started)
        return 'removed'
      }
      tiers.store(key, done.page, started, { uses: done.uses, share: true })
      return done.unchanged ? 'unchanged' : 'rendered'
    } finally {
      await step.release?.()
    }
  }
}

/**
 * The shared store's say before a re-render: a newer copy there, taken instead (`shared`); the
 * lock held by another instance (`elsewhere`); or go on, releasing the lock once rendered (none
 * without a shared store).
 */
function sharedStepOf({ tiers, shared, lockMs, clock }: PageRevalidationOptions) {
  return async function consult(
    key: string,
    entry: StoredPage,
    started: Start,
  ): Promise<'shared' | 'elsewhere' | { release: (() => Promise<void>) | null }> {
    if (!shared) return { release: null }
    const stored = await shared.read(key, clock.ttlMs)
    // A copy is there: this re-render replaces it without waiting for admission.
    if (stored !== undefined) entry.inShared = true
    if (stored !== undefined && !stored.purged && stored.page.storedAt > entry.page.storedAt) {
      tiers.store(key, stored.page, started, { uses: stored.uses, share: false })
      return 'shared'
    }
    const release = await shared.lock(key, lockMs)
    return release === null ? 'elsewhere' : { release }
  }
}

/**
 * A re-render read whole, or null when it must not replace the page (not a complete 200); the page
 * as it stands, fresh again, when the load found the inputs it was rendered from unchanged. A page
 * a purge marked stale is always rendered again: a purge asks for a new render, whatever the data.
 * `gone`: the re-render of a purged page answered that it is no more (see takedown-status.ts).
 */
async function renderAside(
  rerender: Rerender,
  entry: StoredPage,
  now: () => number,
): Promise<{ page: CachedPage; uses: Used; unchanged: boolean } | 'gone' | null> {
  const current = entry.page
  // Built from no upstream answer a purge left stale (fresh-reads.ts): the page is stored as fresh.
  const rendered = await readingFresh(() => rerender(entry.purged ? undefined : current.digest))
  if ('kind' in rendered) return { page: renewed(current, now()), uses: toUsed(rendered.uses), unchanged: true }
  if (entry.purged && isTakedown(rendered.response.status)) {
    await rendered.response.body?.cancel()
    return 'gone'
  }
  const page = await readRender(rendered, now)
  return page === null ? null : { page, uses: toUsed(rendered.uses), unchanged: false }
}
