import { Writable } from 'node:stream'
import type { Cluster } from 'ioredis'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { settled, startTestSite, type TestSite } from '../../../test/harness.ts'
import { startRedisCluster, type TestCluster } from '../../../test/redis-topologies.ts'
import { htmlKey, sharedKey } from '../cache-keys.ts'
import { createRedisSharing } from '../redis-sharing.ts'

const TOKEN = 'purge-token-for-tests-0123'
const ZH = { cookie: 'lang=zh' }
const HOT = htmlKey('res.localhost', 'zh', 'http://res.localhost', '/res/hot')

let cluster: TestCluster
let admin: Cluster
let sites: TestSite[] = []
/** Every line the instances log at warn or above. */
const lines: { level: number; msg: string }[] = []

beforeAll(async () => {
  cluster = await startRedisCluster()
  admin = await cluster.admin()
}, 60_000)
afterAll(async () => {
  await cluster?.stop()
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
    redisEnv: { REDIS_CLUSTER_NODES: cluster.nodes },
    purgeToken: TOKEN,
    htmlCache: { ttlMs: 600_000, staleMs: 3_600_000 },
  })
  sites.push(site)
  return site
}

async function get(site: TestSite, path: string) {
  const response = await site.request(path, { headers: ZH })
  const text = await response.text()
  await settled(site)
  return { status: response.status, tags: response.headers.get('cache-tag') ?? '', text }
}

const upstreamCalls = (site: TestSite) => [...site.upstreamCalls.values()].reduce((sum, count) => sum + count, 0)

/** Every key of the cluster, from each primary (a test's look only: the instances never walk the keyspace). */
async function allKeys(): Promise<string[]> {
  const keys = await Promise.all(admin.nodes('master').map((node) => node.keys('*')))
  return keys.flat()
}

describe('two instances on a Redis Cluster of three primaries', () => {
  it('B answers A’s page from the cluster with no upstream call; tag and host purges sent to A reach B within 5 s; nothing is logged', async () => {
    const [a, b] = [await instance(), await instance()]
    const first = await get(a, '/res/hot')
    expect(first.status).toBe(200)
    // Whatever the slots of the page, its tag indexes and its tenant's records, A wrote them all.
    await vi.waitFor(async () =>
      expect(await admin.exists(`ts:{res.localhost}:${HOT.slice('res.localhost:'.length)}`)).toBe(1),
    )
    const shared = await get(b, '/res/hot')
    expect(shared.status).toBe(200)
    expect(upstreamCalls(b)).toBe(0)
    expect(b.htmlCache?.peek(HOT)).toBeDefined()

    // A tag purge sent to A: B drops its copy.
    const tag =
      first.tags
        .split(',')
        .find((name) => name.includes(':resource:'))
        ?.slice('res.localhost:'.length) ?? ''
    expect(tag).toMatch(/^resource:/)
    let sent = performance.now()
    expect(await (await a.purge({ host: 'res.localhost', tags: [tag], mode: 'hard' })).json()).toMatchObject({
      shared: 'ok',
    })
    await vi.waitFor(() => expect(b.htmlCache?.peek(HOT)).toBeUndefined(), { timeout: 5000, interval: 10 })
    const tagMs = performance.now() - sent
    // Not answered from the cluster's copy either: rendered again.
    const before = upstreamCalls(b)
    expect((await get(b, '/res/hot')).status).toBe(200)
    expect(upstreamCalls(b)).toBeGreaterThan(before)

    // A host purge sent to A: B drops its copy, and its next answer is rendered from the upstream.
    await get(a, '/res/hot')
    expect(b.htmlCache?.peek(HOT)).toBeDefined()
    sent = performance.now()
    expect(await (await a.purge({ host: 'res.localhost', mode: 'hard' })).json()).toMatchObject({ shared: 'ok' })
    await vi.waitFor(() => expect(b.htmlCache?.peek(HOT)).toBeUndefined(), { timeout: 5000, interval: 10 })
    const hostMs = performance.now() - sent
    const beforeHost = upstreamCalls(b)
    expect((await get(b, '/res/hot')).status).toBe(200)
    expect(upstreamCalls(b)).toBeGreaterThan(beforeHost)
    console.info(`cluster: tag purge reached B in ${Math.round(tagMs)} ms, host purge in ${Math.round(hostMs)} ms`)

    // Every key the instances wrote starts with the prefix, and nothing was logged (no CROSSSLOT,
    // no unavailable Redis).
    const keys = await allKeys()
    expect(keys.length).toBeGreaterThan(0)
    expect(keys.filter((key) => !key.startsWith('ts:'))).toEqual([])
    expect(lines).toEqual([])
  }, 60_000)
})

describe('the shared store on a Redis Cluster', () => {
  it('deletes keys of several tenants (several slots) in one call, one command per slot', async () => {
    const sharing = createRedisSharing({
      url: { kind: 'cluster', nodes: cluster.nodes },
      log: pino({ level: 'silent' }),
      commandTimeoutMs: 2000,
    })
    try {
      await sharing.ready
      const keys = ['a.example', 'b.example', 'c.example'].map((host) => sharedKey('ts:', `${host}:data:/v1/x:{}`))
      for (const key of keys) await admin.set(key, 'x')
      expect(await sharing.store.deleteKeys(keys)).toBe(true)
      expect(await Promise.all(keys.map((key) => admin.exists(key)))).toEqual([0, 0, 0])
    } finally {
      await sharing.close()
    }
  })
})
