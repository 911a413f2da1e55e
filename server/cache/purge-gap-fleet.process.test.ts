import { setTimeout as delay } from 'node:timers/promises'
import { describe, expect, it, vi } from 'vitest'
import { useFleet } from '../../test/fleet.ts'
import type { TestSite } from '../../test/harness.ts'
import { captureLog } from '../../test/log-capture.ts'
import { createMetrics, type Metrics } from '../metrics/metrics.ts'
import type { RevalidationOutcome } from './pages/read-render.ts'

const TOKEN = 'purge-token-for-tests-0123'
const ZH = { cookie: 'lang=zh' }
const PAGES = ['/res/hot', '/res/new', '/c/about']
const key = (path: string) => `res.localhost:html:zh:http://res.localhost${path}`
/** What the upstream is slowed to once the instances hold their pages. */
const SLOW_MS = 1500
/** An answer from what an instance holds, well under a render behind the slowed upstream. */
const AT_ONCE_MS = 200

const fleet = useFleet()

interface Instance {
  site: TestSite
  metrics: Metrics
  outcomes: RevalidationOutcome[]
}

/** Every upstream call of every instance waits this long first. */
let slowMs = 0

/** An instance sharing the test Redis whose pages stay fresh for the whole test unless purged. */
async function instance(purgeGap?: 'stale' | 'drop'): Promise<Instance> {
  const metrics = createMetrics({ processMetrics: false })
  const outcomes: RevalidationOutcome[] = []
  const site = await fleet.start({
    redisCommandTimeoutMs: 200,
    purgeToken: TOKEN,
    ...(purgeGap ? { purgeGap } : {}),
    log: captureLog('warn').log,
    app: { metrics },
    htmlCache: { ttlMs: 600_000, staleMs: 3_600_000, onRevalidated: (outcome) => outcomes.push(outcome) },
    upstream: async (request, demo) => {
      if (slowMs > 0) await delay(slowMs)
      return demo(request)
    },
  })
  return { site, metrics, outcomes }
}

/** Renders (or takes) every page of PAGES on `site`, so it holds a copy of each. */
async function holdPages(site: TestSite): Promise<void> {
  for (const path of PAGES) await (await site.request(path, { headers: ZH })).arrayBuffer()
  await vi.waitFor(() => expect(site.htmlCache?.inFlight).toBe(0))
  for (const path of PAGES) expect(site.htmlCache?.peek(key(path))).toBeDefined()
}

/** `purge_delivery_total` by event. */
async function deliveryCounts(metrics: Metrics): Promise<Record<string, number>> {
  const metric = await metrics.registry.getSingleMetric('purge_delivery_total')?.get()
  return Object.fromEntries((metric?.values ?? []).map((value) => [String(value.labels.event), value.value]))
}

/** A purge of a host nobody holds, read by every other instance: from then on their position is an entry of the stream. */
async function marker(from: Instance, others: Instance[]): Promise<void> {
  const before = await Promise.all(others.map(async (other) => (await deliveryCounts(other.metrics)).received ?? 0))
  const { hosts } = await (await from.site.purge({ host: 'marker.localhost' })).json()
  for (const [at, other] of others.entries())
    await vi.waitFor(async () =>
      expect((await deliveryCounts(other.metrics)).received).toBe((before[at] ?? 0) + hosts.length),
    )
}

/** Each page asked once on `site`, one after another: how long each took, its status and whether it came from a cache. */
async function visit(site: TestSite): Promise<{ path: string; ms: number; status: number; age: string | null }[]> {
  const answers = []
  for (const path of PAGES) {
    const start = performance.now()
    const response = await site.request(path, { headers: ZH })
    await response.arrayBuffer()
    answers.push({
      path,
      ms: Math.round(performance.now() - start),
      status: response.status,
      age: response.headers.get('age'),
    })
  }
  return answers
}

