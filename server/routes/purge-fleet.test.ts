import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { startRedis, type TestRedis } from '../../test/redis-server.ts'
import type { RevalidationOutcome } from '../html-cache/html-cache.ts'

const TOKEN = 'purge-token-for-tests-0123'
const ZH = { cookie: 'lang=zh' }
const HOT_KEY = 'ts:res.localhost:html:zh:http://res.localhost/res/hot'

let redis: TestRedis
let admin: Redis
let sites: TestSite[] = []
beforeAll(async () => {
  redis = await startRedis()
})
afterAll(async () => {
  await redis.stop()
})
beforeEach(async () => {
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

/** An instance sharing the test Redis whose pages stay fresh for the whole test unless purged. */
async function instance(outcomes: RevalidationOutcome[]): Promise<TestSite> {
  const site = await startTestSite({
    redisUrl: redis.url, redisCommandTimeoutMs: 200, purgeToken: TOKEN,
    htmlCache: { ttlMs: 600_000, staleMs: 3_600_000, onRevalidated: (outcome) => outcomes.push(outcome) },
  })
  sites.push(site)
  return site
}

async function get(site: TestSite, path: string) {
  const response = await site.request(path, { headers: ZH })
  await response.arrayBuffer()
  await vi.waitFor(() => expect(site.htmlCache?.inFlight).toBe(0))
  return response.status
}

function purge(site: TestSite, body: unknown) {
  return site.request('/_internal/purge', { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` }, body: JSON.stringify(body) })
}

describe('purges across instances sharing Redis', () => {
  it('a soft purge on one instance marks the page stale on both and drops the shared copy; the fleet renders it once', async () => {
    const onA: RevalidationOutcome[] = []
    const onB: RevalidationOutcome[] = []
    const [a, b] = [await instance(onA), await instance(onB)]
    await get(a, '/res/hot')
    await get(a, '/res/new')
    await get(b, '/res/hot')
    expect(await admin.exists(HOT_KEY)).toBe(1)
    const answer = await purge(a, { host: 'res.localhost', paths: ['/res/hot'] })
    expect(await answer.json()).toMatchObject({ purged: { pages: 1 }, shared: 'ok' })
    expect(await admin.exists(HOT_KEY)).toBe(0)
    // The other page's shared copy stays.
    expect(await admin.keys('ts:res.localhost:html:*')).toEqual(['ts:res.localhost:html:zh:http://res.localhost/res/new'])
    // b got the purge through pub/sub: its next visitor is answered from the stale copy while b renders it.
    await vi.waitFor(async () => {
      expect(await get(b, '/res/hot')).toBe(200)
      expect(onB).toEqual(['rendered'])
    })
    // a's next visitor gets the old copy too, and a takes b's new page from Redis instead of rendering.
    expect(await get(a, '/res/hot')).toBe(200)
    await vi.waitFor(() => expect(onA).toEqual(['shared']))
    expect(await admin.exists(HOT_KEY)).toBe(1)
  })

  it('with Redis down, the instance that got the purge still purges itself and says so', async () => {
    const [a] = [await instance([])]
    await get(a, '/res/hot')
    await redis.kill()
    try {
      const answer = await purge(a, { host: 'res.localhost', paths: ['/res/hot'], mode: 'hard' })
      expect(answer.status).toBe(200)
      expect(await answer.json()).toMatchObject({ purged: { pages: 1 }, shared: 'unavailable' })
      expect(a.htmlCache?.size).toBe(0)
    } finally {
      await redis.restart()
    }
  })

  it('a purge by tag on an instance that never held the page reaches the shared copy through the tag index; a new instance renders it afresh', async () => {
    const onA: RevalidationOutcome[] = []
    const a = await instance(onA)
    const first = await a.request('/res/hot', { headers: ZH })
    const tag = (first.headers.get('cache-tag') ?? '').split(',').find((name) => name.startsWith('res.localhost:resource:'))!.slice('res.localhost:'.length)
    await first.arrayBuffer()
    await vi.waitFor(async () => expect(await admin.exists(HOT_KEY)).toBe(1))
    await vi.waitFor(async () => expect(await admin.smembers(`ts:res.localhost:tag:${tag}`)).toContain(HOT_KEY))
    const b = await instance([])
    const answer = await purge(b, { host: 'res.localhost', tags: [tag] })
    expect(await answer.json()).toMatchObject({ purged: { pages: 0 }, shared: 'ok' })
    expect(await admin.exists(HOT_KEY)).toBe(0)
    expect(await admin.exists(`ts:res.localhost:tag:${tag}`)).toBe(0)
    // A restarted instance finds no copy older than the purge: it renders the page.
    const c = await instance([])
    const fresh = await c.request('/res/hot', { headers: ZH })
    await fresh.arrayBuffer()
    expect(fresh.status).toBe(200)
    expect(fresh.headers.get('age')).toBeNull()
    // a got the purge through pub/sub: its copy is stale, answered once while it renders again.
    await vi.waitFor(async () => {
      expect(await get(a, '/res/hot')).toBe(200)
      expect(onA.length).toBe(1)
    })
  })

  it('a purge by tag reaches a copy another instance took from Redis (its tags travel with it)', async () => {
    const onB: RevalidationOutcome[] = []
    const [a, b] = [await instance([]), await instance(onB)]
    const first = await a.request('/res/hot', { headers: ZH })
    const tag = (first.headers.get('cache-tag') ?? '').split(',').find((name) => name.startsWith('res.localhost:resource:'))!.slice('res.localhost:'.length)
    await first.arrayBuffer()
    await vi.waitFor(async () => expect(await admin.exists(HOT_KEY)).toBe(1))
    const taken = await b.request('/res/hot', { headers: ZH })
    expect(taken.headers.get('age')).not.toBeNull()
    await taken.arrayBuffer()
    const answer = await purge(a, { host: 'res.localhost', tags: [tag] })
    expect(await answer.json()).toMatchObject({ purged: { pages: 1 }, shared: 'ok' })
    await vi.waitFor(async () => {
      expect(await get(b, '/res/hot')).toBe(200)
      expect(onB).toEqual(['rendered'])
    })
  })
})

