import { randomBytes } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { useFleet } from '../../../test/fleet.ts'
import type { TestSite } from '../../../test/harness.ts'

const HOST = 'res.localhost'
/** Search terms asked for on each instance (the brief's flood), and what Redis may grow by. */
const TERMS = 1500
const MAX_GROWTH = 4 * 1024 * 1024
const BATCH = 12

const fleet = useFleet()

async function usedMemory(): Promise<number> {
  const info = await fleet.admin.info('memory')
  return Number(/used_memory:(\d+)/.exec(info)?.[1])
}

/** The hot page's copies in Redis. */
const hotKeys = () => fleet.admin.keys(`ts:{${HOST}}:html:*/res/hot`)

const settled = (site: TestSite) => vi.waitFor(() => expect(site.htmlCache?.inFlight).toBe(0))

async function get(site: TestSite, path: string): Promise<{ status: number; age: string | null }> {
  const answer = await site.request(path)
  await answer.arrayBuffer()
  return { status: answer.status, age: answer.headers.get('age') }
}

describe('admission to the shared store', () => {
  it('1,500 never-seen search terms, each asked on one instance then the other, store nothing of theirs and grow Redis by at most 4 MiB', async () => {
    // The upstream's and the render's deadlines of the other tests were too short on a loaded machine.
    const start = () =>
      fleet.start({
        redisAdmitAfter: 2,
        redisAdmitGapMs: 'fresh',
        htmlCache: { ttlMs: 3_600_000, staleMs: 86_400_000 },
        upstreamClient: { timeoutMs: 30_000 },
        renderTimeoutMs: 30_000,
      })
    const [a, b] = [await start(), await start()]
    // The upstream answers every page reads (the site's config, its menus) are loaded first.
    for (const site of [a, b]) {
      expect((await get(site, '/s?query=warm')).status).toBe(200)
      await settled(site)
    }
    const before = await usedMemory()
    const asked: string[] = []
    const started = performance.now()
    for (let sent = 0; sent < TERMS; sent += BATCH) {
      const terms = Array.from({ length: Math.min(BATCH, TERMS - sent) }, () => randomBytes(6).toString('hex'))
      asked.push(...terms)
      for (const site of [a, b]) {
        const answers = await Promise.all(terms.map((term) => get(site, `/s?query=${term}`)))
        expect(answers.filter((answer) => answer.status !== 200)).toEqual([])
      }
    }
    await Promise.all([settled(a), settled(b)])
    const seconds = (performance.now() - started) / 1000
    const growth = (await usedMemory()) - before
    // Upstream answers every page reads (menus, asides) are loaded again once stale, and stored then.
    const terms = new Set(asked)
    const stored = (await fleet.admin.keys('*')).filter((key) => [...terms].some((term) => key.includes(term)))
    console.info(
      `${TERMS} terms × 2 instances in ${seconds.toFixed(1)} s: used_memory +${growth} bytes, ${stored.length} of their answers stored`,
    )
    expect(stored).toEqual([])
    expect(growth).toBeLessThanOrEqual(MAX_GROWTH)
  }, 900_000)

  it('a page asked for again once stale is shared: a third instance answers it without rendering', async () => {
    // The instances' page clock, moved on by the test (fresh for 10 s: the gap is 10 s).
    const clock = { offset: 0 }
    const now = () => Date.now() + clock.offset
    const start = () =>
      fleet.start({
        redisAdmitAfter: 2,
        redisAdmitGapMs: 'fresh',
        htmlCache: { ttlMs: 10_000, staleMs: 3_600_000, now },
      })
    const [a, b] = [await start(), await start()]
    for (const site of [a, b, a, b]) {
      expect((await get(site, '/res/hot')).status).toBe(200)
      await settled(site)
    }
    // Asked on both in a row, and again while fresh: not shared yet.
    expect((await hotKeys()).length).toBe(0)
    clock.offset += 11_000
    // Stale now: answered at once, re-rendered behind, and that render is admitted.
    expect((await get(a, '/res/hot')).age).not.toBeNull()
    await settled(a)
    await vi.waitFor(async () => expect((await hotKeys()).length).toBe(1))
    const c = await start()
    const shared = await get(c, '/res/hot')
    expect([shared.status, shared.age]).toEqual([200, '0'])
  })

  it('a page fresh for an hour, rendered on both instances at once, is shared at a hit past the gap', async () => {
    // Fresh for an hour: the gap is 5 minutes, and nothing renders the page again before the hour.
    const clock = { offset: 0 }
    const now = () => Date.now() + clock.offset
    const start = () =>
      fleet.start({ redisAdmitAfter: 2, redisAdmitGapMs: 'fresh', htmlCache: { ttlMs: 3_600_000, staleMs: 0, now } })
    const [a, b] = [await start(), await start()]
    for (const site of [a, b]) {
      expect((await get(site, '/res/hot')).status).toBe(200)
      await settled(site)
    }
    expect((await get(b, '/res/hot')).age).not.toBeNull()
    await vi.waitFor(() => expect(b.htmlCache?.sharing).toBe(0))
    expect((await hotKeys()).length).toBe(0)
    clock.offset += 5 * 60_000
    // A visitor asks b again: a hit, fresh, and its page goes to Redis.
    expect((await get(b, '/res/hot')).age).not.toBeNull()
    await vi.waitFor(async () => expect((await hotKeys()).length).toBe(1))
    // A third instance answers b's copy, 5 minutes old, without rendering.
    const c = await start()
    const shared = await get(c, '/res/hot')
    expect(shared.status).toBe(200)
    expect(Number(shared.age)).toBeGreaterThanOrEqual(300)
  })
})
