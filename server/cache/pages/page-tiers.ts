import type { CachedPage } from './cached-page.ts'
import type { PageClock } from './page-clock.ts'
import type { StoredPage, PageStore } from './page-store.ts'
import type { PurgeLog } from '../purge/purge-log.ts'
import type { Used } from './read-render.ts'
import type { SharedPages } from './shared-pages.ts'

/** When a render started: the latest purge here, and its time (a purge recorded in the shared store since then refuses it there). */
export interface Start {
  purge: number
  at: number
}

/**
 * The two tiers the HTML cache stores a page in, and takes one down from: this instance's page
 * store (page-store.ts) and the shared store (shared-pages.ts).
 */
export interface PageTiers {
  /** What a render starting now notes, to be judged by when its page is stored. */
  start(): Start
  /**
   * Stores a page here and, when this instance rendered it (`share`), in the shared store: at once
   * when a copy is there already (a re-render of a shared page), else once admitted (see
   * shared-pages.ts). One taken from there stays stale here when a soft purge recorded there
   * covers it (`purged`). Nothing is stored when a purge since `started` covers the page.
   */
  store(key: string, page: CachedPage, started: Start, how: { uses: Used; share: boolean; purged?: boolean }): void
  /**
   * Takes a page down here and in the shared store, unless a purge since the re-render started
   * covers it (that purge decided already). The next visitor gets what a render answers now.
   */
  takeDown(key: string, started: Start): Promise<void>
  /**
   * Offers a page held here to the shared store again at a hit, when its last offer came before the
   * admission gap and the gap has passed (see shared-pages.ts), unless a purge marked it since.
   */
  offerAgain(key: string, entry: StoredPage): void
  /** Pages whose write to the shared store has not been answered yet (it follows their storing here). */
  readonly writing: number
}

export interface PageTiersOptions {
  pages: PageStore
  purges: PurgeLog
  shared: SharedPages | undefined
  clock: PageClock
  onError: ((error: unknown, key: string) => void) | undefined
}

export function createPageTiers({ pages, purges, shared, clock, onError }: PageTiersOptions): PageTiers {
  let writing = 0
  /** Writes `page` to the shared store; a purge recorded there since `since` refuses it. */
  function share(key: string, page: CachedPage, uses: Used, since: number, inShared: boolean) {
    if (!shared) return
    const remainingMs = clock.lifetimeMs - clock.ageMs(page)
    writing += 1
    void shared
      .write(key, page, remainingMs, uses, since, inShared)
      .then(
        (stored) => {
          const entry = pages.peek(key)
          if (stored && entry?.page === page) entry.inShared = true
        },
        (error: unknown) => onError?.(error, key),
      )
      .finally(() => {
        writing -= 1
      })
  }
  return {
    start: () => ({ purge: purges.current, at: clock.now() }),
    store(key, page, started, how) {
      if (purges.coversSince(started.purge, key)) return
      const inShared = shared !== undefined && (!how.share || (pages.peek(key)?.inShared ?? false))
      pages.set(key, page, { uses: how.uses, purged: how.purged ?? false, inShared })
      if (!shared || !how.share) return
      share(key, page, how.uses, started.at, inShared)
    },
    offerAgain(key, entry) {
      if (!shared || entry.inShared || entry.purged || !shared.offerDue(key)) return
      // A purge this instance heard of since the page was stored marked or dropped it; one recorded in
      // the shared store since it was stored refuses the write there.
      share(key, entry.page, entry.uses, entry.page.storedAt, false)
    },
    async takeDown(key, started) {
      if (purges.coversSince(started.purge, key)) return
      pages.delete(key)
      await shared?.remove(key, clock.now(), clock.lifetimeMs)
    },
    get writing() {
      return writing
    },
  }
}
