import { afterEach, describe, expect, it, vi } from 'vitest'
import { createGate } from '../../test/gate.ts'
import { Pool } from 'undici'
import { startTestSite, type TestSite, type TestSiteOptions } from '../../test/harness.ts'
import { closeHttpServer, type HttpServer, startHttpServer } from '../lifecycle/http-server.ts'
import { createMetrics, type Metrics } from '../metrics/metrics.ts'

const NEGATIVE_TTL_MS = 10_000

let site: TestSite | undefined
let admin: HttpServer | undefined
let client: Pool | undefined
afterEach(async () => {
  await client?.close()
  if (admin) await closeHttpServer(admin.server)
  await site?.close()
  site = client = admin = undefined
})

interface AskRig {
  site: TestSite
  metrics: Metrics
  /** Site config loads the stub upstream saw per app-domain. */
  lookups: Map<string, number>
  /** `GET /_internal/tls-ask?domain=…` on the operations port, as Caddy sends it. */
  ask(domain: string | null, query?: string): Promise<{ status: number; text: string }>
  clock: { time: number }
}

const PURGE_TOKEN = 'purge-token-for-tests-0123'

/** A test site with its operations on a port of their own (ADMIN_PORT), counting site loads per name. */
async function startAskRig(upstream?: TestSiteOptions['upstream']): Promise<AskRig> {
  const lookups = new Map<string, number>()
  const metrics = createMetrics({ processMetrics: false })
  const clock = { time: 1_000_000 }
  site = await startTestSite({
    app: { operationsApart: true, metrics },
    purgeToken: PURGE_TOKEN,
    repository: { now: () => clock.time, negativeTtlMs: NEGATIVE_TTL_MS },
    upstream: (request, demo, raw) => {
      if (new URL(request.url).pathname === '/v1/site_page/web_get') {
        const name = request.headers.get('app-domain') ?? ''
        lookups.set(name, (lookups.get(name) ?? 0) + 1)
      }
      return upstream ? upstream(request, demo, raw) : demo(request)
    },
  })
  const operations = site.app.operations
  if (operations === undefined) throw new Error('operationsApart gives the app its operations app')
  admin = await startHttpServer({
    fetch: operations.fetch,
    port: 0,
    hostname: '127.0.0.1',
    keepAliveTimeoutMs: 5000,
    headersTimeoutMs: 6000,
    requestTimeoutMs: 10_000,
  })
  // Connections enough for the asks of a flood to reach the instance at once.
  client = new Pool(`http://127.0.0.1:${admin.port}`, { connections: 64 })
  const asking = client
  return {
    site,
    metrics,
    lookups,
    clock,
    async ask(domain, query = domain === null ? '' : `?domain=${encodeURIComponent(domain)}`) {
      const answer = await asking.request({ path: `/_internal/tls-ask${query}`, method: 'GET' })
      return { status: answer.statusCode, text: await answer.body.text() }
    },
  }
}

async function counted(metrics: Metrics): Promise<Record<string, number>> {
  const metric = await metrics.registry.getSingleMetric('tls_asks_total')?.get()
  return Object.fromEntries((metric?.values ?? []).map((value) => [String(value.labels.outcome), value.value]))
}

