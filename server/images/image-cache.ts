import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { z } from 'zod'
import { parseJson } from '../upstream/read-body.ts'
import type { ImageDisk } from './image-disk.ts'

/** One finished answer of the endpoint. */
export interface CachedImage {
  body: Buffer
  contentType: string
  /** Strong validator: a hash of the body. */
  etag: string
  /** The source URL carries a content hash, so this answer never changes. */
  immutable: boolean
  /** When it was made (ms since the epoch, from the injected clock). */
  createdAt: number
}

export interface ImageCacheOptions {
  /** Memory bound, in bytes of image bodies. */
  maxBytes: number
  /** The disk copy (createImageDisk); none when undefined. */
  disk?: ImageDisk
  /** How long an answer for a source without a content hash is reused (memory and disk). */
  ttlMs: number
  now?: () => number
  /** Disk failures are not fatal (the answer is simply recomputed); they are reported here. */
  onDiskError?: (error: unknown) => void
}

export interface ImageCache {
  get(key: string): Promise<CachedImage | undefined>
  set(key: string, image: CachedImage): Promise<void>
}

/**
 * Finished images in memory (an LRU bounded by bytes), and optionally on disk so that a restart
 * does not recompute them. Disk files are named by a hash of the key and hold a one-line JSON
 * header, then the body; the disk keeps itself within its own bound.
 */
export function createImageCache(options: ImageCacheOptions): ImageCache {
  const now = options.now ?? Date.now
  // maxBytes 0 keeps nothing in memory (lru-cache needs a positive bound).
  const memory = new LRUCache<string, CachedImage>({
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (image) => Math.max(1, image.body.length),
  })
  const fresh = (image: CachedImage) => image.immutable || now() - image.createdAt < options.ttlMs
  const nameOf = (key: string) => createHash('sha256').update(key).digest('hex')
  const reportDisk = (error: unknown) => options.onDiskError?.(error)
  const { disk } = options

  return {
    async get(key) {
      const inMemory = memory.get(key)
      if (inMemory && fresh(inMemory)) return inMemory
      if (inMemory) memory.delete(key)
      if (disk === undefined) return undefined
      const data = await disk.read(nameOf(key))
      const fromDisk = data === undefined ? undefined : parseEntry(data)
      if (fromDisk === undefined || !fresh(fromDisk)) return undefined
      if (fromDisk.body.length < options.maxBytes) memory.set(key, fromDisk)
      return fromDisk
    },
    async set(key, image) {
      if (image.body.length < options.maxBytes) memory.set(key, image)
      if (disk === undefined) return
      await disk.write(nameOf(key), toEntry(image)).catch(reportDisk)
    },
  }
}

const entryHeader = z.object({
  contentType: z.string(),
  etag: z.string(),
  immutable: z.boolean(),
  createdAt: z.number(),
})
type EntryHeader = z.infer<typeof entryHeader>

function parseEntry(data: Buffer): CachedImage | undefined {
  const newline = data.indexOf(0x0a)
  if (newline < 0) return undefined
  const header = entryHeader.safeParse(parseJson(data.subarray(0, newline).toString('utf8')))
  return header.success ? { ...header.data, body: data.subarray(newline + 1) } : undefined
}

function toEntry(image: CachedImage): Buffer {
  const header: EntryHeader = {
    contentType: image.contentType,
    etag: image.etag,
    immutable: image.immutable,
    createdAt: image.createdAt,
  }
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), image.body])
}
