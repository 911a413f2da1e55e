import { unsharedKey } from '../cache-keys.ts'
import { randomBytes } from 'node:crypto'
import pino from 'pino'
import { describe, expect, it, vi } from 'vitest'
import { useFleet } from '../../../test/fleet.ts'
import { settled, type TestSite } from '../../../test/harness.ts'
import type { RevalidationOutcome } from '../pages/read-render.ts'
import { pageMarks } from './purge-marks.ts'
import { createRedisSharing } from '../redis-sharing.ts'

const TOKEN = 'purge-token-for-tests-0123'
const ZH = { cookie: 'lang=zh' }
const HOT = 'ts:{res.localhost}:html:zh:http://res.localhost/res/hot'
const NEW = 'ts:{res.localhost}:html:zh:http://res.localhost/res/new'
const FILLER = Buffer.alloc(100 * 1024, 'x')
/** Posts the stub makes up (`f0`, `f1`…): the demo's p1001 under that id, with text that hardly compresses. */
const FLOOD_POST = /^f\d+$/

/**
 * The upstream in front of the demo: a made-up post for every `f<N>` id, each carrying 24 KiB of
 * random text, so each page a visitor floods the instances with takes about 56 KiB in Redis (the
 * text is in its markup and its hydration data) and its upstream answer 28 KiB.
 */
async function floodUpstream(request: Request, demo: (request: Request) => Promise<Response>): Promise<Response> {
  if (new URL(request.url).pathname !== '/v1/post/get') return demo(request)
  const body = (await request.clone().json()) as { id?: string }
  if (body.id === undefined || !FLOOD_POST.test(body.id)) return demo(request)
  const original = await demo(
    new Request(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify({ id: 'p1001' }) }),
  )
  const answer = (await original.json()) as { data: { id: string; path?: string; content: string } }
  answer.data.id = body.id
  delete answer.data.path
  answer.data.content += `\n\n${randomBytes(18 * 1024).toString('base64')}`
  return Response.json(answer)
}

