import { describe, expect, it, vi } from 'vitest'
import { useFleet } from '../../../test/fleet.ts'
import { settled, type TestSite } from '../../../test/harness.ts'
import { createMetrics, type Metrics } from '../../metrics/metrics.ts'
import { resListsNavAsAlias } from './purge-hosts.test-helper.ts'

const TOKEN = 'purge-token-for-tests-0123'
const ZH = { cookie: 'lang=zh' }
const NAV = 'nav.localhost:html:zh-TW:http://nav.localhost/'
const RES = 'res.localhost:html:zh:http://res.localhost/'

const fleet = useFleet()

interface Instance {
  site: TestSite
  metrics: Metrics
}

/**
 * An instance of two tenants of the demo API sharing the test Redis, the res site's config listing
 * the nav site's domain as one of its aliases (a tenant's config is its own text: it can name
 * anything). Pages stay fresh for the whole test unless purged.
 */
async function instance(): Promise<Instance> {
  const metrics = createMetrics({ processMetrics: false })
  const site = await fleet.start({
    listen: true,
    purgeToken: TOKEN,
    app: { metrics },
    htmlCache: { ttlMs: 600_000, staleMs: 3_600_000 },
    upstream: resListsNavAsAlias,
  })
  return { site, metrics }
}

/** The home page of `host` over a socket, once nothing renders any more. */
async function home(site: TestSite, host: string) {
  const response = await site.request('/', { host, via: 'listener', headers: ZH })
  await response.arrayBuffer()
  await settled(site)
  return { status: response.status, age: response.headers.get('age') }
}

/** nav's home page data, as the browser asks for it. */
async function payload(site: TestSite) {
  const response = await site.request('/_payload.json', { host: 'nav.localhost', via: 'listener', headers: ZH })
  await response.arrayBuffer()
  return response
}

const calls = (site: TestSite) => [...site.upstreamCalls.values()].reduce((sum, count) => sum + count, 0)

async function received(metrics: Metrics): Promise<number> {
  const metric = await metrics.registry.getSingleMetric('purge_delivery_total')?.get()
  return metric?.values.find((value) => value.labels.event === 'received')?.value ?? 0
}

describe("a host purge in a fleet leaves alone another tenant listed as the purged tenant's alias", () => {
  it.each(['soft', 'hard'] as const)(
    "a %s purge of res sent to one instance keeps nav's pages and upstream answers on both, and res's pages are rendered again",
    async (mode) => {
      const [a, b] = [await instance(), await instance()]
      for (const site of [a.site, b.site])
        for (const host of ['res.localhost', 'nav.localhost']) expect((await home(site, host)).status).toBe(200)
      // nav's page data in each instance's memory too (b took the page itself from Redis).
      for (const site of [a.site, b.site]) expect((await payload(site)).status).toBe(200)
      // nav's shared copies: its page and the upstream answers it was built from.
      const navKeys = await fleet.admin.keys('ts:{nav.localhost}:*')
      expect(navKeys.some((key) => key.includes(':html:'))).toBe(true)
      expect(navKeys.some((key) => key.includes(':data:'))).toBe(true)

      const purgedAt = Date.now()
      const answer = await a.site.purge({ host: 'res.localhost', mode })
      expect(answer.status).toBe(200)
      const json = (await answer.json()) as { hosts: string[]; shared: string }
      expect(json.shared).toBe('ok')
      expect(json.hosts).not.toContain('nav.localhost')
      await vi.waitFor(async () => expect(await received(b.metrics)).toBe(json.hosts.length))

      // nav's copies in Redis are all still there.
      const after = new Set(await fleet.admin.keys('ts:{nav.localhost}:*'))
      expect(navKeys.filter((key) => !after.has(key))).toEqual([])
      // nav's page is still a fresh hit on both instances, and nothing of nav is loaded again.
      const before = [calls(a.site), calls(b.site)]
      for (const site of [a.site, b.site]) {
        const nav = await home(site, 'nav.localhost')
        expect(nav.status).toBe(200)
        expect(nav.age).not.toBeNull()
        expect(site.htmlCache?.isStale(NAV)).toBe(false)
        expect(site.htmlCache?.peek(NAV)?.storedAt).toBeLessThan(purgedAt)
      }
      expect([calls(a.site), calls(b.site)]).toEqual(before)
      // And in each instance's memory: with Redis's copies gone, nav's page data still loads without the upstream.
      await fleet.admin.del(...navKeys.filter((key) => !key.includes(':html:') && !key.includes(':tag:')))
      for (const site of [a.site, b.site]) expect((await payload(site)).status).toBe(200)
      expect([calls(a.site), calls(b.site)]).toEqual(before)

      // res's page is rendered again (at once after a hard purge, in the background after a soft
      // one): a newer copy on both instances, b's own render or a's taken from Redis.
      expect(calls(a.site)).toBe(before[0])
      for (const site of [a.site, b.site]) {
        const res = await home(site, 'res.localhost')
        expect(res.status).toBe(200)
        expect(site.htmlCache?.peek(RES)?.storedAt).toBeGreaterThan(purgedAt)
      }
      expect(calls(a.site)).toBeGreaterThan(before[0] ?? 0)
    },
  )
})
