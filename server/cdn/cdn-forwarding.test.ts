import { Agent } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { captureLog, type CapturedLog } from '../../test/log-capture.ts'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { createMetrics, type Metrics } from '../metrics/metrics.ts'
import { createCloudflareTarget } from './cloudflare.ts'
import { createCdnForwarder } from './cdn-forwarder.ts'
import type { CdnTarget } from './cdn-purge.ts'
import {
  CLOUDFLARE_ZONE,
  FASTLY_SERVICE,
  startCloudflareStandIn,
  startFastlyStandIn,
  startVarnishStandIn,
  type StandIn,
} from './cdn-stand-ins.test-helper.ts'
import { createFastlyTarget } from './fastly.ts'
import { createVarnishTarget } from './varnish.ts'

const PURGE_TOKEN = 'purge-token-for-tests-0123'
const CF_TOKEN = 'cf-token-Zq9xv7Lk2Pw4Rt6Yh8Nm0Bc3'
const FASTLY_TOKEN = 'fastly-token-Hj5Kd8Ws1Qe3Ua7Oi9'
const ZH = { cookie: 'lang=zh' }

let dispatcher: Agent
let varnish: StandIn
let cloudflare: StandIn
let fastly: StandIn
let sites: TestSite[] = []
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
afterEach(async () => {
  await Promise.all(sites.map((site) => site.close()))
  sites = []
  for (const standIn of [varnish, cloudflare, fastly]) standIn.received.length = 0
})

const targets = {
  varnish: () => createVarnishTarget({ origins: [varnish.url] }),
  cloudflare: (token = CF_TOKEN) =>
    createCloudflareTarget({ apiUrl: `${cloudflare.url}/client/v4/`, zoneId: CLOUDFLARE_ZONE, token }),
  fastly: (token = FASTLY_TOKEN) => createFastlyTarget({ apiUrl: fastly.url, serviceId: FASTLY_SERVICE, token }),
}

interface SiteOptions {
  log?: CapturedLog
  metrics?: Metrics
  timeoutMs?: number
  /** CDN_PURGE_MAX_CALLS; 100 here, so the purges these tests make go as asked. */
  maxCalls?: number
}

/** An instance whose purges are forwarded to `cdns`, retrying fast (20 ms doubling to 100 ms). */
async function instance(cdns: CdnTarget[], options: SiteOptions = {}): Promise<TestSite> {
  const log = options.log?.log
  const metrics = options.metrics ?? createMetrics({ processMetrics: false })
  const cdnPurges = createCdnForwarder({
    targets: cdns,
    dispatcher,
    timeoutMs: options.timeoutMs ?? 5000,
    log: log ?? (await import('pino')).pino({ level: 'silent' }),
    onOutcome: (cdn, outcome) => metrics.cdnPurge(cdn, outcome),
    onCall: (cdn, outcome) => metrics.cdnPurgeCall(cdn, outcome),
    maxCalls: options.maxCalls ?? 100,
    backoff: { baseMs: 20, maxMs: 100 },
  })
  const site = await startTestSite({
    purgeToken: PURGE_TOKEN,
    htmlCache: {},
    ...(log ? { log } : {}),
    app: { cdnPurges, metrics },
  })
  sites.push(site)
  return site
}

async function purge(site: TestSite, body: unknown) {
  const answer = await site.purge(body)
  expect(answer.status).toBe(200)
  return (await answer.json()) as { hosts: string[]; cdn?: Record<string, string>; purged: unknown }
}

/** The host-prefixed tags a page carries for a CDN (`Surrogate-Key`), without the host-level one. */
async function pageTags(site: TestSite, path: string): Promise<string[]> {
  const page = await site.request(path, { headers: ZH })
  await page.arrayBuffer()
  const keys = (page.headers.get('surrogate-key') ?? '').split(' ')
  return keys.filter((key) => key.startsWith('res.localhost:')).map((key) => key.slice('res.localhost:'.length))
}