describe('GET /_internal/tls-ask on the operations port (Caddy on-demand TLS)', () => {
  it('allows the domain and the aliases of a site, and nothing else', async () => {
    const rig = await startAskRig()
    for (const name of ['res.localhost', 'www.res.localhost', 'lumen.localhost', 'NAV.localhost', 'nav.localhost.'])
      expect(`${name} ${(await rig.ask(name)).status}`).toBe(`${name} 200`)
    expect(await rig.ask('nobody.example')).toEqual({ status: 404, text: 'Not Found' })
    // 127.0.0.1 and localhost are aliases of the res demo site, but no certificate is for them.
    for (const [query, reason] of [
      ['', 'missing'],
      ['?domain=', 'missing'],
      ['?domain=res.localhost&domain=nav.localhost', 'missing'],
      [`?domain=${'a'.repeat(10_000)}.example`, 'too-long'],
      ['?domain=127.0.0.1', 'ip-literal'],
      ['?domain=%5B%3A%3A1%5D', 'ip-literal'],
      ['?domain=res.localhost%3A443', 'ip-literal'],
      ['?domain=localhost', 'single-label'],
      ['?domain=%3Cscript%3E.example', 'not-a-host-name'],
      ['?domain=res.localhost%00.evil', 'not-a-host-name'],
    ])
      expect(await rig.ask(null, query)).toEqual({ status: 400, text: `Bad Request: ${reason}` })
    // Refused names never reach the upstream.
    expect([...rig.lookups.keys()].sort()).toEqual([
      'lumen.localhost',
      'nav.localhost',
      'nobody.example',
      'res.localhost',
      'www.res.localhost',
    ])
    expect(await counted(rig.metrics)).toEqual({ allowed: 5, unknown: 1, refused: 10 })
    const scrape = await rig.metrics.registry.metrics()
    expect(scrape).toMatch(/^tls_asks_total\{outcome="allowed"\} 5$/m)
    // No series carries a name asked about.
    expect(scrape).not.toMatch(/nobody\.example|res\.localhost/)
  })

  it('answers 503 when the upstream cannot say, and allows the name once it can', async () => {
    let down = true
    const rig = await startAskRig((request, demo) => (down ? new Response('down', { status: 502 }) : demo(request)))
    expect(await rig.ask('res.localhost')).toEqual({ status: 503, text: 'Service Unavailable' })
    down = false
    expect((await rig.ask('res.localhost')).status).toBe(200)
    expect(await counted(rig.metrics)).toEqual({ allowed: 1, unavailable: 1 })
  })

  it('asks the upstream once per unknown name per NEGATIVE_TTL_MS, concurrent asks sharing one load', async () => {
    const rig = await startAskRig()
    const names = Array.from({ length: 5 }, (_, i) => `unknown-${i}.example`)
    const flood = () =>
      Promise.all(names.flatMap((name) => Array.from({ length: 100 }, () => rig.ask(name).then((a) => a.status))))
    expect(new Set(await flood())).toEqual(new Set([404]))
    expect(names.map((name) => rig.lookups.get(name))).toEqual([1, 1, 1, 1, 1])
    rig.clock.time += NEGATIVE_TTL_MS - 1
    await flood()
    expect(names.map((name) => rig.lookups.get(name))).toEqual([1, 1, 1, 1, 1])
    rig.clock.time += 1
    await flood()
    expect(names.map((name) => rig.lookups.get(name))).toEqual([2, 2, 2, 2, 2])
    expect((await counted(rig.metrics)).unknown).toBe(1500)
  })

  it('holds 50 concurrent asks for one unknown name on one upstream call', async () => {
    const gate = createGate()
    const rig = await startAskRig(async (request, demo) => {
      await gate.passed()
      return demo(request)
    })
    const asks = Array.from({ length: 50 }, () => rig.ask('held.example').then((answer) => answer.status))
    // Every ask has reached the instance and waits on the one load the first started.
    const inFlight = async () => (await rig.metrics.inFlight.get()).values[0]?.value
    await vi.waitFor(async () => expect(await inFlight()).toBe(50), { timeout: 10_000 })
    expect(rig.lookups.get('held.example')).toBe(1)
    gate.open()
    expect(new Set(await Promise.all(asks))).toEqual(new Set([404]))
    expect(rig.lookups.get('held.example')).toBe(1)
  })

  it('allows a domain added upstream once the instance forgot it was unknown (NEGATIVE_TTL_MS, or a purge)', async () => {
    let added = false
    // The upstream learns a new alias of the res demo site.
    const rig = await startAskRig(async (request, demo) => {
      if (!added || request.headers.get('app-domain') !== 'shop.customer.example') return demo(request)
      const headers = new Headers(request.headers)
      headers.set('app-domain', 'res.localhost')
      return demo(new Request(request.url, { method: request.method, headers, body: await request.text() }))
    })
    expect((await rig.ask('shop.customer.example')).status).toBe(404)
    added = true
    // Still remembered unknown…
    expect((await rig.ask('shop.customer.example')).status).toBe(404)
    // …until it is purged.
    const purge = await rig.site.app.operations!.request('http://admin/_internal/purge', {
      method: 'POST',
      headers: { authorization: `Bearer ${PURGE_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ host: 'shop.customer.example' }),
    })
    expect(purge.status).toBe(200)
    expect((await rig.ask('shop.customer.example')).status).toBe(200)
  })

  it('answers names seen lately within milliseconds: p99 of 1,000 asks under 50 ms', async () => {
    const rig = await startAskRig()
    const names = ['res.localhost', 'www.nav.localhost', 'land.localhost', 'gone-1.example', 'gone-2.example']
    for (const name of names) await rig.ask(name)
    const lookupsBefore = [...rig.lookups.values()].reduce((sum, n) => sum + n, 0)
    const times: number[] = []
    for (let i = 0; i < 1000; i++) {
      const name = names[i % names.length] ?? ''
      const started = performance.now()
      const { status } = await rig.ask(name)
      times.push(performance.now() - started)
      expect(status).toBe(name.endsWith('.example') ? 404 : 200)
    }
    times.sort((a, b) => a - b)
    const p99 = times[Math.ceil(times.length * 0.99) - 1] ?? Number.POSITIVE_INFINITY
    expect(p99, `p50 ${times[499]?.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`).toBeLessThan(50)
    // All from the cache: not one more upstream load.
    expect([...rig.lookups.values()].reduce((sum, n) => sum + n, 0)).toBe(lookupsBefore)
  })
})

describe('the public port has no TLS ask', () => {
  it.each([
    ['ADMIN_PORT set', true],
    ['ADMIN_PORT unset', false],
  ])('%s: answers it as any unknown internal path, whatever the name', async (_, operationsApart) => {
    site = await startTestSite({ listen: true, app: { operationsApart } })
    const answer = async (path: string) => {
      const response = await site!.request(path, { via: 'listener' })
      // Apart from what differs per answer anyway: its date, request id and CSP nonce.
      const headers = Object.fromEntries(
        [...response.headers]
          .filter(([name]) => !['date', 'x-request-id'].includes(name))
          .map(([name, value]) => [name, value.replace(/'nonce-[^']+'/, "'nonce'")]),
      )
      return { status: response.status, headers, body: await response.text() }
    }
    const unknownPath = await answer('/_internal/nothing-here?domain=res.localhost')
    expect(unknownPath.status).toBe(404)
    for (const path of [
      '/_internal/tls-ask?domain=res.localhost',
      '/_internal/tls-ask?domain=nobody.example',
      '/_internal/tls-ask',
    ])
      expect(await answer(path)).toEqual(unknownPath)
    // Without ADMIN_PORT there is no operations port either: no ask answers anywhere.
    if (!operationsApart) expect(site.app.operations).toBeUndefined()
  })
})
