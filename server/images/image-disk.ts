import type { Dirent } from 'node:fs'
import { mkdir, opendir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { LRUCache } from 'lru-cache'
import type { CacheMetrics } from '../metrics/metrics.ts'

export interface ImageDiskOptions {
  dir: string
  /** Bound of the folder, in bytes of whole 4 KiB blocks. */
  maxBytes: number
  /** Failures other than a missing file; the cache goes on without the disk. */
  onError?: (error: unknown) => void
  metrics?: CacheMetrics
  now?: () => number
}

/** The files of the disk cache, each named by `name` (64 hexadecimal characters). */
export interface ImageDisk {
  /** The file's bytes, or undefined when it is not there (never there, or removed meanwhile). */
  read(name: string): Promise<Buffer | undefined>
  write(name: string, data: Buffer): Promise<void>
  /** Resolves once the scan at start and every removal begun so far have ended. */
  settled(): Promise<void>
}

/** Disks allocate whole blocks: a 200-byte placeholder takes 4 KiB. */
const BLOCK = 4096
/** A temporary file this old was left by a process that stopped while writing it. */
const ABANDONED_TMP_MS = 10 * 60 * 1000
/** Entries given to the index at a time at start, before other work gets its turn. */
const SCAN_BATCH = 1000
const FILE_NAME = /^[0-9a-f]{64}$/

const blocksOf = (bytes: number) => Math.max(1, Math.ceil(bytes / BLOCK)) * BLOCK
const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT'

interface ScannedFile {
  name: string
  size: number
  usedAt: number
}

/**
 * Keeps the disk cache's folder within `maxBytes`: an index of its files (size, and order of last
 * use), built by scanning the folder at start and updated on every read and write, drops the least
 * recently used file once the bound is passed. The index holds at most `maxBytes / 4 KiB` names
 * (about 160 bytes of heap each). Removals run in the background and a file that vanished is a miss, so
 * instances sharing the folder stay correct: each keeps what it knows of within the bound (the
 * files it wrote, read, or found at start), so the folder holds at most the bound per instance.
 * Use times survive a restart as the files' modification times.
 */
export function createImageDisk(options: ImageDiskOptions): ImageDisk {
  const { dir, maxBytes } = options
  const now = options.now ?? Date.now
  const report = (error: unknown) => options.onError?.(error)
  const running = new Set<Promise<unknown>>()
  const track = (work: Promise<unknown>): void => {
    running.add(work)
    void work.finally(() => running.delete(work)).catch(() => {})
  }
  const fileOf = (name: string) => path.join(dir, name)

  function remove(name: string): void {
    track(
      unlink(fileOf(name)).catch((error: unknown) => {
        if (!isMissing(error)) report(error)
      }),
    )
  }

  // Only an eviction removes the file: a `set` replaces it under the same name, and a `delete`
  // follows a file that is gone already.
  const index = new LRUCache<string, number>({
    maxSize: maxBytes,
    sizeCalculation: blocksOf,
    dispose: (_size, name, reason) => {
      if (reason !== 'evict') return
      options.metrics?.evicted()
      remove(name)
    },
  })
  options.metrics?.size(() => index.size)
  options.metrics?.bytes?.(() => index.calculatedSize)

  track(mkdir(dir, { recursive: true }).then(scan).catch(report))

  /**
   * Learns the files already there, oldest use first. The list is cut to the newest
   * `maxBytes / 4 KiB` whenever it doubles that (older ones could not fit anyway and are removed),
   * so even a folder written without a bound is read in bounded memory.
   */
  async function scan(): Promise<void> {
    const most = Math.max(1, Math.floor(maxBytes / BLOCK))
    let found: ScannedFile[] = []
    const cut = () => {
      found.sort((a, b) => b.usedAt - a.usedAt)
      for (const stale of found.slice(most)) remove(stale.name)
      found = found.slice(0, most)
    }
    for await (const entry of await opendir(dir)) {
      const file = await scanned(entry)
      if (file === undefined) continue
      found.push(file)
      if (found.length >= 2 * most) cut()
    }
    cut()
    found.reverse()
    await indexInBatches(found)
  }

  /** A cached file the scan found, with its size and last use; a temporary file left behind is removed. */
  async function scanned(entry: Dirent): Promise<ScannedFile | undefined> {
    if (!entry.isFile()) return undefined
    const isTmp = entry.name.endsWith('.tmp')
    if (!isTmp && !FILE_NAME.test(entry.name)) return undefined
    const stats = await stat(fileOf(entry.name)).catch((error: unknown) => {
      if (!isMissing(error)) report(error)
      return undefined
    })
    if (stats === undefined) return undefined
    if (isTmp) {
      if (now() - stats.mtimeMs > ABANDONED_TMP_MS) remove(entry.name)
      return undefined
    }
    return { name: entry.name, size: stats.size, usedAt: stats.mtimeMs }
  }

  /** Adds the files found to the index, oldest use first, a batch at a time so requests get their turn. */
  async function indexInBatches(files: ScannedFile[]): Promise<void> {
    for (let start = 0; start < files.length; start += SCAN_BATCH) {
      for (const file of files.slice(start, start + SCAN_BATCH)) {
        // What a request wrote or read meanwhile is already in, and more recent.
        if (!index.has(file.name)) index.set(file.name, file.size)
      }
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  return {
    async read(name) {
      let data: Buffer
      try {
        data = await readFile(fileOf(name))
      } catch (error) {
        if (!isMissing(error)) report(error)
        index.delete(name)
        options.metrics?.lookup('miss')
        return undefined
      }
      options.metrics?.lookup('hit')
      // Counts as a use here (written by another instance, perhaps) and after a restart.
      if (index.get(name) === undefined) index.set(name, data.length)
      const time = new Date(now())
      void utimes(fileOf(name), time, time).catch(() => {})
      return data
    },
    async write(name, data) {
      if (blocksOf(data.length) > maxBytes) return
      await mkdir(dir, { recursive: true })
      const file = fileOf(name)
      // Written aside and renamed, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
      try {
        await writeFile(temporary, data)
        await rename(temporary, file)
      } catch (error) {
        await unlink(temporary).catch(() => {})
        throw error
      }
      index.set(name, data.length)
    },
    async settled() {
      while (running.size > 0) await Promise.all(running)
    },
  }
}