describe('purges forwarded to Varnish', () => {
  it('a soft host purge is one PURGE / with xkey-softpurge naming every host of the tenant; a hard tag purge uses xkey-purge with the names the pages carry', async () => {
    const site = await instance([targets.varnish()])
    const host = await purge(site, { host: 'res.localhost' })
    expect(host.cdn).toEqual({ varnish: 'ok' })
    expect(varnish.received).toEqual([expect.objectContaining({ method: 'PURGE', path: '/' })])
    expect(varnish.received[0]?.headers['xkey-softpurge']).toBe(host.hosts.join(' '))
    expect(varnish.received[0]?.headers['xkey-purge']).toBeUndefined()

    varnish.received.length = 0
    const tags = await pageTags(site, '/res/hot')
    const tag = tags.find((name) => name.startsWith('resource:')) ?? ''
    expect(tag).toMatch(/^resource:/)
    const hard = await purge(site, { host: 'res.localhost', tags: [tag], mode: 'hard' })
    expect(hard.cdn).toEqual({ varnish: 'ok' })
    expect(varnish.received.map((request) => request.headers['xkey-purge'])).toEqual([
      hard.hosts.map((name) => `${name}:${tag}`).join(' '),
    ])
  })

  it('a path purge is a PURGE of every published address of the page (each language, its payload too) under every host, each of which is a page the app serves', async () => {
    const site = await instance([targets.varnish()])
    const answer = await purge(site, { host: 'res.localhost', paths: ['/res/hot'] })
    expect(answer.cdn).toEqual({ varnish: 'ok' })
    const sent = varnish.received.map((request) => `${request.headers.host} ${request.path}`)
    expect(varnish.received.every((request) => request.method === 'PURGE' && !request.headers['xkey-purge'])).toBe(true)
    expect(sent).toContain('res.localhost /res/hot')
    expect(sent).toContain('res.localhost /en/res/hot')
    expect(sent).toContain('res.localhost /en/res/hot/_payload.json')
    expect(new Set(sent.map((line) => line.split(' ')[0]))).toEqual(new Set(answer.hosts))
    for (const request of varnish.received.filter((each) => each.headers.host === 'res.localhost')) {
      const page = await site.request(request.path)
      await page.arrayBuffer()
      expect([request.path, page.status]).toEqual([request.path, 200])
    }
  })

  it('a purge of every tenant is not something Varnish can take: answered "unsupported", nothing sent', async () => {
    const site = await instance([targets.varnish()])
    expect((await purge(site, { all: true })).cdn).toEqual({ varnish: 'unsupported' })
    expect(varnish.received).toEqual([])
  })
})

