import { LRUCache } from 'lru-cache'
import type { Tenant } from '../tenant/tenant.ts'

/** A value remembered with what it was decided under. */
interface Stamped<V> {
  tenant: Tenant
  generation: string
  value: V
}

export interface PageViewMemoOptions {
  /** Decisions remembered at most (the least recently used go first). */
  max?: number
  /**
   * Longest address remembered: a stranger's 60 KiB cookie or Accept-Language is decided each time
   * rather than kept, so the map holds at most `max` × this many characters of keys.
   */
  maxKeyLength?: number
  /**
   * What else a decision depends on besides the tenant's config: the build that decides it and the
   * purges applied here so far. A decision taken under another generation is taken again.
   */
  generation: () => string
}

/** Decisions that depend only on the tenant, its config and the request's address (see createPageViewMemo). */
export interface PageViewMemo<V> {
  /** The value decided for `key` under `tenant` and the current generation, or `decide()`'s, remembered. */
  get(key: string, tenant: Tenant, decide: () => V): V
  readonly size: number
}

/**
 * Remembers per-request decisions that are the same for every request with the same address (the
 * page view the hit writer answers from), bounded, and each stamped with the tenant view it was taken
 * for and the current generation: a changed site config is a new tenant view (tenant/tenant.ts), and
 * a purge or another build a new generation, so none of them is answered from an old decision.
 */
export function createPageViewMemo<V>(options: PageViewMemoOptions): PageViewMemo<V> {
  const { generation, maxKeyLength = 1024 } = options
  const known = new LRUCache<string, Stamped<V>>({ max: options.max ?? 5_000 })
  return {
    get(key, tenant, decide) {
      if (key.length > maxKeyLength) return decide()
      const now = generation()
      const stamped = known.get(key)
      if (stamped !== undefined && stamped.tenant === tenant && stamped.generation === now) return stamped.value
      const value = decide()
      known.set(key, { tenant, generation: now, value })
      return value
    },
    get size() {
      return known.size
    },
  }
}

/**
 * The generation of the app's decisions: its build and the purges applied here so far. The string is
 * made again only when a purge has been applied, so that each request compares one string with itself.
 */
export function buildGeneration(buildId: string, purges: () => number): () => string {
  let counted = -1
  let generation = ''
  return () => {
    const now = purges()
    if (now !== counted) {
      counted = now
      generation = `${buildId} ${now}`
    }
    return generation
  }
}