describe('purges of everything and gaps in the purge stream', () => {
  it('a soft purge of everything keeps the purge stream: with the upstream slowed, the instances answer their pages at once (stale) but for the first visit, which loads the site config, and render them again', async () => {
    slowMs = 0
    const [a, b] = [await instance(), await instance()]
    await marker(a, [b])
    await marker(b, [a])
    for (const each of [a, b]) await holdPages(each.site)
    slowMs = SLOW_MS
    const answer = await (await a.site.purge({ all: true })).json()
    expect(answer).toMatchObject({ purged: { pages: PAGES.length }, shared: 'ok' })
    expect(await fleet.admin.exists('ts:purges')).toBe(1)
    // A later purge read by both: each has read the stream past the purge of everything (where a
    // stream deleted with the pages would have been a gap).
    await marker(a, [b])
    await marker(b, [a])
    for (const each of [a, b]) for (const path of PAGES) expect(each.site.htmlCache?.isStale(key(path))).toBe(true)
    // A purge of everything drops the site configs too (upstream answers go in both modes): the first
    // visit of the tenant after it, here on a, waits for one upstream call before the page is
    // answered from memory; b then reads the config a loaded from Redis.
    const answers = { a: await visit(a.site), b: await visit(b.site) }
    console.info(`after a soft purge of everything, upstream at ${SLOW_MS} ms: ${JSON.stringify(answers)}`)
    expect(answers.a[0]?.ms).toBeLessThan(SLOW_MS + AT_ONCE_MS)
    for (const each of [...answers.a.slice(1), ...answers.b]) {
      expect(each).toMatchObject({ status: 200 })
      expect(each.age).not.toBeNull()
      expect(each.ms).toBeLessThan(AT_ONCE_MS)
    }
    for (const each of [a, b]) expect((await deliveryCounts(each.metrics)).gap).toBeUndefined()
    // Rendered again in the background: the first re-render ends on one of them.
    await vi.waitFor(() => expect([...a.outcomes, ...b.outcomes]).not.toEqual([]), { timeout: 15_000, interval: 100 })
  }, 30_000)

  it('Redis killed and restarted empty under load: no 5xx, every held page kept as stale, and with the upstream slowed both instances answer them at once but for the first visit, which loads the site config', async () => {
    slowMs = 0
    const [a, b] = [await instance(), await instance()]
    await marker(a, [b])
    await marker(b, [a])
    for (const each of [a, b]) await holdPages(each.site)
    // A few requests in flight on both instances the whole time.
    let loading = true
    const statuses: number[] = []
    const load = Array.from({ length: 4 }, async (_, lane) => {
      const site = lane % 2 === 0 ? a.site : b.site
      for (let turn = 0; loading; turn++) {
        const response = await site.request(PAGES[turn % PAGES.length] ?? '/', { headers: ZH })
        await response.arrayBuffer()
        statuses.push(response.status)
        // Paced: a hit answered from memory settles without a turn of the event loop.
        await delay(5)
      }
    })
    try {
      await fleet.redis.kill()
    } finally {
      // The requests in flight as it died are answered; none is sent after, so what the instances
      // hold once the gap is found is what they held before (not pages rendered again meanwhile).
      loading = false
      await Promise.all(load)
    }
    await fleet.redis.restart()
    slowMs = SLOW_MS
    // Each instance finds its position gone from the stream once it reads it again.
    for (const each of [a, b])
      await vi.waitFor(async () => expect((await deliveryCounts(each.metrics)).gap).toBe(1), {
        timeout: 10_000,
        interval: 50,
      })
    // Held still, as stale: rendered again when next asked for, not dropped.
    for (const each of [a, b])
      for (const path of PAGES) {
        expect(each.site.htmlCache?.peek(key(path))).toBeDefined()
        expect(each.site.htmlCache?.isStale(key(path))).toBe(true)
      }
    expect(statuses.length).toBeGreaterThan(0)
    expect(statuses.filter((status) => status >= 500)).toEqual([])
    // As after a purge of everything, the upstream answers went with the gap: the first visit (on a)
    // waits for the site config, b reads it from Redis.
    const answers = { a: await visit(a.site), b: await visit(b.site) }
    console.info(
      `after Redis restarted empty (${statuses.length} requests under load), upstream at ${SLOW_MS} ms: ${JSON.stringify(answers)}`,
    )
    expect(answers.a[0]?.ms).toBeLessThan(SLOW_MS + AT_ONCE_MS)
    for (const each of [...answers.a, ...answers.b]) expect(each).toMatchObject({ status: 200 })
    for (const each of [...answers.a.slice(1), ...answers.b]) expect(each.ms).toBeLessThan(AT_ONCE_MS)
  }, 30_000)

  it('with PURGE_GAP=drop, Redis restarted empty makes an instance drop what it holds, and its next visitor waits for a render', async () => {
    slowMs = 0
    const [a, b] = [await instance(), await instance('drop')]
    await marker(a, [b])
    await holdPages(b.site)
    await fleet.redis.kill()
    await fleet.redis.restart()
    await vi.waitFor(async () => expect((await deliveryCounts(b.metrics)).gap).toBe(1), {
      timeout: 10_000,
      interval: 50,
    })
    expect(b.site.htmlCache?.size).toBe(0)
    slowMs = SLOW_MS
    const start = performance.now()
    const response = await b.site.request('/res/hot', { headers: ZH })
    await response.arrayBuffer()
    expect(response.status).toBe(200)
    expect(response.headers.get('age')).toBeNull()
    expect(performance.now() - start).toBeGreaterThanOrEqual(SLOW_MS)
  }, 30_000)
})
