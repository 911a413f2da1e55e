import { z } from 'zod'
import { lockKey, parseHtmlKey, sharedKey, tagIndexKey } from '../cache-keys.ts'
import { judgeStored, pageMarks } from '../purge-marks.ts'
import type { SharedStore } from '../shared-store.ts'
import { toCachedPage, toPageSnapshot, type CachedPage, type PageSnapshot } from './cached-page.ts'
import { NOTHING_USED, type Used } from './read-render.ts'

/** Rendered pages in the store every instance shares (Redis), under `prefix + key`. */
interface SharedPages {
  /**
   * The page stored under `key` if it is younger than `maxAgeMs`, with what it was built from (so a
   * purge by tag or path reaches this instance's copy too) and whether a soft purge recorded since
   * it was stored made it stale; read with its purge records in one round trip. A page a hard purge
   * recorded since, or anything unreadable, counts as missing.
   */
  read(key: string, maxAgeMs: number): Promise<{ page: CachedPage; uses: Used; purged: boolean } | undefined>
  /**
   * Stores `page` for as long as it may still be served (`keepMs`), and names it (with the upstream
   * answers carrying each tag) in the tag index, so a purge by tag finds it whichever instance gets
   * it; unless a purge covering it was recorded at or after `since` (when its render started).
   */
  write(key: string, page: CachedPage, keepMs: number, uses: Used, since: number): void
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
      const marks = pageMarks(prefix, key)
      const found = await store.getMarked(sharedKey(prefix, key), [...marks.soft, ...marks.hard])
      if (found.value === undefined) return undefined
      try {
        const stored = parseStored(JSON.parse(found.value.toString('utf8')))
        if (stored === undefined || now() - stored.storedAt >= maxAgeMs) return undefined
        const worth = judgeStored(
          stored.storedAt,
          found.marks.slice(0, marks.soft.length),
          found.marks.slice(marks.soft.length),
        )
        if (worth === 'absent') return undefined
        return { page: await toCachedPage(stored), uses: stored.uses ?? NOTHING_USED, purged: worth === 'stale' }
      } catch (error) {
        onError?.(error, key)
        return undefined
      }
    },
    write(key, page, keepMs, uses, since) {
      if (keepMs <= 0) return
      const host = parseHtmlKey(key)?.host
      const sets: [string, string[]][] =
        host === undefined
          ? []
          : uses.tags.map((tag) => {
              const carriers = uses.keys
                .filter(([, tags]) => tags.includes(tag))
                .map(([used]) => sharedKey(prefix, used))
              return [sharedKey(prefix, tagIndexKey(host, tag)), [sharedKey(prefix, key), ...carriers]]
            })
      const marks = pageMarks(prefix, key, uses.tags)
      // What the page was built from travels with it; readers that know nothing of it ignore it.
      void store.setUnlessMarked(sharedKey(prefix, key), JSON.stringify({ ...toPageSnapshot(page), uses }), keepMs, {
        marks: [...marks.soft, ...marks.hard],
        since,
        sets,
      })
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
  digest: z.string().optional(),
})

const usedSchema: z.ZodType<Used> = z.object({
  keys: z.array(z.tuple([z.string(), z.array(z.string())])),
  tags: z.array(z.string()),
})

const storedSchema = z.object({ snapshot: snapshotSchema, uses: usedSchema.optional() })

/** A stored page: its snapshot fields, and what it was built from when the writer said. */
function parseStored(value: unknown): (PageSnapshot & { uses?: Used }) | undefined {
  const parsed = storedSchema.safeParse({
    snapshot: value,
    uses: typeof value === 'object' && value !== null ? (value as { uses?: unknown }).uses : undefined,
  })
  if (!parsed.success) return undefined
  return parsed.data.uses === undefined ? parsed.data.snapshot : { ...parsed.data.snapshot, uses: parsed.data.uses }
}
