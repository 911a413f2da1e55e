import path from 'node:path'
import type { Logger } from 'pino'
import type { RedisSharing } from '../cache/redis-sharing.ts'
import { STALE_IF_ERROR_S } from '../http/shared-lifetimes.ts'
import { type AssetPublisher, createAssetPublisher } from './asset-publisher.ts'
import { createFleetAssets, type FleetAssets } from './fleet-assets.ts'

export interface FleetAssetSharingOptions {
  redis: RedisSharing
  /** The build folder (dist): its browser assets are under `client/assets`. */
  distRoot: string
  /** How long an instance's HTML cache may answer a page: fresh plus stale (0 without one). */
  htmlLifetimeMs: number
  /** The shared caches' lifetime of a page in seconds: s-maxage, then stale-while-revalidate. */
  sharedCacheSeconds: number
  log: Logger
}

/**
 * This build's assets published for the fleet, and other builds' answered here. A published copy
 * outlives its build's last instance by the longest a page naming it may still be served: the HTML
 * cache's lifetime (a page another instance took from Redis included), then a CDN's, whose copy it
 * may serve while the origin fails (stale-if-error).
 */
export function createFleetAssetSharing(options: FleetAssetSharingOptions): {
  fleet: FleetAssets
  publisher: AssetPublisher
} {
  const { redis, log } = options
  const lifetimeMs = options.htmlLifetimeMs + (options.sharedCacheSeconds + STALE_IF_ERROR_S) * 1000
  const publisher = createAssetPublisher({
    client: redis.client,
    prefix: redis.prefix,
    assetsDir: path.join(options.distRoot, 'client', 'assets'),
    lifetimeMs,
    ready: redis.ready,
    log,
  })
  return { fleet: createFleetAssets({ client: redis.client, prefix: redis.prefix }), publisher }
}
