import type { Cluster, Redis } from 'ioredis'
import { LRUCache } from 'lru-cache'
import { sharedAssetIndexKey, sharedAssetKey } from '../cache/cache-keys.ts'
import { MAX_INDEXED_ASSETS } from './asset-publisher.ts'
import { type AssetCopy, copyBytes, hashedAssetType } from './hashed-asset.ts'

export interface FleetAssetsOptions {
  /** The shared store's command connection. */
  client: Redis | Cluster
  prefix: string
  /** Bytes of other builds' assets kept in memory. Default 16 MiB. */
  memoryBytes?: number
  /** The index of published names is read again at most this often. Default 1 s. */
  indexEveryMs?: number
  now?: () => number
}

export interface FleetAssets {
  /** Another build's hashed asset `name`, as it published it; undefined when no build of the fleet did (or the store cannot answer). */
  find(name: string): Promise<AssetCopy | undefined>
}

/**
 * The hashed assets other builds of the fleet published (asset-publisher.ts), for the addresses
 * this build lacks. What a stranger's made-up names can cost is bounded: a name of another shape
 * never leaves the process, a name no build published reaches Redis only as a read of the index (at
 * most once per `indexEveryMs`, whatever the traffic), and only indexed names are fetched, once at a
 * time each, into a memory bounded by bytes.
 */
export function createFleetAssets(options: FleetAssetsOptions): FleetAssets {
  const { client, prefix } = options
  const now = options.now ?? Date.now
  const indexEveryMs = options.indexEveryMs ?? 1000
  const copies = new LRUCache<string, AssetCopy>({
    maxSize: options.memoryBytes ?? 16 * 1024 * 1024,
    sizeCalculation: (copy) => Math.max(1, copyBytes(copy)),
  })
  let index = new Set<string>()
  let indexReadAt = Number.NEGATIVE_INFINITY
  let indexRead: Promise<void> | undefined
  const fetches = new Map<string, Promise<AssetCopy | undefined>>()

  async function readIndex(): Promise<void> {
    indexReadAt = now()
    try {
      const names = await client.zrangebyscore(
        sharedAssetIndexKey(prefix),
        now(),
        '+inf',
        'LIMIT',
        0,
        MAX_INDEXED_ASSETS,
      )
      index = new Set(names)
    } catch {
      // The store cannot answer: the names known stay as they were.
    }
  }

  async function isPublished(name: string): Promise<boolean> {
    if (index.has(name)) return true
    if (indexRead === undefined && now() - indexReadAt >= indexEveryMs)
      indexRead = readIndex().finally(() => {
        indexRead = undefined
      })
    await indexRead
    return index.has(name)
  }

  async function fetchCopy(name: string, type: string): Promise<AssetCopy | undefined> {
    try {
      const fields = await client.hgetallBuffer(sharedAssetKey(prefix, name))
      if (fields.identity === undefined) return undefined
      const copy = { type, identity: fields.identity, br: fields.br, gzip: fields.gzip }
      copies.set(name, copy)
      return copy
    } catch {
      return undefined
    }
  }

  return {
    async find(name) {
      const type = hashedAssetType(name)
      if (type === undefined) return undefined
      const held = copies.get(name)
      if (held !== undefined) return held
      if (!(await isPublished(name))) return undefined
      let fetch = fetches.get(name)
      if (fetch === undefined) {
        fetch = fetchCopy(name, type).finally(() => fetches.delete(name))
        fetches.set(name, fetch)
      }
      return fetch
    },
  }
}
