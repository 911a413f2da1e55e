import type { Logger } from 'pino'
import { createFleetAssetSharing } from './assets/fleet-asset-sharing.ts'
import type { HtmlCache, HtmlCacheOptions } from './cache/pages/html-cache.ts'
import { createPurger, type Purger } from './cache/purge/purger.ts'
import type { PurgeScope } from './cache/purge/purge-scope.ts'
import { createRedisSharing, type RedisSharing } from './cache/redis-sharing.ts'
import type { Env } from './env.ts'
import type { Metrics } from './metrics/metrics.ts'
import { redisTargetOf } from './redis-env.ts'
import type { SiteRepository } from './tenant/site-repository.ts'

// The fleet's side of the wiring (server-deps.ts): Redis sharing, the purger that reaches every
// level, and the client assets other builds may still name.

/** What the fleet's parts are built from (server-deps.ts's wiring satisfies it). */
export interface FleetWiring {
  env: Env
  options: { distRoot: string; redisCommandTimeoutMs?: number; htmlCache?: Partial<HtmlCacheOptions> }
  log: Logger
  metrics: Metrics
}

/** The shared store's key space, with the build the pages written to it record. */
export type SharedSpace = { store: RedisSharing['store']; prefix: string }

/**
 * With Redis (one server, Sentinels or a Cluster), instances share configs, page data and rendered
 * pages, and purges reach all of them.
 */
export function redisSharingOf({ env, options, log, metrics }: FleetWiring): RedisSharing | null {
  const redisTarget = redisTargetOf(env)
  if (redisTarget === undefined) return null
  return createRedisSharing({
    url: redisTarget,
    prefix: env.REDIS_KEY_PREFIX,
    log: log.child({ component: 'redis' }),
    onCommandError: (operation) => metrics.sharedStoreError(operation),
    onCommandTimed: (operation, seconds) => metrics.sharedStoreCommand(operation, seconds),
    onPurgeEvent: (event) => metrics.purgeEvent(event),
    purgeGap: env.PURGE_GAP,
    purgeReplicas: env.REDIS_PURGE_REPLICAS,
    ...(options.redisCommandTimeoutMs !== undefined ? { commandTimeoutMs: options.redisCommandTimeoutMs } : {}),
  })
}

/** The purger of every level: the upstream answers, this instance's pages, and the fleet through Redis. */
export function purgerOf(
  { env, options, log, metrics }: FleetWiring,
  sites: SiteRepository,
  htmlCache: HtmlCache | undefined,
  shared: (SharedSpace & { bus: RedisSharing['bus'] }) | undefined | null,
): Purger {
  return createPurger({
    upstream: sites,
    log: log.child({ component: 'purge' }),
    onEvent: (event) => metrics.purgeEvent(event),
    // Purge records are stamped with the clock the pages are.
    ...(options.htmlCache?.now ? { now: options.htmlCache.now } : {}),
    ...(htmlCache ? { pages: (scope: PurgeScope) => htmlCache.purge(scope) } : {}),
    ...(shared ? { shared: { ...shared, markMs: recordsMarkMs(env, htmlCache?.lifetimeMs) } } : {}),
  })
}

/** The client assets shared with the fleet through Redis, for as long as a page naming them may be served. */
export function assetSharingOf(
  { env, options, log }: FleetWiring,
  redis: RedisSharing,
  htmlCache: HtmlCache | undefined,
) {
  return createFleetAssetSharing({
    redis,
    distRoot: options.distRoot,
    htmlLifetimeMs: htmlCache?.lifetimeMs ?? 0,
    sharedCacheSeconds: env.HTML_S_MAXAGE + Math.floor(env.HTML_CACHE_STALE_MS / 1000),
    log: log.child({ component: 'assets' }),
  })
}

/**
 * How long purge records are marked for (`markMs`, redis-purge-records.ts): as long as anything they judge may be in Redis, the rendered
 * pages (fresh plus stale) and the upstream answers and configs (fresh plus stale, or negative).
 */
function recordsMarkMs(env: Env, pagesMs = 0): number {
  return Math.max(
    pagesMs,
    env.CONFIG_TTL_MS + env.CONFIG_STALE_MS,
    env.PAGE_TTL_MS + env.CONFIG_STALE_MS,
    env.NEGATIVE_TTL_MS,
    1,
  )
}
