import { LRUCache } from 'lru-cache'
import type { CacheMetrics } from '../../metrics/metrics.ts'
import { bytesHeld, type CachedPage } from './cached-page.ts'
import type { Used } from './read-render.ts'

/** A kept page with what the HTML cache knows of it. */
export interface Entry {
  page: CachedPage
  /** Bytes the byte bound counts for it: what the page held when last looked at (bytesHeld). */
  counted: number
  /** The upstream answers the page was built from, with their tags, and the page's tags. */
  uses: Used
  /** Marked stale by a soft purge, whatever its age. */
  purged: boolean
  /** Consecutive failed re-renders, and when the next may start (back-off). */
  failures: number
  retryAt: number
}

export interface PageStore {
  get(key: string): Entry | undefined
  /** Keeps `page` under `key`, counted at the bytes it holds now. */
  keep(key: string, page: CachedPage, how: Pick<Entry, 'uses' | 'purged'>): void
  /** Counts `entry` again when its page has grown since (the bodies kept for its hits, its better blocks). */
  recount(key: string, entry: Entry): void
  delete(key: string): void
  entries(): [string, Entry][]
  readonly size: number
  readonly bytes: number
}

/** The HTML cache's pages, least recently used first out once their bytes pass `maxBytes`. */
export function createPageStore(maxBytes: number, metrics: CacheMetrics | undefined): PageStore {
  const pages = new LRUCache<string, Entry>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (entry) => Math.max(1, entry.counted),
    ...(metrics
      ? {
          dispose: (_entry: Entry, _key: string, reason: LRUCache.DisposeReason) =>
            reason === 'evict' && metrics.evicted(),
        }
      : {}),
  })
  metrics?.size(() => pages.size)
  metrics?.bytes?.(() => pages.calculatedSize)
  return {
    get: (key) => pages.get(key),
    keep(key, page, how) {
      pages.set(key, { page, counted: bytesHeld(page), uses: how.uses, purged: how.purged, failures: 0, retryAt: 0 })
    },
    recount(key, entry) {
      const held = bytesHeld(entry.page)
      if (held === entry.counted) return
      entry.counted = held
      // lru-cache sizes an entry only when a new value is set: the same one is put back in anew.
      pages.delete(key)
      pages.set(key, entry)
    },
    delete: (key) => void pages.delete(key),
    entries: () => [...pages.entries()],
    get size() {
      return pages.size
    },
    get bytes() {
      return pages.calculatedSize
    },
  }
}
