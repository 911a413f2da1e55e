import pino from 'pino'
import { Agent } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fakeSite } from '../../test/fake-loader-env.ts'
import { createMetrics, type Metrics } from '../metrics/metrics.ts'
import { toTenant } from '../tenant/tenant.ts'
import { createCdnForwarder, type CdnForwarderOptions } from './cdn-forwarder.ts'
import type { CdnTarget } from './cdn-purge.ts'
import {
  CLOUDFLARE_ZONE,
  FASTLY_SERVICE,
  startCloudflareStandIn,
  startFastlyStandIn,
  startVarnishStandIn,
  type StandIn,
} from './cdn-stand-ins.test-helper.ts'
import { createCloudflareTarget } from './cloudflare.ts'
import { toCdnPurge } from './cdn-targets.ts'
import { createFastlyTarget } from './fastly.ts'
import { createVarnishTarget } from './varnish.ts'

const CF_TOKEN = 'cf-token-Zq9xv7Lk2Pw4Rt6Yh8Nm0Bc3'
const FASTLY_TOKEN = 'fastly-token-Hj5Kd8Ws1Qe3Ua7Oi9'
/** A tenant with 40 names (its domain and aliases), as a config may list them. */
const HOSTS = Array.from({ length: 40 }, (_, i) => (i === 0 ? 'shop.example' : `alias-${i}.shop.example`))
const tags = (count: number) => Array.from({ length: count }, (_, i) => `resource:r${i}`)

let dispatcher: Agent
let varnish: StandIn
let cloudflare: StandIn
let fastly: StandIn
beforeAll(async () => {
  dispatcher = new Agent({ keepAliveTimeout: 1000 })
  ;[varnish, cloudflare, fastly] = await Promise.all([
    startVarnishStandIn(),
    startCloudflareStandIn(CF_TOKEN),
    startFastlyStandIn(FASTLY_TOKEN),
  ])
})
afterAll(async () => {
  await Promise.all([varnish.close(), cloudflare.close(), fastly.close()])
  await dispatcher.close()
})
afterEach(() => {
  for (const standIn of [varnish, cloudflare, fastly]) standIn.received.length = 0
})

function allTargets(): CdnTarget[] {
  return [
    createVarnishTarget({ origins: [varnish.url] }),
    createCloudflareTarget({ apiUrl: `${cloudflare.url}/client/v4/`, zoneId: CLOUDFLARE_ZONE, token: CF_TOKEN }),
    createFastlyTarget({ apiUrl: fastly.url, serviceId: FASTLY_SERVICE, token: FASTLY_TOKEN }),
  ]
}

/** A forwarder counting into fresh metrics, retrying fast (20 ms doubling to 100 ms) unless a CDN says later. */
function forwarder(options: Partial<CdnForwarderOptions> = {}) {
  const metrics = createMetrics({ processMetrics: false })
  const cdn = createCdnForwarder({
    targets: allTargets(),
    dispatcher,
    timeoutMs: 5000,
    log: pino({ level: 'silent' }),
    onOutcome: (name, outcome) => metrics.cdnPurge(name, outcome),
    onCall: (name, outcome) => metrics.cdnPurgeCall(name, outcome),
    backoff: { baseMs: 20, maxMs: 100 },
    ...options,
  })
  return { cdn, metrics }
}

async function callsCounted(metrics: Metrics, cdn: string, outcome: string): Promise<number> {
  const line = new RegExp(`^cdn_purge_calls_total\\{cdn="${cdn}",outcome="${outcome}"\\} (\\d+)$`, 'm')
  return Number(line.exec(await metrics.registry.metrics())?.[1] ?? 0)
}

const cloudflareBodies = () => cloudflare.received.map((call) => JSON.parse(call.body) as Record<string, string[]>)

