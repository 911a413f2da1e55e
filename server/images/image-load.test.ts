import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGate, type Gate } from '../../test/gate.ts'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { createMetrics, type Metrics } from '../metrics/metrics.ts'
import { createPinnedAgent } from './fetch-source.ts'
import {
  photo,
  serve,
  startLoopbackServer,
  startPictureServer,
  type LoopbackServer,
} from './image-fixtures.test-helper.ts'

// A slow image source must not stop the optimiser for everyone: its fetches hold neither the
// encode slots nor another origin's, and once its queue is full it is told to come back later.
describe('image endpoint under a slow source', () => {
  let slow: LoopbackServer
  let fast: LoopbackServer
  let site: TestSite
  let gate: Gate
  let metrics: Metrics
  let held = 0
  beforeAll(async () => {
    const picture = await photo(400, 300)
    gate = createGate()
    // Accepts every request and answers none until the gate opens.
    slow = await startLoopbackServer({}, (request, response) => {
      held += 1
      void gate.passed().then(() => serve(picture, 'image/png')(request, response))
    })
    fast = await startLoopbackServer({ '/fast.png': serve(picture, 'image/png') })
    metrics = createMetrics({ processMetrics: false })
    site = await startTestSite({
      listen: true,
      app: { metrics },
      images: {
        allowedOrigins: [slow.url, fast.url],
        limits: { fetchPerOrigin: 2, fetchPerOriginQueue: 4, encodeConcurrency: 4 },
      },
    })
  })
  afterAll(async () => {
    gate?.open()
    await site?.close()
    await Promise.all([slow?.close(), fast?.close()])
  })

  const get = (source: string) =>
    site.request(`/_img/thumbnail?url=${encodeURIComponent(source)}`, {
      via: 'listener',
      headers: { accept: 'image/webp' },
    })

  it('optimises an image from another origin while six requests wait at the slow one, and refuses a seventh', async () => {
    const waiting = [1, 2, 3, 4, 5, 6].map((n) => get(`${slow.url}/${n}.png`))
    // Two fetches at the slow origin; four more wait for its slots.
    await expect.poll(() => held).toBe(2)

    const started = performance.now()
    const other = await get(`${fast.url}/fast.png`)
    const seconds = (performance.now() - started) / 1000
    expect(other.status).toBe(200)
    expect(other.headers.get('content-type')).toBe('image/webp')
    expect(seconds).toBeLessThan(1.5)

    const refused = await get(`${slow.url}/7.png`)
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('5')
    expect(refused.headers.get('cache-control')).toBe('no-store')
    expect(await refused.text()).toBe('Image optimiser busy')
    const scraped = await metrics.registry.metrics()
    expect(scraped).toMatch(/^image_work\{stage="fetch",state="active"\} 2$/m)
    expect(scraped).toMatch(/^image_work\{stage="fetch",state="queued"\} 4$/m)
    expect(scraped).toMatch(/^image_refusals_total\{stage="fetch",reason="full"\} 1$/m)
    expect(scraped).not.toContain('127.0.0.1')

    gate.open()
    const answers = await Promise.all(waiting)
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(held).toBe(6)
  })

  it('counts each image request by its outcome, never by its source', async () => {
    const before = await metrics.registry.getSingleMetricAsString('image_requests_total')
    const count = (text: string, outcome: string) =>
      Number(new RegExp(`^image_requests_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0)
    const served = await get(`${fast.url}/fast.png`)
    expect(served.status).toBe(200)
    const again = await site.request(`/_img/thumbnail?url=${encodeURIComponent(`${fast.url}/fast.png`)}`, {
      via: 'listener',
      headers: { accept: 'image/webp', 'if-none-match': served.headers.get('etag') ?? '' },
    })
    expect(again.status).toBe(304)
    expect((await get(`${fast.url}/missing.png`)).status).toBe(404)
    expect((await site.request('/_img/thumbnail?url=x&size=9', { via: 'listener' })).status).toBe(400)
    const after = await metrics.registry.getSingleMetricAsString('image_requests_total')
    expect(count(after, 'ok') - count(before, 'ok')).toBe(1)
    expect(count(after, 'not_modified') - count(before, 'not_modified')).toBe(1)
    expect(count(after, 'not_found') - count(before, 'not_found')).toBe(1)
    expect(count(after, 'bad_request') - count(before, 'bad_request')).toBe(1)
    // The refusal of the test above was counted as busy.
    expect(count(after, 'busy')).toBe(1)
    expect(after).not.toContain('127.0.0.1')
  })
})

// Many hosts of a stranger (one wildcard DNS name each) share one pool: they can fill it, never
// the slots of the sites' own images.
describe('image endpoint under many slow public hosts', () => {
  /** Where `*.public.test` resolves; the pinned transport connects to the slow stub instead. */
  const FAKE_PUBLIC = '93.184.216.34'
  let slow: LoopbackServer
  let own: LoopbackServer
  let site: TestSite
  let gate: Gate
  let held = 0
  beforeAll(async () => {
    const picture = await photo(400, 300)
    gate = createGate()
    slow = await startLoopbackServer({}, (request, response) => {
      held += 1
      void gate.passed().then(() => serve(picture, 'image/png')(request, response))
    })
    own = await startLoopbackServer({ '/own.png': serve(picture, 'image/png') })
    site = await startTestSite({
      listen: true,
      images: {
        allowedOrigins: [own.url],
        limits: { fetchPerOrigin: 2, fetchConcurrency: 3, fetchQueue: 1 },
        fetcher: {
          resolve: async () => [{ address: FAKE_PUBLIC, family: 4 }],
          pinnedDispatcher: () => createPinnedAgent({ address: '127.0.0.1', family: 4 }),
        },
      },
    })
  })
  afterAll(async () => {
    gate?.open()
    await site?.close()
    await Promise.all([slow?.close(), own?.close()])
  })

  const get = (source: string) =>
    site.request(`/_img/thumbnail?url=${encodeURIComponent(source)}`, {
      via: 'listener',
      headers: { accept: 'image/webp' },
    })
  const publicUrl = (host: string) => `http://${host}.public.test:${slow.port}/a.png`

  it("fills the shared pool of origins not allowed, and still optimises the sites' own images", async () => {
    const waiting = ['a', 'b', 'c', 'd'].map((host) => get(publicUrl(host)))
    // Three fetches run (the pool), one waits for the pool.
    await expect.poll(() => held).toBe(3)
    const refused = await get(publicUrl('e'))
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('5')

    const started = performance.now()
    const mine = await get(`${own.url}/own.png`)
    expect(mine.status).toBe(200)
    expect((performance.now() - started) / 1000).toBeLessThan(1.5)

    gate.open()
    expect((await Promise.all(waiting)).map((answer) => answer.status)).toEqual([200, 200, 200, 200])
  })
})

// Every new source address adds a file to IMAGE_CACHE_DIR: the folder must stay within its bound.
describe('image disk cache under many addresses', () => {
  const BOUND = 256 * 1024
  let pictures: LoopbackServer
  let site: TestSite
  let dir: string
  beforeAll(async () => {
    pictures = await startPictureServer(300, 200)
    dir = await mkdtemp(path.join(os.tmpdir(), 'image-load-disk-'))
    site = await startTestSite({
      listen: true,
      images: { allowedOrigins: [pictures.url], cacheDir: dir, cacheDirMaxBytes: BOUND },
    })
  })
  afterAll(async () => {
    await site?.close()
    await pictures?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  /** What the folder takes on disk: its files' allocated blocks. */
  async function folderBytes() {
    let bytes = 0
    for (const name of await readdir(dir)) {
      const facts = await stat(path.join(dir, name)).catch(() => undefined)
      bytes += (facts?.blocks ?? 0) * 512
    }
    return bytes
  }

  it('keeps the folder within IMAGE_CACHE_DIR_MAX_BYTES over 200 never-seen addresses', async () => {
    const get = (n: number) =>
      site.request(`/_img/avatar?url=${encodeURIComponent(`${pictures.url}/pictures/${n}.png`)}`, {
        via: 'listener',
        headers: { accept: 'image/webp' },
      })
    let largest = 0
    for (let n = 0; n < 200; n += 8) {
      const answers = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((i) => get(n + i)))
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200])
      largest = Math.max(largest, await folderBytes())
    }
    // Removals run in the background: the folder comes back within the bound once they end.
    await expect.poll(folderBytes).toBeLessThanOrEqual(BOUND)
    const files = (await readdir(dir)).length
    expect(files).toBeGreaterThan(10)
    // Between batches, at most the removals of one batch of eight may still be running.
    expect(largest).toBeLessThanOrEqual(BOUND + 8 * 8192)
  })
})
