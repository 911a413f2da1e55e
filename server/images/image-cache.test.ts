import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createImageCache, type CachedImage } from './image-cache.ts'
import { createImageDisk } from './image-disk.ts'

const MiB = 1024 * 1024

const image = (size: number, createdAt = 0, immutable = false): CachedImage => ({
  body: Buffer.alloc(size, 1),
  contentType: 'image/webp',
  etag: `"${size}"`,
  immutable,
  createdAt,
})

describe('image cache', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'image-cache-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('keeps memory within its byte bound, dropping the least recently used', async () => {
    const cache = createImageCache({ maxBytes: 1000, ttlMs: 60_000, now: () => 0 })
    await cache.set('a', image(400))
    await cache.set('b', image(400))
    await cache.get('a')
    await cache.set('c', image(400))
    expect(await cache.get('a')).toBeDefined()
    expect(await cache.get('b')).toBeUndefined()
    expect(await cache.get('c')).toBeDefined()
  })

  it('does not keep in memory an image larger than the whole bound', async () => {
    const cache = createImageCache({ maxBytes: 100, ttlMs: 60_000, now: () => 0 })
    await cache.set('big', image(500))
    expect(await cache.get('big')).toBeUndefined()
  })

  it('keeps nothing in memory with a bound of 0, still using the disk', async () => {
    const cache = createImageCache({ maxBytes: 0, ttlMs: 60_000, now: () => 0 })
    await cache.set('a', image(1))
    expect(await cache.get('a')).toBeUndefined()
    const withDisk = createImageCache({
      maxBytes: 0,
      ttlMs: 60_000,
      disk: createImageDisk({ dir, maxBytes: MiB }),
      now: () => 0,
    })
    await withDisk.set('a', image(1))
    expect(await withDisk.get('a')).toEqual(image(1))
  })

  it('reuses a mutable image for ttlMs and an immutable one for ever', async () => {
    let now = 1_000
    const cache = createImageCache({ maxBytes: 10_000, ttlMs: 500, now: () => now })
    await cache.set('mutable', image(10, now))
    await cache.set('fixed', image(10, now, true))
    now += 499
    expect(await cache.get('mutable')).toBeDefined()
    now += 1
    expect(await cache.get('mutable')).toBeUndefined()
    expect(await cache.get('fixed')).toBeDefined()
  })

  it('finds on disk what an earlier process stored, with its headers', async () => {
    const first = createImageCache({
      maxBytes: 10_000,
      ttlMs: 60_000,
      disk: createImageDisk({ dir, maxBytes: MiB }),
      now: () => 5,
    })
    await first.set('key', { ...image(20, 5, true), contentType: 'image/avif' })
    const second = createImageCache({
      maxBytes: 10_000,
      ttlMs: 60_000,
      disk: createImageDisk({ dir, maxBytes: MiB }),
      now: () => 10,
    })
    expect(await second.get('key')).toEqual({ ...image(20, 5, true), contentType: 'image/avif' })
    expect(await second.get('other')).toBeUndefined()
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  it('ignores damaged disk entries and reports disk failures instead of throwing', async () => {
    const errors: unknown[] = []
    const writer = createImageCache({
      maxBytes: 10_000,
      ttlMs: 60_000,
      disk: createImageDisk({ dir, maxBytes: MiB }),
      now: () => 0,
    })
    await writer.set('key', image(20))
    const [file] = await readdir(dir)
    await writeFile(path.join(dir, file as string), 'not a header\nbody')
    const reader = createImageCache({
      maxBytes: 10_000,
      ttlMs: 60_000,
      disk: createImageDisk({ dir, maxBytes: MiB, onError: (error) => errors.push(error) }),
      now: () => 0,
      onDiskError: (error) => errors.push(error),
    })
    expect(await reader.get('key')).toBeUndefined()

    const blocked = path.join(dir, 'a-file')
    await writeFile(blocked, '')
    const brokenDisk = createImageDisk({
      dir: path.join(blocked, 'sub'),
      maxBytes: MiB,
      onError: (error) => errors.push(error),
    })
    const broken = createImageCache({
      maxBytes: 10_000,
      ttlMs: 60_000,
      disk: brokenDisk,
      now: () => 0,
      onDiskError: (error) => errors.push(error),
    })
    await broken.set('key', image(20))
    expect(await broken.get('key')).toBeDefined()
    await brokenDisk.settled()
    // The scan at start and the write both found no folder.
    expect(errors).toHaveLength(2)
  })
})
