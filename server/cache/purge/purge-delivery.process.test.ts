import { describe, expect, it, vi } from 'vitest'
import { useFleet } from '../../../test/fleet.ts'
import type { TestSite } from '../../../test/harness.ts'
import { captureLog, type CapturedLog } from '../../../test/log-capture.ts'
import { createMetrics, type Metrics } from '../../metrics/metrics.ts'

const TOKEN = 'purge-token-for-tests-0123'
const ZH = { cookie: 'lang=zh' }
const HOT = 'res.localhost:html:zh:http://res.localhost/res/hot'
const HOT_PURGE = { host: 'res.localhost', paths: ['/res/hot'], mode: 'hard' }

const fleet = useFleet()

interface Instance {
  site: TestSite
  metrics: Metrics
  log: CapturedLog
}

/** An instance sharing the test Redis whose pages stay fresh for the whole test unless purged. */
async function instance(purgeGap?: 'stale' | 'drop'): Promise<Instance> {
  const metrics = createMetrics({ processMetrics: false })
  const log = captureLog('warn')
  const site = await fleet.start({
    redisCommandTimeoutMs: 200,
    purgeToken: TOKEN,
    ...(purgeGap ? { purgeGap } : {}),
    log: log.log,
    app: { metrics },
    htmlCache: { ttlMs: 600_000, staleMs: 3_600_000 },
  })
  return { site, metrics, log }
}

/** Renders (or takes) /res/hot on `site`, so it holds a copy of its own. */
async function holdHot(site: TestSite): Promise<void> {
  const response = await site.request('/res/hot', { headers: ZH })
  await response.arrayBuffer()
  await vi.waitFor(() => expect(site.htmlCache?.inFlight).toBe(0))
  expect(site.htmlCache?.peek(HOT)).toBeDefined()
}

/** How many connections listen on the purge channel. */
async function subscribers(): Promise<number> {
  const [, count] = (await fleet.admin.call('PUBSUB', 'NUMSUB', 'ts:purge')) as [string, number]
  return count
}

/** `purge_delivery_total` by event. */
async function deliveryCounts(metrics: Metrics): Promise<Record<string, number>> {
  const metric = await metrics.registry.getSingleMetric('purge_delivery_total')?.get()
  return Object.fromEntries((metric?.values ?? []).map((value) => [String(value.labels.event), value.value]))
}

/** A purge every other instance has read from the stream: their position is an entry from then on. */
async function firstPurge(from: Instance, others: Instance[]): Promise<void> {
  expect(await (await from.site.purge({ host: 'first.localhost' })).json()).toMatchObject({ shared: 'ok' })
  for (const other of others)
    await vi.waitFor(async () => expect((await deliveryCounts(other.metrics)).received).toBe(1))
}

