import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { settled, startTestSite, type TestSite } from '../../test/harness.ts'
import { SENTINEL_NAME, startSentinelSet, type TestSentinelSet } from '../../test/redis-topologies.ts'
import { htmlKey } from './cache-keys.ts'

const TOKEN = 'purge-token-for-tests-0123'
const ZH = { cookie: 'lang=zh' }
const HOT = htmlKey('res.localhost', 'zh', 'http://res.localhost', '/res/hot')
/** Pages asked for under load: kept ones, and new searches whose answers go through Redis. */
const PAGES = ['/res/hot', '/res/new', '/rank']

let set: TestSentinelSet
let sites: TestSite[] = []
const errors: string[] = []

beforeAll(async () => {
  set = await startSentinelSet()
}, 60_000)
afterAll(async () => {
  await set?.stop()
})
afterEach(async () => {
  await Promise.all(sites.map((site) => site.close()))
  sites = []
})

async function instance(): Promise<TestSite> {
  const log = pino(
    { level: 'error' },
    new Writable({
      write(chunk, _encoding, done) {
        errors.push(String(chunk))
        done()
      },
    }),
  )
  const site = await startTestSite({
    log,
    redisEnv: { REDIS_SENTINELS: set.sentinels, REDIS_SENTINEL_NAME: SENTINEL_NAME },
    redisCommandTimeoutMs: 250,
    purgeToken: TOKEN,
    htmlCache: { ttlMs: 600_000, staleMs: 3_600_000 },
  })
  sites.push(site)
  return site
}

describe('two instances on Redis behind three Sentinels (a primary and a replica)', () => {
  it('the primary killed under load gives no 5xx; after the failover a tag purge sent to A reaches B within 5 s', async () => {
    const [a, b] = [await instance(), await instance()]
    const first = await a.request('/res/hot', { headers: ZH })
    const tag = (first.headers.get('cache-tag') ?? '')
      .split(',')
      .find((name) => name.includes(':resource:'))
      ?.slice('res.localhost:'.length)
    await first.arrayBuffer()
    expect(tag).toMatch(/^resource:/)

    let loading = true
    const statuses: number[] = []
    const load = Array.from({ length: 4 }, async (_, lane) => {
      const site = lane % 2 === 0 ? a : b
      for (let turn = 0; loading; turn++) {
        const path = turn % 4 === 3 ? `/s?query=lane${lane}turn${turn}` : (PAGES[turn % PAGES.length] ?? '/')
        const response = await site.request(path, { headers: ZH })
        await response.arrayBuffer()
        statuses.push(response.status)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    })
    let failedOverMs = 0
    try {
      // Under load for a moment, then the primary dies; the load goes on through the failover.
      await vi.waitFor(() => expect(statuses.length).toBeGreaterThan(20), { timeout: 10_000 })
      const killed = performance.now()
      await set.primary.kill()
      await set.untilFailover(set.primary.port)
      failedOverMs = performance.now() - killed
      const served = statuses.length
      await vi.waitFor(() => expect(statuses.length).toBeGreaterThan(served + 20), { timeout: 10_000 })
    } finally {
      loading = false
      await Promise.all(load)
    }
    await settled(a, b)
    expect(statuses.filter((status) => status >= 500)).toEqual([])

    // A writes to the new primary again (its connection followed the Sentinels, no restart).
    await vi.waitFor(
      async () => expect(await (await a.purge({ host: 'other.localhost' })).json()).toMatchObject({ shared: 'ok' }),
      { timeout: 15_000, interval: 200 },
    )
    const held = await b.request('/res/hot', { headers: ZH })
    await held.arrayBuffer()
    await settled(b)
    expect(b.htmlCache?.peek(HOT)).toBeDefined()
    const sent = performance.now()
    expect(await (await a.purge({ host: 'res.localhost', tags: [tag], mode: 'hard' })).json()).toMatchObject({
      shared: 'ok',
    })
    await vi.waitFor(() => expect(b.htmlCache?.peek(HOT)).toBeUndefined(), { timeout: 5000, interval: 10 })
    console.info(
      `sentinel: ${statuses.length} requests, failover ${Math.round(failedOverMs)} ms after the kill, tag purge reached B in ${Math.round(performance.now() - sent)} ms`,
    )
    expect(errors).toEqual([])
  }, 90_000)
})
