import { LRUCache } from 'lru-cache'
import { z } from 'zod'
import { lockKey, parseHtmlKey, sharedKey, tagIndexKey } from '../cache-keys.ts'
import { judgeStored, pageMark, pageMarks } from '../purge/purge-marks.ts'
import { type AdmitTimes, sharedAdmission } from '../redis/shared-admission.ts'
import type { SharedStore } from '../redis/shared-store.ts'
import { toCachedPage, type CachedPage, type PageSnapshot } from './cached-page.ts'
import { storedPolicySchema } from './stored-policy.ts'
import { NOTHING_USED, type Used } from './read-render.ts'
import { decodeSharedPage, encodeSharedPage, isSharedPage, type SharedPage } from './shared-page-codec.ts'

/** Rendered pages in the store every instance shares (Redis), under `prefix + key`. */
export interface SharedPages {
  /**
   * The page stored under `key` if it is younger than `maxAgeMs`, with what it was built from (so a
   * purge by tag or path reaches this instance's copy too) and whether a soft purge recorded since
   * it was stored made it stale; read with its purge records in one round trip. A page a hard purge
   * recorded since, or anything unreadable, counts as missing; so does every page of an open
   * address space (see isOpenAddress), which is never stored.
   */
  read(key: string, maxAgeMs: number): Promise<(SharedPage & { purged: boolean }) | undefined>
  /**
   * Stores `page` (compressed, see shared-page-codec.ts) for as long as it may still be served
   * (`lifetimeMs`), and names it in the tag index (with the upstream answers carrying each tag), so a
   * purge by tag finds it whichever instance gets it. Only a page `admitted` already (a copy of it
   * is in the store) or, with admission, offered the gap after its first offer in the fleet and within
   * the window; never one of an open address space; and not when a purge covering it was recorded at or after `since` (when its
   * render started). Answers whether it stored.
   */
  write(
    key: string,
    page: CachedPage,
    lifetimeMs: number,
    uses: Used,
    since: number,
    admitted: boolean,
  ): Promise<boolean>
  /**
   * Whether a page this instance holds, not stored because its offer came before the admission
   * gap, may be offered again now (at a hit: a visitor asked for it again). At most once per refusal.
   */
  offerDue(key: string): boolean
  /** Tries to become the only instance re-rendering `key`; null while another one holds it. */
  lock(key: string, ttlMs: number): Promise<(() => Promise<void>) | null>
  /**
   * Takes the page of `key` down for every instance (its re-render answered that it is gone): a
   * hard record of that one page as of `at`, kept `markMs` (no copy stored before, and no render
   * started before, counts any more), and the stored copy deleted.
   */
  remove(key: string, at: number, markMs: number): Promise<void>
}

export interface SharedPagesOptions {
  store: SharedStore
  prefix: string
  now: () => number
  /** The admission times (see shared-admission.ts); none: every page is stored at its first render. */
  admit?: AdmitTimes | undefined
  /**
   * The build this instance runs (manifest.ts buildIdOf), recorded in every page it writes. A page
   * of another build is answered as it is: the scripts and stylesheets it names are answered by
   * every instance (assets/fleet-assets.ts), and its digest names its build, so its next re-render
   * here renders it anew instead of renewing it.
   */
  build?: string | undefined
  onError?: (error: unknown, key: string) => void
}

/**
 * Whether a page's address is one of an open space: its key carries query parameters. Those are
 * the parameters its route's cache policy reads (page-decision.ts keeps no other), and their values
 * are whatever a visitor types (a search term, a page number): a stranger makes up a new page with
 * each request. Such pages live in each instance's own memory only, with no trace in Redis.
 */
function isOpenAddress(key: string): boolean {
  return parseHtmlKey(key)?.routerPath.includes('?') ?? false
}

