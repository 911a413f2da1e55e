import type { CacheMetrics } from '../../metrics/metrics.ts'
import { bytesHeld, type CachedPage } from './cached-page.ts'
import type { Used } from './read-render.ts'

/** A page this instance's HTML cache holds, with what it knows of it. */
export interface StoredPage {
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
  /** A copy is in the shared store (read from it, or written there): its re-renders are shared without admission. */
  inShared: boolean
}

export interface PageStore {
  /** The entry of `key`, now its tenant's most recently used. */
  get(key: string): StoredPage | undefined
  /** The entry of `key`, its place in the order left as it is. */
  peek(key: string): StoredPage | undefined
  /** Stores `page` under `key` (replacing what was there), counted at the bytes it holds now. */
  set(key: string, page: CachedPage, how: Pick<StoredPage, 'uses' | 'purged'> & { inShared?: boolean }): void
  /** Counts `entry` again when its page has grown since (the bodies held for its hits, its better blocks). */
  recount(key: string, entry: StoredPage): void
  delete(key: string): void
  entries(): [string, StoredPage][]
  readonly size: number
  readonly bytes: number
}

/** One tenant's pages, least recently used first (a Map keeps insertion order), and their bytes. */
interface Tenant {
  pages: Map<string, StoredPage>
  bytes: number
}

/** The tenant a key belongs to: keys start with the tenant's host and `:` (see cache-keys.ts). */
function tenantOf(key: string): string {
  const colon = key.indexOf(':')
  return colon === -1 ? key : key.slice(0, colon)
}

/** Past this share of the bound, a tenant that is the largest gives up its own pages first. */
const TENANT_SHARE = 0.25

/**
 * The HTML cache's pages, bounded by `maxBytes`. Once past it, the largest tenant gives up its least
 * recently used page when it holds more than a quarter of the bound; otherwise the least recently
 * used page of all goes. A flood of one tenant's new addresses (search terms, any address it answers
 * 200 for) soon makes that tenant the largest past its quarter, and from then on pushes out only its
 * own pages; the pages other tenants' visitors keep asking for stay. A long tail of many tenants
 * with a page or two each is plain LRU, so a popular tenant's recent pages are never given up for
 * it (taking always from the largest tenant did: a known tenant with two pages was larger than each
 * of a thousand new ones, and lost its hot pages to them at once).
 */
export function createPageStore(maxBytes: number, metrics: CacheMetrics | undefined): PageStore {
  const bound = Math.max(1, maxBytes)
  const tenants = new Map<string, Tenant>()
  /** Every key, least recently used first. */
  const order = new Map<string, StoredPage>()
  let bytes = 0
  let size = 0
  metrics?.size(() => size)
  metrics?.bytes?.(() => bytes)

  function remove(tenantName: string, tenant: Tenant, key: string): boolean {
    const entry = tenant.pages.get(key)
    if (entry === undefined) return false
    tenant.pages.delete(key)
    order.delete(key)
    tenant.bytes -= entry.counted
    bytes -= entry.counted
    size -= 1
    if (tenant.pages.size === 0) tenants.delete(tenantName)
    return true
  }

  function add(key: string, entry: StoredPage): void {
    const name = tenantOf(key)
    const tenant = tenants.get(name) ?? { pages: new Map(), bytes: 0 }
    tenants.set(name, tenant)
    tenant.pages.set(key, entry)
    order.set(key, entry)
    tenant.bytes += entry.counted
    bytes += entry.counted
    size += 1
  }

  /** The key to give up: the largest tenant's oldest when it is past its share, else the oldest of all. */
  function victim(): string | undefined {
    let largest: Tenant | undefined
    for (const tenant of tenants.values()) if (largest === undefined || tenant.bytes > largest.bytes) largest = tenant
    if (largest !== undefined && largest.bytes > bound * TENANT_SHARE) return largest.pages.keys().next().value
    return order.keys().next().value
  }

  /** Evicts until the bound holds (a scan of tenants per eviction). */
  function evict(): void {
    while (bytes > bound) {
      const key = victim()
      if (key === undefined) return
      const name = tenantOf(key)
      const tenant = tenants.get(name)
      if (tenant === undefined || !remove(name, tenant, key)) return
      metrics?.evicted()
    }
  }

  function put(key: string, entry: StoredPage): void {
    const name = tenantOf(key)
    const tenant = tenants.get(name)
    if (tenant !== undefined) remove(name, tenant, key)
    // A page larger than the whole bound is not stored (it would push out everything else).
    if (entry.counted > bound) return
    add(key, entry)
    evict()
  }

  return {
    get(key) {
      const tenant = tenants.get(tenantOf(key))
      const entry = tenant?.pages.get(key)
      if (tenant === undefined || entry === undefined) return undefined
      // Most recently used: moved to the end of its tenant's order and of the whole.
      tenant.pages.delete(key)
      tenant.pages.set(key, entry)
      order.delete(key)
      order.set(key, entry)
      return entry
    },
    peek: (key) => tenants.get(tenantOf(key))?.pages.get(key),
    set(key, page, how) {
      const counted = Math.max(1, bytesHeld(page))
      const inShared = how.inShared ?? false
      put(key, { page, counted, uses: how.uses, purged: how.purged, failures: 0, retryAt: 0, inShared })
    },
    recount(key, entry) {
      const held = Math.max(1, bytesHeld(entry.page))
      if (held === entry.counted) return
      const name = tenantOf(key)
      const tenant = tenants.get(name)
      if (tenant === undefined || tenant.pages.get(key) !== entry) return
      remove(name, tenant, key)
      entry.counted = held
      put(key, entry)
    },
    delete(key) {
      const name = tenantOf(key)
      const tenant = tenants.get(name)
      if (tenant !== undefined) remove(name, tenant, key)
    },
    entries: () => [...tenants.values()].flatMap((tenant) => [...tenant.pages]),
    get size() {
      return size
    },
    get bytes() {
      return bytes
    },
  }
}
