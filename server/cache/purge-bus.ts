import { sharedKey, tenantKeyPrefix } from './cache-keys.ts'
import type { SharedStore } from './shared-store.ts'

/** Drop one tenant's cached configs, data and HTML (`host`), or everything (`host: null`). */
export interface PurgeMessage {
  host: string | null
}

/** Carries purges to every other instance (Redis pub/sub). */
export interface PurgeBus {
  publish(message: PurgeMessage): Promise<void>
  /** `handler` is called for purges published by other instances; answers an unsubscribe. */
  subscribe(handler: (message: PurgeMessage) => void): () => void
}

export interface PurgerOptions {
  /** This instance's caches, each told to forget a tenant (or everything). */
  local: ((host: string | null) => void)[]
  /** The shared cache level, whose keys are `prefix` + a cache key (cache-keys.ts). */
  shared?: { store: SharedStore; prefix: string; bus: PurgeBus }
}

export interface Purger {
  /** Forgets `host`'s entries (or all) here, in the shared store, and on every other instance. */
  purge(host: string | null): Promise<void>
  close(): void
}

/**
 * One purge for every cache level: the shared store first (so no instance reads the old value back
 * from it), then this instance, then a broadcast to the others.
 */
export function createPurger(options: PurgerOptions): Purger {
  const purgeHere = (host: string | null) => {
    for (const forget of options.local) forget(host)
  }
  const unsubscribe = options.shared?.bus.subscribe((message) => purgeHere(message.host))
  return {
    async purge(host) {
      const shared = options.shared
      if (shared) await shared.store.deletePrefix(sharedKey(shared.prefix, host === null ? '' : tenantKeyPrefix(host)))
      purgeHere(host)
      await shared?.bus.publish({ host })
    },
    close() {
      unsubscribe?.()
    },
  }
}
