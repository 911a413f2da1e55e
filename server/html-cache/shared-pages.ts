import { z } from 'zod'
import { lockKey, parseHtmlKey, sharedKey, tagIndexKey } from '../cache/cache-keys.ts'
import type { SharedStore } from '../cache/shared-store.ts'
import { toCachedPage, toPageSnapshot, type CachedPage, type PageSnapshot } from './cached-page.ts'

/** Rendered pages in the store every instance shares (Redis), under `prefix + key`. */
interface SharedPages {
  /** The page stored under `key` if it is younger than `maxAgeMs`; anything unreadable counts as missing. */
  read(key: string, maxAgeMs: number): Promise<CachedPage | undefined>
  /**
   * Stores `page` for as long as it may still be served (`keepMs`), and names it (with the upstream
   * answers carrying each tag) in the tag index, so a purge by tag finds it whichever instance gets it.
   */
  write(key: string, page: CachedPage, keepMs: number, uses?: { keys: readonly (readonly [string, readonly string[]])[]; tags: readonly string[] }): void
  /** Tries to become the only instance re-rendering `key`; null while another one holds it. */
  lock(key: string, ttlMs: number): Promise<(() => Promise<void>) | null>
}

interface SharedPagesOptions {
  store: SharedStore
  prefix: string
  now: () => number
  onError?: (error: unknown, key: string) => void
}

/** The HTML cache's view of the shared store: snapshots as JSON, parsed again on the way in. */
export function sharedPages({ store, prefix, now, onError }: SharedPagesOptions): SharedPages {
  return {
    async read(key, maxAgeMs) {
      const bytes = await store.get(sharedKey(prefix, key))
      if (bytes === undefined) return undefined
      try {
        const snapshot = parseSnapshot(JSON.parse(bytes.toString('utf8')))
        if (snapshot === undefined || now() - snapshot.storedAt >= maxAgeMs) return undefined
        return await toCachedPage(snapshot)
      } catch (error) {
        onError?.(error, key)
        return undefined
      }
    },
    write(key, page, keepMs, uses) {
      if (keepMs <= 0) return
      void store.set(sharedKey(prefix, key), JSON.stringify(toPageSnapshot(page)), keepMs)
      const host = parseHtmlKey(key)?.host
      if (uses === undefined || host === undefined) return
      for (const tag of uses.tags) {
        const carriers = uses.keys.filter(([, tags]) => tags.includes(tag)).map(([used]) => sharedKey(prefix, used))
        void store.addToSets([sharedKey(prefix, tagIndexKey(host, tag))], [sharedKey(prefix, key), ...carriers], keepMs)
      }
    },
    lock: (key, ttlMs) => store.lock(lockKey(prefix, key), ttlMs),
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
