import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { settled, startTestSite, type TestSite } from '../../../test/harness.ts'
import { SENTINEL_NAME, startSentinelSet, type TestSentinelSet } from '../../../test/redis-topologies.ts'
import { htmlKey } from '../cache-keys.ts'

const TOKEN = 'purge-token-for-tests-0123'
const ZH = { cookie: 'lang=zh' }
const HOT = htmlKey('res.localhost', 'zh', 'http://res.localhost', '/res/hot')
/** Pages asked for under load: kept ones, and new searches whose answers go through Redis. */
const PAGES = ['/res/hot', '/res/new', '/rank']

let set: TestSentinelSet
let sites: TestSite[] = []
/** Every line the instances log at warn or above (trouble while the primary is gone is expected at warn). */
const lines: { level: number; msg: string; what?: string; err?: { message?: string } }[] = []

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
    { level: 'warn' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)))
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

    // A writes to the new primary again (its connection followed the Sentinels, no restart). Its
    // breaker may have opened on commands that timed out while the primary was gone: the next
    // probe comes after a back-off of up to 8 s.
    await vi
      .waitFor(
        async () => expect(await (await a.purge({ host: 'other.localhost' })).json()).toMatchObject({ shared: 'ok' }),
        { timeout: 30_000, interval: 200 },
      )
      .catch((error: unknown) => {
        const seen = lines.map((line) => `${line.msg} ${line.what ?? ''} ${line.err?.message ?? ''}`)
        throw new Error(`A never shared a purge again; it logged:\n${[...new Set(seen)].join('\n')}`, { cause: error })
      })
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
    expect(lines.filter((line) => line.level >= 50)).toEqual([])
  }, 90_000)
})
