import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Agent } from 'undici'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGate } from '../../test/gate.ts'
import { type BoundedSlots, createBoundedSlots } from './bounded-slots.ts'
import { createImages, type ImagesOptions } from './create-images.ts'
import { createImageCache } from './image-cache.ts'
import { ImageError } from './image-errors.ts'
import { createImageOptimizer, type ImageOptimizer } from './image-optimizer.ts'
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

describe('image optimiser work', () => {
  const ask = (optimizer: ImageOptimizer, name: string) =>
    optimizer.get({
      source: new URL(`https://img.example.com/${name}`),
      preset: 'avatar',
      density: 1,
      output: 'webp',
    })

  it('encodes at most the encode slots at once; a held fetch holds no slot, and cache hits do not wait', async () => {
    const picture = await photo(64, 64)
    const held = createGate()
    const fetchSource = async (source: URL): Promise<FetchedSource> => {
      if (source.pathname.startsWith('/held')) await held.passed()
      return { body: picture, url: source, allowedOrigin: true }
    }
    const slots = createBoundedSlots({ limit: 1, maxQueued: 10, maxWaitMs: 60_000, what: 'encode' })
    let maxActive = 0
    const watched: BoundedSlots = {
      async acquire() {
        const release = await slots.acquire()
        maxActive = Math.max(maxActive, slots.active)
        return release
      },
      get active() {
        return slots.active
      },
      get queued() {
        return slots.queued
      },
      get isFull() {
        return slots.isFull
      },
    }
    const cache = createImageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 })
    const optimizer = createImageOptimizer({ fetchSource, cache, encodeSlots: watched })

    const waiting = [ask(optimizer, 'held-1.png'), ask(optimizer, 'held-2.png')]
    const made = await Promise.all(['one.png', 'two.png', 'three.png'].map((name) => ask(optimizer, name)))
    expect(made.map((image) => image.contentType)).toEqual(['image/webp', 'image/webp', 'image/webp'])
    expect(slots.active).toBe(0)
    expect((await ask(optimizer, 'one.png')).etag).toBe(made[0]?.etag)
    held.open()
    await Promise.all(waiting)
    expect(maxActive).toBe(1)
  })

  it('answers 503 with a retry time, without fetching, when the encode queue is full', async () => {
    let fetches = 0
    const fetchSource = async (source: URL): Promise<FetchedSource> => {
      fetches += 1
      return { body: await photo(8, 8), url: source, allowedOrigin: true }
    }
    const full: BoundedSlots = {
      acquire: () => Promise.reject(new Error('not reached')),
      active: 1,
      queued: 0,
      isFull: true,
    }
    const cache = createImageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 })
    const refused: string[] = []
    const optimizer = createImageOptimizer({
      fetchSource,
      cache,
      encodeSlots: full,
      onEncodeRefused: (reason) => refused.push(reason),
    })
    const error = await ask(optimizer, 'any.png').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ImageError)
    expect(error).toMatchObject({ status: 503, retryAfterSeconds: 1 })
    expect(fetches).toBe(0)
    expect(refused).toEqual(['full'])
  })

  it('answers 503 when the wait for an encode slot runs out', async () => {
    const fetchSource = async (source: URL): Promise<FetchedSource> => ({
      body: await photo(8, 8),
      url: source,
      allowedOrigin: true,
    })
    const slots = createBoundedSlots({ limit: 1, maxQueued: 1, maxWaitMs: 1, what: 'encode' })
    const release = await slots.acquire()
    const cache = createImageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 })
    const refused: string[] = []
    const optimizer = createImageOptimizer({
      fetchSource,
      cache,
      encodeSlots: slots,
      onEncodeRefused: (reason) => refused.push(reason),
    })
    await expect(ask(optimizer, 'late.png')).rejects.toMatchObject({ status: 503, retryAfterSeconds: 1 })
    expect(refused).toEqual(['waited'])
    release()
    expect((await ask(optimizer, 'late.png')).contentType).toBe('image/webp')
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