describe('purges forwarded to Cloudflare', () => {
  it('tags go as cache-tags in calls of at most 100, with the bearer token', async () => {
    const site = await instance([targets.cloudflare()])
    const tags = Array.from({ length: 150 }, (_, i) => `resource:r${i}`)
    const answer = await purge(site, { host: 'res.localhost', tags })
    expect(answer.cdn).toEqual({ cloudflare: 'ok' })
    const sent = answer.hosts.flatMap((host) => tags.map((tag) => `${host}:${tag}`))
    const bodies = cloudflare.received.map((request) => JSON.parse(request.body) as { tags: string[] })
    expect(bodies.map((body) => body.tags.length)).toEqual(
      Array.from({ length: Math.ceil(sent.length / 100) }, (_, i) => Math.min(100, sent.length - i * 100)),
    )
    expect(bodies.flatMap((body) => body.tags).sort()).toEqual([...sent].sort())
    for (const request of cloudflare.received) {
      expect(request.method).toBe('POST')
      expect(request.path).toBe(`/client/v4/zones/${CLOUDFLARE_ZONE}/purge_cache`)
      expect(request.headers.authorization).toBe(`Bearer ${CF_TOKEN}`)
      expect(request.headers['content-type']).toBe('application/json')
    }
  })

  it('a host purge is the host-level tag, a path purge the published URLs as files, everything is purge_everything', async () => {
    const site = await instance([targets.cloudflare()])
    const host = await purge(site, { host: 'res.localhost' })
    expect(JSON.parse(cloudflare.received[0]?.body ?? '')).toEqual({ tags: host.hosts })
    cloudflare.received.length = 0
    await purge(site, { host: 'res.localhost', paths: ['/en/res/hot'] })
    const files = cloudflare.received.flatMap((request) => (JSON.parse(request.body) as { files: string[] }).files)
    expect(files).toContain('https://res.localhost/en/res/hot')
    expect(files).toContain('https://res.localhost/en/res/hot/_payload.json')
    expect(files).not.toContain('https://res.localhost/res/hot')
    cloudflare.received.length = 0
    expect((await purge(site, { all: true })).cdn).toEqual({ cloudflare: 'ok' })
    expect(cloudflare.received.map((request) => JSON.parse(request.body))).toEqual([{ purge_everything: true }])
  })

  it('a 503 is tried again after the back-off, then succeeds; the outcome is counted', async () => {
    const metrics = createMetrics({ processMetrics: false })
    const site = await instance([targets.cloudflare()], { metrics })
    const unavailable = { status: 503, body: '{"success":false,"errors":[{"code":10001,"message":"busy"}]}' }
    cloudflare.force(unavailable, unavailable)
    expect((await purge(site, { host: 'res.localhost' })).cdn).toEqual({ cloudflare: 'ok' })
    expect(cloudflare.received).toHaveLength(3)
    expect(new Set(cloudflare.received.map((request) => request.body)).size).toBe(1)
    expect(await metrics.registry.getSingleMetricAsString('cdn_purges_total')).toContain(
      'cdn_purges_total{cdn="cloudflare",outcome="ok"} 1',
    )
  })

  it('a refused token (403) is not tried again, no further batch is sent, and the reason is logged once', async () => {
    const log = captureLog()
    const metrics = createMetrics({ processMetrics: false })
    const site = await instance([targets.cloudflare('not-the-token-0123456789')], { log, metrics })
    const tags = Array.from({ length: 250 }, (_, i) => `post:${i}`)
    const answer = await purge(site, { host: 'res.localhost', tags })
    expect(answer.cdn).toEqual({ cloudflare: 'failed: 403 10000 Authentication error' })
    expect(cloudflare.received).toHaveLength(1)
    const refused = log.lines.filter((line) => line.cdn === 'cloudflare' && line.outcome === 'rejected')
    expect(refused).toEqual([expect.objectContaining({ reason: '403 10000 Authentication error', level: 40 })])
    expect(await metrics.registry.getSingleMetricAsString('cdn_purges_total')).toContain(
      'cdn_purges_total{cdn="cloudflare",outcome="rejected"} 1',
    )
  })
})

describe('purges forwarded to Fastly', () => {
  it('keys go in Surrogate-Key, at most 256 a call, soft unless the purge is hard, with Fastly-Key', async () => {
    const site = await instance([targets.fastly()])
    const tags = Array.from({ length: 300 }, (_, i) => `group:g${i}`)
    const soft = await purge(site, { host: 'res.localhost', tags })
    expect(soft.cdn).toEqual({ fastly: 'ok' })
    const sent = soft.hosts.flatMap((host) => tags.map((tag) => `${host}:${tag}`))
    const batches = fastly.received.map((request) => (request.headers['surrogate-key'] ?? '').split(' '))
    expect(batches.flat().sort()).toEqual([...sent].sort())
    expect(Math.max(...batches.map((batch) => batch.length))).toBe(256)
    for (const request of fastly.received) {
      expect([request.method, request.path]).toEqual(['POST', `/service/${FASTLY_SERVICE}/purge`])
      expect(request.headers['fastly-key']).toBe(FASTLY_TOKEN)
      expect(request.headers['fastly-soft-purge']).toBe('1')
    }
    fastly.received.length = 0
    await purge(site, { host: 'res.localhost', mode: 'hard' })
    expect(fastly.received.map((request) => request.headers['fastly-soft-purge'])).toEqual([undefined])
  })

  it('addresses are purged by URL (POST /purge/<host><path>), everything with purge_all', async () => {
    const site = await instance([targets.fastly()])
    await purge(site, { host: 'res.localhost', paths: ['/en/res/hot'] })
    const paths = fastly.received.map((request) => request.path)
    expect(paths).toContain('/purge/res.localhost/en/res/hot')
    expect(paths).toContain('/purge/res.localhost/en/res/hot/_payload.json')
    expect(fastly.received.every((request) => request.headers['fastly-soft-purge'] === '1')).toBe(true)
    fastly.received.length = 0
    expect((await purge(site, { all: true, mode: 'hard' })).cdn).toEqual({ fastly: 'ok' })
    expect(fastly.received.map((request) => request.path)).toEqual([`/service/${FASTLY_SERVICE}/purge_all`])
  })

  it('a bad key (401) is answered with Fastly’s reason and not tried again', async () => {
    const site = await instance([targets.fastly('wrong-key-0123456789')])
    expect((await purge(site, { host: 'res.localhost' })).cdn).toEqual({
      fastly: 'failed: 401 Provided credentials are missing or invalid: Check your API token',
    })
    expect(fastly.received).toHaveLength(1)
  })
})

