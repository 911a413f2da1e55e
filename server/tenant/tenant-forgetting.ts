import { showPathKey, siteKey, tenantKeyPrefix } from '../cache/cache-keys.ts'
import type { ConfigCache } from '../cache/config/config-cache.ts'

/** What forgetting needs of a cache. */
type Forgettable = Pick<ConfigCache<unknown>, 'size' | 'delete' | 'deletePrefix' | 'clear' | 'markPurged'>

/** The caches a purge reaches, by what they hold. */
export interface ForgettableCaches {
  sites: Forgettable
  pages: Forgettable
  showPaths: Forgettable
  data: Forgettable
}

/** How the site repository forgets what it holds on this instance; each answers how many entries went. */
export interface TenantForgetting {
  /** One tenant's cached configs and data (`null`: every tenant's). */
  purge(host: string | null): number
  /** These cache keys (cache-keys.ts), in whichever cache holds them. */
  forget(keys: Iterable<string>): number
  /** One tenant's site configs (every language) and page list. */
  forgetSite(host: string): number
  /** Every tenant's configs and data kept as stale, loaded again when next read (a soft purge of everything). */
  markPurged(): number
}

/** Purges over the repository's caches, counting the entries dropped. */
export function createTenantForgetting(caches: ForgettableCaches): TenantForgetting {
  const { sites, showPaths } = caches
  const all = [caches.sites, caches.pages, caches.showPaths, caches.data]
  return {
    purge(host) {
      let dropped = 0
      for (const cache of all) {
        const before = cache.size
        if (host === null) cache.clear()
        else cache.deletePrefix(tenantKeyPrefix(host))
        dropped += before - cache.size
      }
      return dropped
    },

    markPurged() {
      return all.reduce((reached, cache) => reached + cache.markPurged(), 0)
    },

    forgetSite(host) {
      const before = sites.size + showPaths.size
      sites.deletePrefix(siteKey(host, ''))
      showPaths.delete(showPathKey(host))
      return before - sites.size - showPaths.size
    },

    forget(keys) {
      let dropped = 0
      for (const key of keys) {
        for (const cache of all) if (cache.delete(key)) dropped += 1
      }
      return dropped
    },
  }
}
