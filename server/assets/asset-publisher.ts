import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Cluster, Redis } from 'ioredis'
import type { Logger } from 'pino'
import { sharedAssetIndexKey, sharedAssetKey } from '../cache/cache-keys.ts'
import { type AssetCopy, copyBytes, hashedAssetType } from './hashed-asset.ts'

/** Names the fleet's index holds at most: about a dozen builds of about a hundred files. */
export const MAX_INDEXED_ASSETS = 1500

export interface AssetPublisherOptions {
  /** The shared store's command connection (commands time out; none is queued while it is down). */
  client: Redis | Cluster
  /** The shared store's key prefix (cache-keys.ts builds the keys). */
  prefix: string
  /** This build's browser assets (dist/client/assets). */
  assetsDir: string
  /** How long a published copy is kept after this instance last renewed it: the longest a page naming it may be served. */
  lifetimeMs: number
  /** How often the copies' lifetime is renewed, and copies lost (a Redis restarted empty) uploaded again. Default 60 s. */
  refreshMs?: number
  /** Bytes one build may publish (files, brotli and gzip). Default 32 MiB. */
  maxBytes?: number
  /** Settles once commands can be sent (RedisSharing.ready): the first publication waits for it. */
  ready?: Promise<unknown>
  now?: () => number
  log: Logger
}

export interface AssetPublisher {
  /** Settles after the first publication (never fails; a failure is logged and retried at the next refresh). */
  published: Promise<void>
  close(): void
}

/**
 * Publishes this build's hashed scripts and stylesheets to the shared store for the whole fleet, so
 * an instance of another build answers the addresses a page of this one names (fleet-assets.ts). A
 * copy lives `lifetimeMs` past the last renewal: as long as any instance of this build runs, and
 * then as long as a page it rendered may still be served (by the HTML caches, Redis and a CDN).
 */
export function createAssetPublisher(options: AssetPublisherOptions): AssetPublisher {
  const { client, prefix, assetsDir, lifetimeMs, log } = options
  const now = options.now ?? Date.now
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024

  async function publish(): Promise<void> {
    const names = (await readdir(assetsDir)).filter((name) => hashedAssetType(name) !== undefined).sort()
    // A copy still there only has its lifetime renewed; one missing (first start of this build, or
    // a Redis that lost it) is uploaded.
    const renewed = (await client
      .pipeline(names.map((name) => ['pexpire', sharedAssetKey(prefix, name), String(lifetimeMs)]))
      .exec()) as [Error | null, unknown][]
    const indexed: string[] = []
    let bytes = 0
    for (const [at, name] of names.entries()) {
      if (renewed[at]?.[1] === 1) {
        indexed.push(name)
        continue
      }
      const copy = await readCopy(name)
      bytes += copyBytes(copy)
      if (bytes > maxBytes) {
        log.warn({ maxBytes, name }, 'browser assets larger than the bound: the rest are not published for the fleet')
        break
      }
      await upload(name, copy)
      indexed.push(name)
    }
    if (indexed.length === 0) return
    const index = sharedAssetIndexKey(prefix)
    const expiresAt = now() + lifetimeMs
    await client
      .multi()
      .zadd(index, ...indexed.flatMap((name) => [expiresAt, name]))
      .zremrangebyscore(index, '-inf', now())
      // Bounded whatever the number of builds: the copies whose lifetime ends first leave the index.
      .zremrangebyrank(index, 0, -(MAX_INDEXED_ASSETS + 1))
      .pexpire(index, lifetimeMs)
      .exec()
  }

  async function readCopy(name: string): Promise<AssetCopy> {
    const file = path.join(assetsDir, name)
    const optional = (suffix: string) => readFile(`${file}${suffix}`).catch(() => undefined)
    const [identity, br, gzip] = await Promise.all([readFile(file), optional('.br'), optional('.gz')])
    return { type: hashedAssetType(name) ?? 'application/octet-stream', identity, br, gzip }
  }

  async function upload(name: string, copy: AssetCopy): Promise<void> {
    const key = sharedAssetKey(prefix, name)
    const fields: Record<string, string | Buffer> = { type: copy.type, identity: copy.identity }
    if (copy.br) fields.br = copy.br
    if (copy.gzip) fields.gzip = copy.gzip
    await client.multi().hset(key, fields).pexpire(key, lifetimeMs).exec()
  }

  async function attempt(): Promise<void> {
    try {
      await publish()
    } catch (error) {
      log.warn({ err: error }, 'browser assets not published for the fleet: tried again at the next refresh')
    }
  }

  const published = (options.ready ?? Promise.resolve()).then(attempt)
  const timer = setInterval(() => void attempt(), options.refreshMs ?? 60_000)
  timer.unref()
  return {
    published,
    close: () => clearInterval(timer),
  }
}