describe('forwarding around the purge', () => {
  it('a CDN that never answers is given up at the deadline: the purge is still answered, the others report ok', async () => {
    const site = await instance([targets.varnish(), targets.cloudflare()], { timeoutMs: 300 })
    varnish.force('hang')
    const answer = await purge(site, { host: 'res.localhost' })
    expect(answer.cdn).toEqual({ varnish: 'timeout', cloudflare: 'ok' })
    expect(answer.purged).toBeDefined()
  })

  it('a CDN that cannot be reached is tried again, 4 times at most, and reported with the network error', async () => {
    const closed = await startVarnishStandIn()
    await closed.close()
    const metrics = createMetrics({ processMetrics: false })
    const site = await instance([createVarnishTarget({ origins: [closed.url] })], { timeoutMs: 5000, metrics })
    expect((await purge(site, { host: 'res.localhost' })).cdn).toEqual({
      varnish: 'failed: network ECONNREFUSED (4 tries)',
    })
    expect(await metrics.registry.metrics()).toContain('cdn_purge_calls_total{cdn="varnish",outcome="network"} 4')
  })

  it('an answer too long to be an error message is judged by its status alone, and read no further', async () => {
    const site = await instance([targets.cloudflare()])
    const padded = { success: false, errors: [{ code: 9, message: 'refused' }], padding: 'x'.repeat(1024 * 1024) }
    cloudflare.force({ status: 403, body: JSON.stringify(padded) })
    expect((await purge(site, { host: 'res.localhost' })).cdn).toEqual({ cloudflare: 'failed: 403' })
  })

  it('no token reaches a log line or an answer, even when a CDN repeats it in its error', async () => {
    const log = captureLog('trace')
    const site = await instance([targets.cloudflare(), targets.fastly()], { log, timeoutMs: 300 })
    cloudflare.force({
      status: 400,
      body: JSON.stringify({ success: false, errors: [{ code: 1, message: `bad request from ${CF_TOKEN}` }] }),
    })
    fastly.force({ status: 500, body: JSON.stringify({ msg: `broken for ${FASTLY_TOKEN}` }) })
    const answer = await purge(site, { host: 'res.localhost' })
    expect(answer.cdn).toEqual({ cloudflare: 'failed: 400 1 bad request from [redacted]', fastly: 'ok' })
    const text = log.text() + JSON.stringify(answer)
    expect(log.lines.some((line) => line.cdn === 'cloudflare')).toBe(true)
    expect(text).not.toContain(CF_TOKEN)
    expect(text).not.toContain(FASTLY_TOKEN)
  })

  it('without a CDN configured the answer has no cdn field', async () => {
    const site = await startTestSite({ purgeToken: PURGE_TOKEN })
    sites.push(site)
    expect(await purge(site, { host: 'res.localhost' })).not.toHaveProperty('cdn')
  })
})
