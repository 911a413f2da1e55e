import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { LRUCache } from 'lru-cache'
import { z } from 'zod'
import { parseJson } from '../upstream/read-body.ts'

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
  /** Folder for the disk copy; none when undefined. */
  dir?: string
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
 * header, then the body; they are written to a temporary name and renamed, so a reader never sees
 * half a file. The disk copy is not pruned: give IMAGE_CACHE_DIR a volume of its own.
 */
export function createImageCache(options: ImageCacheOptions): ImageCache {
  const now = options.now ?? Date.now
  // maxBytes 0 keeps nothing in memory (lru-cache needs a positive bound).
  const memory = new LRUCache<string, CachedImage>({
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (image) => Math.max(1, image.body.length),
  })
  const fresh = (image: CachedImage) => image.immutable || now() - image.createdAt < options.ttlMs
  const fileOf = (key: string) => path.join(options.dir as string, createHash('sha256').update(key).digest('hex'))
  const reportDisk = (error: unknown) => options.onDiskError?.(error)

  return {
    async get(key) {
      const inMemory = memory.get(key)
      if (inMemory && fresh(inMemory)) return inMemory
      if (inMemory) memory.delete(key)
      if (options.dir === undefined) return undefined
      const fromDisk = await readEntry(fileOf(key)).catch((error: unknown) => {
        if ((error as { code?: string }).code !== 'ENOENT') reportDisk(error)
        return undefined
      })
      if (fromDisk === undefined || !fresh(fromDisk)) return undefined
      if (fromDisk.body.length < options.maxBytes) memory.set(key, fromDisk)
      return fromDisk
    },
    async set(key, image) {
      if (image.body.length < options.maxBytes) memory.set(key, image)
      if (options.dir === undefined) return
      await writeEntry(options.dir, fileOf(key), image).catch(reportDisk)
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

async function readEntry(file: string): Promise<CachedImage | undefined> {
  const data = await readFile(file)
  const newline = data.indexOf(0x0a)
  if (newline < 0) return undefined
  const header = entryHeader.safeParse(parseJson(data.subarray(0, newline).toString('utf8')))
  return header.success ? { ...header.data, body: data.subarray(newline + 1) } : undefined
}

async function writeEntry(dir: string, file: string, image: CachedImage): Promise<void> {
  await mkdir(dir, { recursive: true })
  const header: EntryHeader = {
    contentType: image.contentType,
    etag: image.etag,
    immutable: image.immutable,
    createdAt: image.createdAt,
  }
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
  await writeFile(temporary, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), image.body]))
  await rename(temporary, file)
}
