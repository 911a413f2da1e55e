import { describe, expect, it, vi } from 'vitest'
import { useFleet } from '../../../test/fleet.ts'
import { startTestSite, type TestSite } from '../../../test/harness.ts'
import { captureLog } from '../../../test/log-capture.ts'
import { createMetrics, type Metrics } from '../../metrics/metrics.ts'

const TOKEN = 'purge-token-for-tests-0123'
const ZH = { cookie: 'lang=zh' }
const HOT = 'res.localhost:html:zh:http://res.localhost/res/hot'
const HOT_PURGE = { host: 'res.localhost', paths: ['/res/hot'], mode: 'hard' }
const USER = 'app'
const PASSWORD = 'app-password-for-tests'
/** What the purge stream's append runs (redis-purge-stream.ts): one MULTI of both. */
const APPEND_COMMANDS = ['xadd', 'publish']

const fleet = useFleet()

interface Instance {
  site: TestSite
  metrics: Metrics
}

/**
 * An instance logged in to the test Redis as `app`, whose pages stay fresh for the whole test
 * unless purged; closed after the test.
 */
async function instance(closing: TestSite[]): Promise<Instance> {
  const metrics = createMetrics({ processMetrics: false })
  const site = await startTestSite({
    redisUrl: `redis://${USER}:${PASSWORD}@127.0.0.1:${fleet.redis.port}`,
    redisCommandTimeoutMs: 200,
    purgeToken: TOKEN,
    log: captureLog('warn').log,
    app: { metrics },
    htmlCache: { ttlMs: 600_000, staleMs: 3_600_000 },
  })
  closing.push(site)
  return { site, metrics }
}

async function holdHot(site: TestSite): Promise<void> {
  await (await site.request('/res/hot', { headers: ZH })).arrayBuffer()
  await vi.waitFor(() => expect(site.htmlCache?.inFlight).toBe(0))
  expect(site.htmlCache?.peek(HOT)).toBeDefined()
}

/** A metric's values by one label. */
async function counts(metrics: Metrics, name: string, label: string): Promise<Record<string, number>> {
  const metric = await metrics.registry.getSingleMetric(name)?.get()
  return Object.fromEntries((metric?.values ?? []).map((value) => [String(value.labels[label]), value.value]))
}

/** `app` may run everything except the commands that carry a purge to the other instances, or everything again. */
async function allowAppend(allowed: boolean): Promise<void> {
  const rules = APPEND_COMMANDS.map((command) => `${allowed ? '+' : '-'}${command}`)
  await fleet.admin.call('ACL', 'SETUSER', USER, 'on', `>${PASSWORD}`, '~*', '&*', '+@all', ...rules)
}

describe('a purge whose record is written but whose append to the stream is refused', () => {
  it('is answered as not shared, counted, held, and reaches the other instance once the append is allowed again', async () => {
    const closing: TestSite[] = []
    try {
      await allowAppend(true)
      const [a, b] = [await instance(closing), await instance(closing)]
      await holdHot(a.site)
      await holdHot(b.site)

      await allowAppend(false)
      const answer = await a.site.purge(HOT_PURGE)
      expect(answer.status).toBe(200)
      const body = (await answer.json()) as { hosts: string[] }
      expect(body).toMatchObject({ purged: { pages: 1 }, shared: 'unavailable', queued: true })
      const purges = body.hosts.length
      // The record did land (the ACL lets `app` write it): only the append failed.
      expect(
        await fleet.admin.zscore('ts:{res.localhost}:purged', 'hard:path:res.localhost:zh:/res/hot'),
      ).not.toBeNull()
      expect(await fleet.admin.exists('ts:purges')).toBe(0)
      expect(await counts(a.metrics, 'purge_delivery_total', 'event')).toEqual({ unshared: purges })
      const refused = (await counts(a.metrics, 'shared_store_errors_total', 'operation')).publish ?? 0
      expect(refused).toBeGreaterThanOrEqual(purges)
      // The held purges are sent again (each second) and refused again: nothing reached b through
      // those retries either, its own copy is still there, no purge received.
      await vi.waitFor(
        async () =>
          expect((await counts(a.metrics, 'shared_store_errors_total', 'operation')).publish).toBeGreaterThan(refused),
        { timeout: 5000, interval: 20 },
      )
      expect(b.site.htmlCache?.peek(HOT)).toBeDefined()
      expect((await counts(b.metrics, 'purge_delivery_total', 'event')).received).toBeUndefined()

      await allowAppend(true)
      await vi.waitFor(() => expect(b.site.htmlCache?.peek(HOT)).toBeUndefined(), { timeout: 5000, interval: 20 })
      await vi.waitFor(async () =>
        expect(await counts(a.metrics, 'purge_delivery_total', 'event')).toEqual({
          unshared: purges,
          redelivered: purges,
        }),
      )
      expect((await counts(b.metrics, 'purge_delivery_total', 'event')).received).toBe(purges)

      // Sent again by hand, it is answered as shared and applied again.
      await holdHot(b.site)
      expect(await (await a.site.purge(HOT_PURGE)).json()).toMatchObject({ shared: 'ok' })
      await vi.waitFor(() => expect(b.site.htmlCache?.peek(HOT)).toBeUndefined(), { timeout: 5000, interval: 20 })
    } finally {
      await Promise.all(closing.map((site) => site.close()))
      await fleet.admin.call('ACL', 'DELUSER', USER)
    }
  })
})