describe.each(['allkeys-lru', 'volatile-lru'])('purge records under memory pressure (maxmemory 4mb, %s)', (policy) => {
  const fleet = useFleet({ args: ['--maxmemory', '4mb', '--maxmemory-policy', policy] })

  function instance(outcomes: RevalidationOutcome[] = []): Promise<TestSite> {
    return fleet.start({
      redisCommandTimeoutMs: 1000,
      purgeToken: TOKEN,
      // Pages, configs and upstream answers enter Redis at their second load in the fleet.
      redisAdmitAfter: 2,
      upstream: floodUpstream,
      htmlCache: { ttlMs: 600_000, staleMs: 3_600_000, onRevalidated: (outcome) => outcomes.push(outcome) },
    })
  }

  async function get(site: TestSite, path: string): Promise<Response> {
    const response = await site.request(path, { headers: ZH })
    await response.arrayBuffer()
    return response
  }

  /**
   * An instance whose renders of `paths` are in Redis: rendered on two instances, since a page may
   * be shared only once offered twice.
   */
  async function shared(paths: string[]): Promise<[TestSite, TestSite]> {
    const [a, b] = [await instance(), await instance()]
    for (const site of [a, b]) {
      for (const path of paths) await get(site, path)
      await settled(site)
    }
    const keys = paths.map((path) => `ts:{res.localhost}:html:zh:http://res.localhost${path}`)
    await vi.waitFor(async () => expect(await fleet.admin.exists(...keys)).toBe(keys.length))
    return [a, b]
  }

  let nextPost = 0
  /**
   * Floods Redis through the instances, as visitors would: `count` made-up posts never asked for
   * before, each asked for on `a` then on `b`, so each is admitted at its second load and written to
   * Redis (the page, compressed, and its upstream answer).
   */
  async function floodThroughApp(count: number, a: TestSite, b: TestSite): Promise<void> {
    const posts = Array.from({ length: count }, () => `/articles/f${nextPost++}`)
    for (let start = 0; start < posts.length; start += 8) {
      for (const site of [a, b])
        await Promise.all(
          posts.slice(start, start + 8).map(async (path) => {
            const answer = await get(site, path)
            expect(answer.status).toBe(200)
          }),
        )
    }
    await settled(a, b)
  }

  /** Whether `answer` is a kept copy answered as current: with an Age, and a shared lifetime left. */
  const asCurrent = (answer: Response) =>
    answer.headers.get('age') !== null && !/s-maxage=0\b/.test(answer.headers.get('cache-control') ?? '')

  /** Fills Redis past its bound with page-sized values that expire (as pages do), keeping `keep` in use. */
  async function flood(megabytes: number, keep: string[]): Promise<void> {
    for (let index = 0; index < megabytes * 10; index++) {
      await fleet.admin.set(
        `ts:{flood.localhost}:html:zh:http://flood.localhost/s?query=${index}`,
        FILLER,
        'PX',
        3_600_000,
      )
      // The purged copies are read now and then, so the flood evicts other keys before them.
      if (index % 5 === 0) for (const key of keep) await fleet.admin.get(key)
    }
  }

  async function evictedKeys(): Promise<number> {
    return Number(/evicted_keys:(\d+)/.exec(await fleet.admin.info('stats'))?.[1] ?? 0)
  }

  it('flooded before and after a purge, through the app and directly, no purged page is answered as current', async () => {
    const [a, b] = await shared(['/res/hot', '/res/new'])
    const copies: [string, Buffer | null][] = [
      [HOT, await fleet.admin.dumpBuffer(HOT)],
      [NEW, await fleet.admin.dumpBuffer(NEW)],
    ]
    // Visitors of 40 new posts on both instances (about 3.3 MiB written: the 4 MiB Redis evicts
    // some 90–100 keys already), then direct writes.
    await floodThroughApp(40, a, b)
    expect((await fleet.admin.keys('ts:{res.localhost}:html:*/post/f*')).length).toBeGreaterThan(0)
    await flood(4, [HOT, NEW])
    expect(await (await a.purge({ host: 'res.localhost', paths: ['/res/hot'], mode: 'hard' })).json()).toMatchObject({
      shared: 'ok',
    })
    expect(await (await a.purge({ host: 'res.localhost', paths: ['/res/new'] })).json()).toMatchObject({
      shared: 'ok',
    })
    await floodThroughApp(80, a, b)
    await flood(8, [])
    const evicted = await evictedKeys()
    expect(evicted).toBeGreaterThan(0)
    const records = await fleet.admin.exists('ts:{res.localhost}:purged')
    console.info(`${policy}: ${evicted} keys evicted; the records set ${records ? 'kept' : 'evicted (read as lost)'}`)
    // Keys without TTL are out of this policy's reach.
    if (policy === 'volatile-lru') expect(records).toBe(1)
    // Whatever the flood evicted, the copies from before the purges are there (as if they had
    // survived it, or a write had raced the purge): they must not read as current. They are put
    // back before each instance is asked, so no instance's new render reaches the next one.
    for (const [, dumped] of copies) expect(dumped).not.toBeNull()
    async function restoreCopies(): Promise<void> {
      for (const [key, dumped] of copies)
        if (dumped !== null) await fleet.admin.restore(key, 3_600_000, dumped, 'REPLACE')
    }

    // The instances that held both pages in memory: the hard-purged one is rendered again, the
    // soft-purged one at most answered stale (no shared lifetime) while rendered again.
    for (const site of [a, b]) {
      await restoreCopies()
      const hot = await get(site, '/res/hot')
      expect([hot.status, hot.headers.get('age')]).toEqual([200, null])
      const stale = await get(site, '/res/new')
      expect(stale.status).toBe(200)
      expect(asCurrent(stale)).toBe(false)
      await settled(site)
    }

    // An instance holding nothing of its own: every answer comes from Redis or a render.
    await restoreCopies()
    const outcomes: RevalidationOutcome[] = []
    const c = await instance(outcomes)
    const hot = await get(c, '/res/hot')
    expect(hot.status).toBe(200)
    expect(hot.headers.get('age')).toBeNull()
    const stale = await get(c, '/res/new')
    expect(stale.status).toBe(200)
    expect(asCurrent(stale), `answered with age ${stale.headers.get('age')}`).toBe(false)
    // With its soft record kept, the copy is answered stale and rendered again; with the records
    // lost, not answered from Redis at all.
    if (policy === 'volatile-lru') expect(stale.headers.get('age')).not.toBeNull()
    if (stale.headers.get('age') !== null) await vi.waitFor(() => expect(outcomes).toEqual(['rendered']))
  }, 120_000)

  it('records lost to eviction fail safe: every copy written before reads as purged, and writing starts again', async () => {
    await shared(['/res/hot'])
    // What an eviction of the records set looks like to the instances.
    await fleet.admin.del('ts:{res.localhost}:purged', 'ts:purged:all')
    const c = await instance()
    const rendered = await get(c, '/res/hot')
    expect(rendered.headers.get('age')).toBeNull()
    // The records are made again (the set of everything at c's start-up, the tenant's at its first write) and c's render is shared under them.
    await vi.waitFor(async () => {
      const tenant = await fleet.admin.zscore('ts:{res.localhost}:purged', '#gen')
      const everything = await fleet.admin.zscore('ts:purged:all', '#gen')
      expect((await fleet.admin.getBuffer(HOT))?.toString('latin1', 0, 40)).toContain(`g${tenant}.${everything}|`)
    })
    const d = await instance()
    expect((await get(d, '/res/hot')).headers.get('age')).not.toBeNull()
  })
})

