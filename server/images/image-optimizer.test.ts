import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Agent } from 'undici'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createImages, type ImagesOptions } from './create-images.ts'
import { createImageCache } from './image-cache.ts'
import { ImageError } from './image-errors.ts'
import { createImageOptimizer } from './image-optimizer.ts'
import type { FetchedSource } from './fetch-source.ts'
import { photo, serve, startLoopbackServer, type LoopbackServer } from './image-fixtures.test-helper.ts'

describe('image optimiser', () => {
  let images: LoopbackServer
  let dispatcher: Agent
  let dir: string
  let flaky = 0
  beforeAll(async () => {
    const picture = await photo(400, 300)
    images = await startLoopbackServer({
      '/a.png': serve(picture, 'image/png'),
      '/b.png': serve(picture, 'image/png'),
      '/flaky.png': (request, response) => {
        flaky += 1
        if (flaky === 1) response.writeHead(500).end()
        else serve(picture, 'image/png')(request, response)
      },
    })
    dispatcher = new Agent()
    dir = await mkdtemp(path.join(os.tmpdir(), 'image-optimizer-'))
  })
  afterAll(async () => {
    await images?.close()
    await dispatcher?.close()
    await rm(dir, { recursive: true, force: true })
  })

  const options = (extra: Partial<ImagesOptions> = {}): ImagesOptions => ({
    apiBaseUrl: images.url,
    allowedOrigins: [],
    dispatcher,
    timeoutMs: 2000,
    maxSourceBytes: 1024 * 1024,
    cacheMaxBytes: 1024 * 1024,
    avif: true,
    ...extra,
  })
  const variant = (name: string, output: 'avif' | 'webp' | 'legacy' = 'webp') => ({
    source: new URL(`${images.url}/${name}`),
    preset: 'thumbnail' as const,
    density: 1 as const,
    output,
  })

  it('finds its images on disk after a restart, without fetching again', async () => {
    const first = createImages(options({ cacheDir: dir }))
    const made = await first.get(variant('a.png'))
    const restarted = createImages(options({ cacheDir: dir }))
    const again = await restarted.get(variant('a.png'))
    expect(again.body.equals(made.body)).toBe(true)
    expect(again.etag).toBe(made.etag)
    expect(images.hits.get('/a.png')).toBe(1)
  })

  it('keys variants by format class: each class is made once', async () => {
    const optimizer = createImages(options())
    const webp = await optimizer.get(variant('b.png', 'webp'))
    const legacy = await optimizer.get(variant('b.png', 'legacy'))
    await optimizer.get(variant('b.png', 'webp'))
    expect([webp.contentType, legacy.contentType]).toEqual(['image/webp', 'image/jpeg'])
    expect(images.hits.get('/b.png')).toBe(2)
  })

  it('does not remember a failure: the next request tries again', async () => {
    const optimizer = createImages(options())
    await expect(optimizer.get(variant('flaky.png'))).rejects.toBeInstanceOf(ImageError)
    expect((await optimizer.get(variant('flaky.png'))).contentType).toBe('image/webp')
    expect(flaky).toBe(2)
  })
})

describe('image optimiser concurrency', () => {
  it('fetches and encodes at most maxConcurrent variants at once; cache hits do not wait', async () => {
    const picture = await photo(64, 64)
    const calls: { href: string; release: () => void }[] = []
    let active = 0
    let maxActive = 0
    const fetchSource = (source: URL) =>
      new Promise<FetchedSource>((resolve) => {
        active += 1
        maxActive = Math.max(maxActive, active)
        calls.push({
          href: source.href,
          release: () => {
            active -= 1
            resolve({ body: picture, url: source, allowedOrigin: true })
          },
        })
      })
    const cache = createImageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 })
    const optimizer = createImageOptimizer({ fetchSource, cache, maxConcurrent: 1 })
    const ask = (name: string) =>
      optimizer.get({
        source: new URL(`https://img.example.com/${name}`),
        preset: 'avatar',
        density: 1,
        output: 'webp',
      })

    const first = ask('one.png')
    const warm = ask('warm.png')
    await expect.poll(() => calls.length).toBe(1)
    calls[0]?.release()
    await first
    await expect.poll(() => calls.length).toBe(2)
    const waiting = [ask('two.png'), ask('three.png')]
    calls[1]?.release()
    await warm
    // A finished variant is answered while others still wait for their turn.
    expect((await ask('one.png')).contentType).toBe('image/webp')
    await expect.poll(() => calls.length).toBe(3)
    calls[2]?.release()
    await expect.poll(() => calls.length).toBe(4)
    calls[3]?.release()
    await Promise.all(waiting)
    expect(maxActive).toBe(1)
  })
})

describe('image optimiser memory', () => {
  it("keeps nothing in libvips' own cache: finished images live only in the bounded image cache", async () => {
    const picture = await photo(200, 150)
    const fetchSource = async (source: URL): Promise<FetchedSource> => ({
      body: picture,
      url: source,
      allowedOrigin: true,
    })
    const optimizer = createImageOptimizer({
      fetchSource,
      cache: createImageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 }),
    })
    for (const name of ['one', 'two', 'three']) {
      await optimizer.get({
        source: new URL(`https://img.example.com/${name}.png`),
        preset: 'avatar',
        density: 1,
        output: 'webp',
      })
    }
    const { memory, items } = sharp.cache()
    expect(items.current).toBe(0)
    expect(memory.current).toBe(0)
    expect(memory.max).toBe(0)
  })
})
