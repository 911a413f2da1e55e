import { htmlKeyPrefix, sharedKey, tenantKeyPrefix } from './cache-keys.ts'
import { coversHtmlKey, type PurgeCount, type PurgeScope } from './purge-scope.ts'
import type { SharedStore } from './shared-store.ts'

/** A purge as it travels between instances. */
export type PurgeMessage = PurgeScope

/** Carries purges to every other instance (Redis pub/sub). */
export interface PurgeBus {
  publish(message: PurgeMessage): Promise<void>
  /** `handler` is called for purges published by other instances; answers an unsubscribe. */
  subscribe(handler: (message: PurgeMessage) => void): () => void
}

export interface PurgerOptions {
  /** This instance's rendered pages: purged by scope; answers how many and the upstream keys they were built from. */
  pages?: (scope: PurgeScope) => { pages: number; uses: string[] }
  /** This instance's upstream answers: a whole tenant (or all), or the given keys; each answers how many it dropped. */
  upstream: { purge(host: string | null): number; forget(keys: string[]): number }
  /** The shared cache level, whose keys are `prefix` + a cache key (cache-keys.ts). */
  shared?: { store: SharedStore; prefix: string; bus: PurgeBus }
}

/** What a purge did: on this instance, and whether the shared store and the other instances were reached. */
export interface PurgeOutcome extends PurgeCount {
  /** `ok`, `unavailable` (this instance purged itself only; the others purge when the store is back) or `none` (no shared store). */
  shared: 'ok' | 'unavailable' | 'none'
}

export interface Purger {
  /** Purges `scope` here, in the shared store, and on every other instance. */
  purge(scope: PurgeScope): Promise<PurgeOutcome>
  close(): void
}

/**
 * One purge for every cache level: the shared store first (so no instance reads the old value back
 * from it), then this instance, then a broadcast to the others. Upstream answers are always dropped
 * (a soft purge too: the page's re-render must read them afresh); rendered pages are marked stale
 * (soft) or dropped (hard) here and on the other instances, and dropped from the shared store (an
 * instance that has no copy of its own renders it).
 */
export function createPurger(options: PurgerOptions): Purger {
  const { shared } = options

  function purgeHere(scope: PurgeScope): PurgeCount & { uses: string[] } {
    const pages = options.pages?.(scope) ?? { pages: 0, uses: [] }
    const data = scope.pages === undefined ? options.upstream.purge(scope.host) : options.upstream.forget(pages.uses)
    return { pages: pages.pages, data, uses: pages.uses }
  }

  /** The shared store's copies of what `scope` covers; the page-specific upstream keys only as far as this instance knows them. */
  async function purgeShared(store: SharedStore, prefix: string, scope: PurgeScope, uses: string[]): Promise<boolean> {
    if (scope.host === null) return store.deletePrefix(prefix)
    if (scope.pages === undefined) return store.deletePrefix(sharedKey(prefix, tenantKeyPrefix(scope.host)))
    const pages = await store.deletePrefix(sharedKey(prefix, htmlKeyPrefix(scope.host)), (key) => coversHtmlKey(scope, key.slice(prefix.length)))
    const data = uses.length === 0 || (await store.deleteKeys(uses.map((key) => sharedKey(prefix, key))))
    return pages && data
  }

  const unsubscribe = shared?.bus.subscribe((scope) => {
    const { uses } = purgeHere(scope)
    if (scope.pages !== undefined && uses.length > 0) void shared.store.deleteKeys(uses.map((key) => sharedKey(shared.prefix, key)))
  })
  return {
    async purge(scope) {
      if (!shared) {
        const { pages, data } = purgeHere(scope)
        return { pages, data, shared: 'none' }
      }
      // Whole tenants go from the store first; page purges need the upstream keys this instance knows.
      const whole = scope.pages === undefined ? await purgeShared(shared.store, shared.prefix, scope, []) : true
      const { pages, data, uses } = purgeHere(scope)
      const partial = scope.pages === undefined ? true : await purgeShared(shared.store, shared.prefix, scope, uses)
      await shared.bus.publish(scope)
      return { pages, data, shared: whole && partial ? 'ok' : 'unavailable' }
    },
    close() {
      unsubscribe?.()
    },
  }
}
