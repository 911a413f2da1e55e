import { Writable } from 'node:stream'
import { Redis } from 'ioredis'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startTestSite, type TestSite, type TestSiteOptions } from '../../test/harness.ts'
import { startRedis, type TestRedis } from '../../test/redis-server.ts'

const TOKEN = 'purge-token-for-tests-0123'

let redis: TestRedis
let admin: Redis
let sites: TestSite[] = []

/** Upstream calls of every instance together, by kind. */
let calls: { siteConfig: number; other: number }

beforeAll(async () => {
  redis = await startRedis()
})
afterAll(async () => {
  await redis.stop()
})
beforeEach(async () => {
  calls = { siteConfig: 0, other: 0 }
  admin = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 })
  admin.on('error', () => {})
  await admin.connect()
  await admin.flushall()
})
afterEach(async () => {
  await Promise.all(sites.map((site) => site.close()))
  sites = []
  admin.disconnect()
})

/** One app instance sharing the test Redis, counting its upstream calls into `calls`. */
async function instance(options: TestSiteOptions = {}): Promise<TestSite> {
  const site = await startTestSite({
    htmlCache: {},
    redisUrl: redis.url,
    purgeToken: TOKEN,
    upstream: async (request, demo) => {
      const body = await request.clone().text()
      const isSiteConfig = new URL(request.url).pathname === '/v1/site_page/web_get' && JSON.parse(body || '{}').page_path === ''
      if (isSiteConfig) calls.siteConfig += 1
      else calls.other += 1
      return demo(request)
    },
    ...options,
  })
  sites.push(site)
  return site
}

async function get(site: TestSite, path: string, init: RequestInit & { host?: string } = {}) {
  const response = await site.request(path, init)
  const text = await response.text()
  await vi.waitFor(() => expect(site.htmlCache?.inFlight).toBe(0))
  return { status: response.status, text }
}

describe('instances sharing Redis', () => {
  it('a second instance serves configs, data and the page loaded by the first without calling the upstream', async () => {
    const [a, b] = [await instance(), await instance()]
    const first = await get(a, '/res/hot', { headers: { cookie: 'lang=zh' } })
    const loaded = { ...calls }
    expect(loaded.siteConfig).toBe(1)
    await vi.waitFor(async () => expect(await admin.exists('ts:res.localhost:html:zh:http://res.localhost/res/hot')).toBe(1))
    const second = await get(b, '/res/hot', { headers: { cookie: 'lang=zh' } })
    expect(second.status).toBe(200)
    expect(second.text).toBe(first.text)
    expect(calls).toEqual(loaded)
    // A page the second instance renders itself still uses the shared site config and data.
    await get(b, '/res/new')
    expect(calls.siteConfig).toBe(1)
  })

  it('a cold site config requested by two instances at once is loaded once', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const options: TestSiteOptions = {
      upstream: async (request, demo) => {
        const body = await request.clone().text()
        if (new URL(request.url).pathname === '/v1/site_page/web_get' && JSON.parse(body || '{}').page_path === '') {
          calls.siteConfig += 1
          await gate
        }
        return demo(request)
      },
    }
    const [a, b] = [await instance(options), await instance(options)]
    const pages = [a.request('/res/hot'), b.request('/res/hot')]
    await vi.waitFor(async () => expect(await admin.keys('ts:lock:*')).toHaveLength(1))
    await vi.waitFor(() => expect(calls.siteConfig).toBe(1))
    release()
    const statuses = await Promise.all(pages.map(async (page) => (await page).status))
    expect(statuses).toEqual([200, 200])
    expect(calls.siteConfig).toBe(1)
  })

  it('a purge on one instance is seen on the other', async () => {
    const [a, b] = [await instance(), await instance()]
    await get(a, '/res/hot')
    await get(b, '/res/hot')
    expect(b.htmlCache?.size).toBe(1)
    const before = { ...calls }
    const purged = await a.request('/_internal/purge', { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` }, body: JSON.stringify({ host: 'res.localhost' }) })
    expect(purged.status).toBe(200)
    await vi.waitFor(() => expect(b.htmlCache?.size).toBe(0))
    expect(await admin.keys('ts:res.localhost:*')).toEqual([])
    await get(b, '/res/hot')
    expect(calls.siteConfig).toBe(before.siteConfig + 1)
    expect(calls.other).toBeGreaterThan(before.other)
  })

  it('Redis killed mid-run changes nothing visitors see, is logged once, and is picked up again when back', async () => {
    const lines: string[] = []
    const log = pino({ level: 'warn' }, new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done() } }))
    const [a, b] = [await instance({ log, redisCommandTimeoutMs: 200 }), await instance({ log, redisCommandTimeoutMs: 200 })]
    const warm = await get(a, '/res/hot')
    await redis.kill()
    try {
      for (const site of [a, b]) {
        for (const path of ['/res/hot', '/res/new', '/rank', '/d/no-such-resource']) {
          const page = await get(site, path)
          expect(page.status, path).toBe(path.startsWith('/d/') ? 404 : 200)
        }
      }
      expect((await get(a, '/res/hot')).text).toBe(warm.text)
      const purged = await a.request('/_internal/purge', { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` }, body: JSON.stringify({ all: true }) })
      expect(purged.status).toBe(200)
      expect((await get(a, '/res/hot')).status).toBe(200)
      const warnings = lines.filter((line) => line.includes('redis unavailable'))
      // Once per instance per interval, not once per command.
      expect(warnings.length).toBeGreaterThan(0)
      expect(warnings.length).toBeLessThanOrEqual(2)
    } finally {
      await redis.restart()
    }
    // Back: the instance reconnects and shares again, without a restart.
    let page = 2
    await vi.waitFor(async () => {
      // A page not loaded before: its data is written to Redis once the instance has reconnected.
      expect((await get(a, `/res/hot?page=${page++}`)).status).toBe(200)
      expect(await admin.keys('ts:res.localhost:data:*')).not.toEqual([])
    }, { timeout: 15_000, interval: 100 })
  })
})