describe('purges reach every instance at least once', () => {
  it('a purge sent right after both instances lost their subscription reaches the other one within 5 s, three times out of three', async () => {
    const [a, b] = [await instance(), await instance()]
    const took: number[] = []
    let sent = 0
    for (let round = 0; round < 3; round++) {
      await holdHot(a.site)
      await holdHot(b.site)
      // Both listen again (after the last round's kill) before their subscriptions are cut.
      await vi.waitFor(async () => expect(await subscribers()).toBe(2), { timeout: 5000, interval: 20 })
      expect(Number(await fleet.admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub'))).toBe(2)
      const start = performance.now()
      const answer = await (await a.site.purge(HOT_PURGE)).json()
      expect(answer).toMatchObject({ purged: { pages: 1 }, shared: 'ok' })
      await vi.waitFor(() => expect(b.site.htmlCache?.peek(HOT)).toBeUndefined(), { timeout: 5000, interval: 10 })
      took.push(Math.round(performance.now() - start))
      // One purge per name of the site (its domain and aliases).
      sent += answer.hosts.length
    }
    console.info(`purge after CLIENT KILL TYPE pubsub reached the other instance in ${took.join(', ')} ms`)
    expect((await deliveryCounts(b.metrics)).received).toBe(sent)
  })

  it('a purge sent while Redis is stopped for 3 s is answered as not shared, held, and reaches every instance once Redis is back', async () => {
    const [a, b, c] = [await instance(), await instance(), await instance()]
    for (const each of [a, b, c]) await holdHot(each.site)
    fleet.redis.pause()
    const paused = performance.now()
    const answer = await a.site.purge(HOT_PURGE)
    expect(answer.status).toBe(200)
    const body = await answer.json()
    expect(body).toMatchObject({ purged: { pages: 1 }, shared: 'unavailable', queued: true })
    expect(a.site.htmlCache?.peek(HOT)).toBeUndefined()
    const purges = body.hosts.length
    expect(await deliveryCounts(a.metrics)).toEqual({ unshared: purges })
    // The fault lasts 3 s whatever the purge took.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 3000 - (performance.now() - paused))))
    expect(b.site.htmlCache?.peek(HOT)).toBeDefined()
    fleet.redis.resume()
    const resumed = performance.now()
    for (const other of [b, c])
      await vi.waitFor(() => expect(other.site.htmlCache?.peek(HOT)).toBeUndefined(), { timeout: 5000, interval: 10 })
    console.info(
      `purge held during a 3 s SIGSTOP reached both instances ${Math.round(performance.now() - resumed)} ms after resume`,
    )
    // Sent again once the breaker's probe is answered (its back-off, with jitter, may reach 8 s).
    await vi.waitFor(
      async () => expect(await deliveryCounts(a.metrics)).toEqual({ unshared: purges, redelivered: purges }),
      { timeout: 10_000 },
    )
    // Its record is in Redis too: a new instance never answers the copy from before.
    expect(await fleet.admin.zscore('ts:{res.localhost}:purged', 'hard:path:res.localhost:zh:/res/hot')).not.toBeNull()
    // Appended more than once (a write that timed out may have landed), applied once.
    expect((await deliveryCounts(b.metrics)).received).toBe(purges)
  })

  it('an instance whose position was trimmed or lost from the stream marks everything it holds stale, and says so', async () => {
    const [a, b] = [await instance(), await instance()]
    await firstPurge(a, [b])
    await holdHot(b.site)
    await fleet.admin.del('ts:purges')
    await a.site.purge({ host: 'other.localhost' })
    await vi.waitFor(() => expect(b.site.htmlCache?.isStale(HOT)).toBe(true))
    expect(b.site.htmlCache?.peek(HOT)).toBeDefined()
    expect(await deliveryCounts(b.metrics)).toMatchObject({ gap: 1 })
    expect(b.log.text()).toContain('purge stream trimmed or lost past this instance')
    expect(b.log.text()).toContain('every cached page held here is stale')
  })

  it('with PURGE_GAP=drop, an instance whose position was trimmed or lost from the stream drops everything it holds, and says so', async () => {
    const [a, b] = [await instance(), await instance('drop')]
    await firstPurge(a, [b])
    await holdHot(b.site)
    // As an eviction (or a trim past b) would: the entry b read last is gone.
    await fleet.admin.del('ts:purges')
    await a.site.purge({ host: 'other.localhost' })
    await vi.waitFor(() => expect(b.site.htmlCache?.size).toBe(0))
    expect(await deliveryCounts(b.metrics)).toMatchObject({ gap: 1 })
    expect(b.log.text()).toContain('purge stream trimmed or lost past this instance')
    // Once: later purges are read on from the new stream.
    await holdHot(b.site)
    await a.site.purge({ host: 'other.localhost' })
    await vi.waitFor(async () => expect((await deliveryCounts(b.metrics)).received).toBe(3))
    expect(b.site.htmlCache?.peek(HOT)).toBeDefined()
  })

  it('malformed purges on the channel or in the stream are logged and counted, and the next purge still applies', async () => {
    const [a, b] = [await instance(), await instance()]
    await holdHot(b.site)
    await fleet.admin.publish('ts:purge', 'not json')
    await fleet.admin.xadd('ts:purges', '*', 'purge', JSON.stringify({ from: 'elsewhere', host: 42 }))
    const { hosts } = await (await a.site.purge(HOT_PURGE)).json()
    await vi.waitFor(() => expect(b.site.htmlCache?.peek(HOT)).toBeUndefined())
    await vi.waitFor(async () =>
      expect(await deliveryCounts(b.metrics)).toEqual({ malformed: 2, received: hosts.length }),
    )
    const logged = b.log.lines.map((line) => line.msg)
    expect(logged).toContain('malformed purge message')
    expect(logged).toContain('malformed purge in the stream')
  })

  it('a purge sent again is answered the same and applied again, and leaves nothing behind that keeps the page from coming back', async () => {
    const [a, b] = [await instance(), await instance()]
    await holdHot(b.site)
    const first = await (await a.site.purge(HOT_PURGE)).json()
    const again = await (await a.site.purge(HOT_PURGE)).json()
    expect(first).toMatchObject({ shared: 'ok' })
    expect(again).toMatchObject({ shared: 'ok', hosts: first.hosts })
    await vi.waitFor(async () => expect((await deliveryCounts(b.metrics)).received).toBe(2 * first.hosts.length))
    expect(b.site.htmlCache?.peek(HOT)).toBeUndefined()
    await holdHot(b.site)
    await holdHot(a.site)
  })

  it('a purge from an instance of an earlier version (pub/sub only, no mode) is applied as it arrives', async () => {
    const [b] = [await instance()]
    await holdHot(b.site)
    await fleet.admin.publish('ts:purge', JSON.stringify({ from: 'earlier', host: 'res.localhost' }))
    await vi.waitFor(() => expect(b.site.htmlCache?.peek(HOT)).toBeUndefined())
  })
})