describe('a purge makes few calls at each CDN', () => {
  it('names are merged: 40 hosts × 5 tags go as 2 calls to Cloudflare (100 tags each) and 1 each to Fastly and Varnish', async () => {
    const { cdn, metrics } = forwarder({ maxCalls: 5 })
    const answer = await cdn.forward(toCdnPurge({ mode: 'soft', hosts: HOSTS, tags: tags(5) }))
    expect(answer).toEqual({ varnish: 'ok', cloudflare: 'ok', fastly: 'ok' })
    const keys = HOSTS.flatMap((host) => tags(5).map((tag) => `${host}:${tag}`)).sort()
    expect(cloudflareBodies().map((body) => body.tags?.length)).toEqual([100, 100])
    expect(
      cloudflareBodies()
        .flatMap((body) => body.tags ?? [])
        .sort(),
    ).toEqual(keys)
    expect(fastly.received.map((call) => call.headers['surrogate-key']?.split(' ').sort())).toEqual([keys])
    expect(varnish.received.map((call) => call.headers['xkey-softpurge']?.split(' ').sort())).toEqual([keys])
    expect(await callsCounted(metrics, 'cloudflare', 'ok')).toBe(2)
    expect(await callsCounted(metrics, 'fastly', 'ok')).toBe(1)
  })

  it('past CDN_PURGE_MAX_CALLS (40 hosts × 100 tags: 40 Cloudflare calls), the tenant’s hosts are purged instead, in one call, and the answer says so', async () => {
    const { cdn, metrics } = forwarder({ maxCalls: 5 })
    const answer = await cdn.forward(toCdnPurge({ mode: 'soft', hosts: HOSTS, tags: tags(100) }))
    expect(answer.cloudflare).toBe('ok (whole hosts: 40 calls needed, CDN_PURGE_MAX_CALLS 5)')
    expect(answer.fastly).toMatch(/^ok \(whole hosts: \d+ calls needed, CDN_PURGE_MAX_CALLS 5\)$/)
    expect(answer.varnish).toMatch(/^ok \(whole hosts: \d+ calls needed, CDN_PURGE_MAX_CALLS 5\)$/)
    expect(cloudflareBodies()).toEqual([{ tags: HOSTS }])
    expect(fastly.received.map((call) => call.headers['surrogate-key'])).toEqual([HOSTS.join(' ')])
    expect(fastly.received[0]?.headers['fastly-soft-purge']).toBe('1')
    expect(varnish.received.map((call) => call.headers['xkey-softpurge'])).toEqual([HOSTS.join(' ')])
    expect(await callsCounted(metrics, 'cloudflare', 'ok')).toBe(1)
  })

  it('a path purge under many hosts (one call per address at Fastly and Varnish) is bounded the same way', async () => {
    const tenant = toTenant('shop.example', fakeSite())
    const { cdn } = forwarder({ maxCalls: 10 })
    const purge = toCdnPurge({
      mode: 'hard',
      hosts: HOSTS,
      pages: { tenant, targets: [{ languages: [...tenant.languages], routerPathname: '/post/12' }] },
    })
    const answer = await cdn.forward(purge)
    // Cloudflare takes 100 files a call: 40 hosts × the page and its payload fit in a few.
    expect(answer.cloudflare).toBe('ok')
    expect(cloudflare.received.length).toBeLessThanOrEqual(10)
    expect(cloudflareBodies().flatMap((body) => body.files ?? [])).toContain('https://alias-7.shop.example/post/12')
    expect(answer.fastly).toMatch(/^ok \(whole hosts: \d+ calls needed/)
    expect(fastly.received.map((call) => [call.path, call.headers['surrogate-key']])).toEqual([
      [`/service/${FASTLY_SERVICE}/purge`, HOSTS.join(' ')],
    ])
    expect(varnish.received.map((call) => call.headers['xkey-purge'])).toEqual([HOSTS.join(' ')])
  })
})

describe('a CDN’s 429 and the pace of calls', () => {
  it('a 429 with Retry-After: 1 is tried again 1 s later, not before, and counted', async () => {
    const { cdn, metrics } = forwarder()
    cloudflare.force({
      status: 429,
      body: JSON.stringify({ success: false, errors: [{ code: 971, message: 'Please wait and consider throttling' }] }),
      headers: { 'retry-after': '1' },
    })
    const answer = await cdn.forward(toCdnPurge({ mode: 'soft', hosts: ['shop.example'] }))
    expect(answer.cloudflare).toBe('ok')
    const [first, second, ...more] = cloudflare.received.map((call) => call.at)
    expect(more).toEqual([])
    expect(second! - first!).toBeGreaterThanOrEqual(1000)
    // The back-off alone would have tried again after 10–20 ms.
    expect(second! - first!).toBeLessThan(3000)
    expect(await callsCounted(metrics, 'cloudflare', 'throttled')).toBe(1)
    expect(await callsCounted(metrics, 'cloudflare', 'ok')).toBe(1)
  })

  it('a Retry-After past the deadline is not waited for, and holds the next purges’ calls to that CDN too', async () => {
    const { cdn, metrics } = forwarder({ timeoutMs: 2000 })
    fastly.force({ status: 429, body: JSON.stringify({ msg: 'Too many requests' }), headers: { 'retry-after': '120' } })
    const started = Date.now()
    const first = await cdn.forward(toCdnPurge({ mode: 'soft', hosts: ['shop.example'] }))
    expect(first.fastly).toBe('failed: 429 Too many requests')
    const second = await cdn.forward(toCdnPurge({ mode: 'soft', hosts: ['shop.example'] }))
    expect(second.fastly).toBe('failed: not sent before the deadline: CDN_PURGE_CALLS_PER_MINUTE reached')
    // Both answered at once rather than at their deadline; Fastly got the one call.
    expect(Date.now() - started).toBeLessThan(2000)
    expect(fastly.received).toHaveLength(1)
    expect(await callsCounted(metrics, 'fastly', 'not_sent')).toBe(1)
    // The other CDNs were not held.
    expect([first.cloudflare, second.cloudflare]).toEqual(['ok', 'ok'])
  })

  it('a flood of purges is paced at Cloudflare and Fastly: past the burst, one call a second at 60 a minute, and what cannot go before the deadline is not sent', async () => {
    const { cdn, metrics } = forwarder({ maxCalls: 2, callsPerMinute: 60, timeoutMs: 1500 })
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => cdn.forward(toCdnPurge({ mode: 'soft', hosts: [`t${i}.example`] }))),
    )
    const arrivals = cloudflare.received.map((call) => call.at).sort((a, b) => a - b)
    expect(arrivals).toHaveLength(3)
    expect(arrivals[2]! - arrivals[0]!).toBeGreaterThanOrEqual(900)
    expect(answers.filter((answer) => answer.cloudflare === 'ok')).toHaveLength(3)
    expect(await callsCounted(metrics, 'cloudflare', 'not_sent')).toBe(7)
    // Fastly is metered the same way; a Varnish of one's own is not: it got every purge.
    expect(fastly.received).toHaveLength(3)
    expect(varnish.received).toHaveLength(10)
  })
})