/** The HTML cache's view of the shared store: pages compressed, parsed again on the way in. */
export function sharedPages({ store, prefix, now, admit, build, onError }: SharedPagesOptions): SharedPages {
  const admission = admit === undefined ? undefined : sharedAdmission({ store, prefix, times: admit, now })
  // Pages refused for coming too soon, and when an offer would be admitted: a page visitors keep
  // asking for is held here and not rendered again before its fresh time ends, so its next hit
  // offers it. Bounded: a page forgotten here waits for its next render.
  const dueAt = new LRUCache<string, number>({ max: 10_000 })
  return {
    async read(key, maxAgeMs) {
      if (isOpenAddress(key)) return undefined
      const marks = pageMarks(prefix, key)
      const found = await store.getMarked(sharedKey(prefix, key), [...marks.soft, ...marks.hard])
      if (found.value === undefined) return undefined
      try {
        const stored = await parseStored(found.value)
        if (stored === undefined || now() - stored.page.storedAt >= maxAgeMs) return undefined
        const soft = found.marks.slice(0, marks.soft.length)
        const worth = judgeStored(stored.page.storedAt, soft, found.marks.slice(marks.soft.length))
        if (worth === 'absent') return undefined
        return { ...stored, purged: worth === 'stale' }
      } catch (error) {
        onError?.(error, key)
        return undefined
      }
    },
    async write(key, page, lifetimeMs, uses, since, admitted) {
      if (lifetimeMs <= 0 || isOpenAddress(key)) return false
      if (!admitted && admission !== undefined) {
        const answer = await admission.admit(key)
        if (!answer.admitted) {
          if (answer.from !== undefined) dueAt.set(key, answer.from)
          return false
        }
      }
      dueAt.delete(key)
      const marks = pageMarks(prefix, key, uses.tags)
      // Base64: the store's write takes text (a Lua argument), and the page is binary.
      return store.setUnlessMarked(
        sharedKey(prefix, key),
        encodeSharedPage(page, uses, build).toString('base64'),
        lifetimeMs,
        {
          marks: [...marks.soft, ...marks.hard],
          since,
          sets: tagSets(prefix, key, uses),
        },
      )
    },
    offerDue(key) {
      const at = dueAt.get(key)
      if (at === undefined || at > now()) return false
      dueAt.delete(key)
      return true
    },
    // An open address is re-rendered by each instance for itself: no lock to take.
    lock: (key, ttlMs) =>
      isOpenAddress(key) ? Promise.resolve(async () => {}) : store.lock(lockKey(prefix, key), ttlMs),
    async remove(key, at, markMs) {
      if (isOpenAddress(key)) return
      await store.mark([pageMark(prefix, 'hard', key)], at, markMs)
      await store.deleteKeys([sharedKey(prefix, key)])
    },
  }
}

/** The tag index entries of a page: per tag, the page and the upstream answers that carried the tag. */
function tagSets(prefix: string, key: string, uses: Used): [string, string[]][] {
  const host = parseHtmlKey(key)?.host
  if (host === undefined) return []
  return uses.tags.map((tag) => {
    const carriers = uses.keys.filter(([, tags]) => tags.includes(tag)).map(([used]) => sharedKey(prefix, used))
    return [sharedKey(prefix, tagIndexKey(host, tag)), [sharedKey(prefix, key), ...carriers]]
  })
}

/** Base64 of the codec's magic bytes: how a compressed page's text starts. */
const ENCODED_MAGIC = Buffer.from('tsp1').toString('base64').slice(0, 4)

/** A stored page: compressed (base64 of shared-page-codec.ts), or the JSON snapshot instances of an earlier version write. */
async function parseStored(bytes: Buffer): Promise<SharedPage | undefined> {
  if (bytes.subarray(0, 4).toString('latin1') === ENCODED_MAGIC) {
    const binary = Buffer.from(bytes.toString('latin1'), 'base64')
    return isSharedPage(binary) ? decodeSharedPage(binary) : undefined
  }
  const legacy = parseLegacy(JSON.parse(bytes.toString('utf8')))
  return legacy && { page: await toCachedPage(legacy), uses: legacy.uses ?? NOTHING_USED }
}

const snapshotSchema: z.ZodType<PageSnapshot> = z.object({
  status: z.number().int(),
  headers: z.array(z.tuple([z.string(), z.string()])),
  policy: storedPolicySchema,
  segments: z.array(z.string()).min(1),
  storedAt: z.number(),
  routeName: z.string(),
  digest: z.string().optional(),
})

const usedSchema: z.ZodType<Used> = z.object({
  keys: z.array(z.tuple([z.string(), z.array(z.string())])),
  tags: z.array(z.string()),
})

const legacySchema = z.object({ snapshot: snapshotSchema, uses: usedSchema.optional() })

/** A page an earlier version stored: its snapshot fields, and what it was built from when the writer said. */
function parseLegacy(value: unknown): (PageSnapshot & { uses?: Used }) | undefined {
  const parsed = legacySchema.safeParse({
    snapshot: value,
    uses: typeof value === 'object' && value !== null ? (value as { uses?: unknown }).uses : undefined,
  })
  if (!parsed.success) return undefined
  return parsed.data.uses === undefined ? parsed.data.snapshot : { ...parsed.data.snapshot, uses: parsed.data.uses }
}