describe('each tenant’s purge records stay bounded, by tenant', () => {
  const fleet = useFleet()

  it('records older than the pages’ lifetime go, and past the bound a tenant’s oldest fold into its own host record, never into everything', async () => {
    const sharing = createRedisSharing({ url: fleet.redis.url, log: pino({ level: 'silent' }), maxPurgeRecords: 4 })
    const records = (host: string) => `ts:{${host}}:purged`
    try {
      await sharing.ready
      const mark = (name: string, at: number) => sharing.store.mark([`ts:purged:${name}`], at, 10_000)
      await mark('soft:path:big.example:en:/gone', 1000)
      await mark('soft:tag:small.example:post:1', 20_000)
      await mark('soft:tag:big.example:post:1', 20_000)
      // 1000 is older than 25,000 - 10,000: gone with this write.
      await mark('hard:tag:big.example:post:2', 25_000)
      expect(await fleet.admin.zscore(records('big.example'), 'soft:path:big.example:en:/gone')).toBeNull()
      await mark('soft:tag:big.example:post:3', 26_000)
      await mark('soft:tag:big.example:post:4', 27_000)
      expect(await fleet.admin.zscore(records('big.example'), 'soft:tag:big.example:post:1')).toBe('20000')
      await mark('soft:tag:big.example:post:5', 28_000)
      // Five records past a bound of four: the oldest (a soft one) folds into the host's soft record.
      expect(await fleet.admin.zscore(records('big.example'), 'soft:tag:big.example:post:1')).toBeNull()
      expect(await fleet.admin.zscore(records('big.example'), 'soft:host:big.example')).toBe('20000')
      expect(await fleet.admin.zscore(records('big.example'), '#gen')).not.toBeNull()
      // The other tenant and everything are untouched.
      expect(await fleet.admin.zrange(records('small.example'), '0', '-1', 'WITHSCORES')).toEqual([
        'soft:tag:small.example:post:1',
        '20000',
        '#gen',
        expect.any(String),
      ])
      expect(await fleet.admin.zrange('ts:purged:all', '0', '-1')).toEqual(['#gen'])
      // A page of big.example stored before its (folded) record still reads as stale through its host.
      const found = await sharing.store.getMarked('ts:{big.example}:html:en:http://big.example/post/1', [
        'ts:purged:soft:*',
        'ts:purged:soft:host:big.example',
        'ts:purged:soft:tag:big.example:post:1',
      ])
      expect(Math.max(...found.marks.map((time) => time ?? -1))).toBe(20_000)
    } finally {
      await sharing.close()
    }
  })
})

describe('a tag purge when the tag index is gone', () => {
  const fleet = useFleet()

  function instance(outcomes: RevalidationOutcome[] = []): Promise<TestSite> {
    return fleet.start({
      purgeToken: TOKEN,
      htmlCache: { ttlMs: 600_000, staleMs: 3_600_000, onRevalidated: (outcome) => outcomes.push(outcome) },
    })
  }

  it.each(['soft', 'hard'] as const)(
    'a %s purge still reaches a shared copy through the tags stored with it (an index has a TTL and may be evicted)',
    async (mode) => {
      let tag = ''
      for (const site of [await instance(), await instance()]) {
        const response = await site.request('/res/hot', { headers: ZH })
        tag = (response.headers.get('cache-tag') ?? '').split(',').find((name) => name.includes(':resource:')) ?? ''
        await response.arrayBuffer()
        await vi.waitFor(() => expect(site.htmlCache?.inFlight).toBe(0))
      }
      tag = tag.slice('res.localhost:'.length)
      expect(tag).toMatch(/^resource:/)
      await vi.waitFor(async () => expect(await fleet.admin.exists(HOT)).toBe(1))
      const copy = await fleet.admin.dumpBuffer(HOT)
      // What an eviction of the tag's index looks like: the purge finds no page through it.
      await fleet.admin.del(`ts:{res.localhost}:tag:${tag}`)
      const purger = await instance()
      const purgedAt = Date.now() - 1
      expect(await (await purger.purge({ host: 'res.localhost', tags: [tag], mode })).json()).toMatchObject({
        shared: 'ok',
      })
      // The copy from before the purge is there (the instances that held it may have dropped it).
      expect(copy).not.toBeNull()
      if (copy !== null) await fleet.admin.restore(HOT, 3_600_000, copy, 'REPLACE')
      // No record names the page, its path or its host: only the tag's, which its stored tags reach.
      const sharing = createRedisSharing({ url: fleet.redis.url, log: pino({ level: 'silent' }) })
      try {
        await sharing.ready
        const marks = pageMarks('ts:', unsharedKey('ts:', HOT) ?? '')
        const found = await sharing.store.getMarked(HOT, [...marks.soft, ...marks.hard])
        expect(found.value).toBeDefined()
        const latest = (times: (number | undefined)[]) => Math.max(-1, ...times.map((time) => time ?? -1))
        const [soft, hard] = [found.marks.slice(0, marks.soft.length), found.marks.slice(marks.soft.length)]
        expect(latest(mode === 'soft' ? soft : hard)).toBeGreaterThan(purgedAt)
        expect(latest(mode === 'soft' ? hard : soft)).toBe(-1)
      } finally {
        await sharing.close()
      }
    },
  )
})
