import { Redis } from 'ioredis'
import pino from 'pino'
import { Agent } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captureLog } from '../../test/log-capture.ts'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { type JsonSpan, type OtlpReceiver, startOtlpReceiver } from '../../test/otlp-receiver.ts'
import { startRedis, type TestRedis } from '../../test/redis-server.ts'
import { createCdnForwarder } from '../cdn/cdn-forwarder.ts'
import { type StandIn, startVarnishStandIn } from '../cdn/cdn-stand-ins.test-helper.ts'
import { createVarnishTarget } from '../cdn/varnish.ts'
import { type StartedTracing, startTracing } from './start-tracing.ts'
import type { TracingConfig } from './tracing-env.ts'

// A request's span, its children and the upstream's traceparent, exported over OTLP/HTTP to a
// receiver on 127.0.0.1 and read back as the collector would.

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736'
const PARENT_ID = '00f067aa0ba902b7'
const TRACEPARENT = `00-${TRACE_ID}-${PARENT_ID}-01`
const SERVER = 2
const CLIENT = 3

function configFor(receiver: OtlpReceiver, protocol: TracingConfig['protocol']): TracingConfig {
  return {
    url: receiver.url,
    protocol,
    sampler: 'parentbased_always_on',
    ratio: 1,
    resource: { 'service.name': 'tenant-sites-test', 'service.version': '0.0.0', 'deployment.environment': 'test' },
  }
}

/** The traceparents the stub upstream received, by API path. */
function recordingUpstream(received: { path: string; traceparent: string | null }[]) {
  return (request: Request, demo: (request: Request) => Promise<Response>) => {
    received.push({ path: new URL(request.url).pathname, traceparent: request.headers.get('traceparent') })
    return demo(request)
  }
}

describe('traces over OTLP/HTTP JSON, behind a trusted proxy', () => {
  let receiver: OtlpReceiver
  let tracing: StartedTracing
  let site: TestSite
  const captured = captureLog('info', { traceIds: true })
  const received: { path: string; traceparent: string | null }[] = []

  beforeAll(async () => {
    receiver = await startOtlpReceiver()
    tracing = await startTracing(configFor(receiver, 'http/json'), pino({ level: 'silent' }), { exportDelayMs: 20 })
    site = await startTestSite({
      listen: true,
      log: captured.log,
      htmlCache: {},
      app: { trustProxy: 1 },
      upstream: recordingUpstream(received),
    })
  })
  afterAll(async () => {
    await site?.close()
    await tracing?.shutdown()
    await receiver?.close()
  })

  const ofTrace = (id: string) => receiver.jsonSpans().filter((span) => span.traceId === id)
  const requestSpan = (spans: JsonSpan[]) => spans.find((span) => span.kind === SERVER && span.name.startsWith('GET '))

  it('adopts the proxy’s traceparent: the request, its steps and the upstream calls share its trace id', async () => {
    const response = await site.request('/', { via: 'listener', headers: { traceparent: TRACEPARENT } })
    expect(response.status).toBe(200)
    await response.text()
    await receiver.until(
      () => requestSpan(ofTrace(TRACE_ID)) !== undefined && ofTrace(TRACE_ID).some((s) => s.name === 'render'),
    )

    const spans = ofTrace(TRACE_ID)
    const request = requestSpan(spans)
    expect(request?.parentSpanId).toBe(PARENT_ID)
    expect(request?.attributes).toMatchObject({
      'tenant.host': 'res.localhost',
      'http.request.method': 'GET',
      'url.path': '/',
      'http.response.status_code': 200,
      'cache.result': 'miss',
    })
    const names = spans.map((span) => span.name)
    expect(names).toEqual(expect.arrayContaining(['resolve tenant', 'load site', 'render', 'render shell']))
    // Every span of the request names its tenant.
    for (const span of spans) expect(span.attributes['tenant.host'], span.name).toBe('res.localhost')
    expect(spans.find((span) => span.name === 'load site')?.attributes['cache.result']).toBe('miss')
    // Upstream calls are CLIENT spans named by the contract's path, never by ids.
    const calls = spans.filter((span) => span.kind === CLIENT && span.name.startsWith('POST /v1/'))
    expect(calls.length).toBeGreaterThan(0)
    // The resource is the operator's.
    expect(request?.resource).toMatchObject({ 'service.name': 'tenant-sites-test', 'deployment.environment': 'test' })

    // The upstream received the trace, each call under its own CLIENT span.
    const sent = received.filter((call) => call.traceparent?.includes(TRACE_ID))
    expect(sent.length).toBe(calls.length)
    const callIds = new Set(calls.map((span) => span.spanId))
    for (const { traceparent } of sent) expect(callIds.has(traceparent?.split('-')[2] ?? '')).toBe(true)

    // The access line carries the trace and the request's span.
    const access = captured.lines.find((line) => line.msg === 'request' && line.traceId === TRACE_ID)
    expect(access).toMatchObject({ host: 'res.localhost', traceId: TRACE_ID, spanId: request?.spanId })
  })

  it('traces a cache hit the front door answers, with its cache result', async () => {
    const first = await site.request('/', { via: 'listener' })
    await first.text()
    const hitTrace = '0af7651916cd43dd8448eb211c80319c'
    const response = await site.request('/', {
      via: 'listener',
      headers: { traceparent: `00-${hitTrace}-b7ad6b7169203331-01` },
    })
    expect(response.headers.get('cache-status')).toMatch(/hit/)
    await response.text()
    await receiver.until(() => requestSpan(ofTrace(hitTrace)) !== undefined)
    expect(requestSpan(ofTrace(hitTrace))?.attributes).toMatchObject({
      'tenant.host': 'res.localhost',
      'cache.result': 'hit',
      'http.response.status_code': 200,
    })
    // A hit makes no upstream call and no render.
    expect(ofTrace(hitTrace).map((span) => span.name)).not.toContain('render')
  })

  it('bounds what a visitor writes into a span: a long path is cut to 1024 characters', async () => {
    const longTrace = 'c1b2c3d4e5f60718293a4b5c6d7e8f90'
    const response = await site.request(`/${'x'.repeat(4000)}`, {
      via: 'listener',
      headers: { traceparent: `00-${longTrace}-${PARENT_ID}-01` },
    })
    await response.text()
    await receiver.until(() => requestSpan(ofTrace(longTrace)) !== undefined)
    expect(String(requestSpan(ofTrace(longTrace))?.attributes['url.path']).length).toBe(1024)
  })

  it('puts the trace id in the lines logged while the request runs', async () => {
    const lineTrace = 'b1b2c3d4e5f60718293a4b5c6d7e8f90'
    const failing = await startTestSite({
      listen: true,
      log: captured.log,
      app: { trustProxy: 1 },
      upstream: () => new Response('down', { status: 503 }),
    })
    try {
      const response = await failing.request('/', {
        via: 'listener',
        headers: { traceparent: `00-${lineTrace}-${PARENT_ID}-01` },
      })
      expect(response.status).toBe(503)
      await response.text()
      const inRequest = captured.lines.filter((line) => line.msg === 'site config unavailable')
      expect(inRequest.at(-1)?.traceId).toBe(lineTrace)
      await receiver.until(() => requestSpan(ofTrace(lineTrace)) !== undefined)
      const failed = ofTrace(lineTrace).filter((span) => span.name.startsWith('POST /v1/'))
      expect(failed.length).toBeGreaterThan(0)
    } finally {
      await failing.close()
    }
  })
})

describe('without a trusted proxy', () => {
  let receiver: OtlpReceiver
  let tracing: StartedTracing
  let site: TestSite
  const received: { path: string; traceparent: string | null }[] = []

  beforeAll(async () => {
    receiver = await startOtlpReceiver()
    tracing = await startTracing(configFor(receiver, 'http/protobuf'), pino({ level: 'silent' }), { exportDelayMs: 20 })
    site = await startTestSite({ listen: true, upstream: recordingUpstream(received) })
  })
  afterAll(async () => {
    await site?.close()
    await tracing?.shutdown()
    await receiver?.close()
  })

  it('starts a trace of its own: a visitor’s traceparent is not adopted, nor sent on', async () => {
    const response = await site.request('/', { via: 'listener', headers: { traceparent: TRACEPARENT } })
    expect(response.status).toBe(200)
    await response.text()
    expect(received.length).toBeGreaterThan(0)
    for (const { traceparent } of received) {
      expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)
      expect(traceparent).not.toContain(TRACE_ID)
    }
    // The instance's own trace arrives over OTLP/HTTP protobuf: its id's 16 bytes are in the export.
    const ownTrace = Buffer.from(received[0]?.traceparent?.split('-')[1] ?? '', 'hex')
    const visitorTrace = Buffer.from(TRACE_ID, 'hex')
    const exported = () => receiver.posts.filter((post) => post.contentType === 'application/x-protobuf')
    await receiver.until(() => exported().some((post) => post.body.includes(ownTrace) && post.body.includes('render')))
    expect(exported().some((post) => post.body.includes(visitorTrace))).toBe(false)
  })
})

describe('Redis commands and purges, in a fleet of two', () => {
  let receiver: OtlpReceiver
  let tracing: StartedTracing
  let redis: TestRedis
  let varnish: StandIn
  const dispatcher = new Agent()
  let sites: TestSite[] = []

  beforeAll(async () => {
    receiver = await startOtlpReceiver()
    tracing = await startTracing(configFor(receiver, 'http/json'), pino({ level: 'silent' }), { exportDelayMs: 20 })
    redis = await startRedis()
    varnish = await startVarnishStandIn()
    const options = {
      listen: true,
      htmlCache: {},
      redisUrl: redis.url,
      purgeToken: 'purge-token-of-16-chars',
    }
    // The first instance also forwards each purge to a Varnish (a stand-in on 127.0.0.1).
    const cdnPurges = createCdnForwarder({
      targets: [createVarnishTarget({ origins: [varnish.url] })],
      dispatcher,
      timeoutMs: 5000,
      log: pino({ level: 'silent' }),
    })
    sites = [
      await startTestSite({ ...options, app: { trustProxy: 1, cdnPurges } }),
      await startTestSite({ ...options, app: { trustProxy: 1 } }),
    ]
  })
  afterAll(async () => {
    await Promise.all(sites.map((site) => site.close()))
    await tracing?.shutdown()
    await Promise.all([receiver?.close(), redis?.stop(), varnish?.close(), dispatcher.close()])
  })

  it('traces the shared store’s commands under the request, and a purge, its fan-out and its arrival', async () => {
    const [a, b] = sites as [TestSite, TestSite]
    const pageTrace = '11111111111111111111111111111111'
    const page = await a.request('/', { via: 'listener', headers: { traceparent: `00-${pageTrace}-${PARENT_ID}-01` } })
    await page.text()
    await receiver.until(() => receiver.jsonSpans().some((span) => span.traceId === pageTrace && span.kind === SERVER))
    const own = receiver.jsonSpans().filter((span) => span.traceId === pageTrace)
    const reads = own.filter((span) => span.name.startsWith('redis '))
    expect(reads.length).toBeGreaterThan(0)
    for (const read of reads)
      expect(read).toMatchObject({
        kind: CLIENT,
        attributes: { 'db.system.name': 'redis', 'tenant.host': 'res.localhost' },
      })

    expect((await b.request('/', { via: 'listener' })).status).toBe(200)
    expect(await (await a.purge({ host: 'res.localhost' })).json()).toMatchObject({ shared: 'ok' })
    const named = (name: string) => receiver.jsonSpans().filter((span) => span.name === name)
    await receiver.until(() => named('purge').length > 0 && named('purge received').length > 0)
    const [purge] = named('purge')
    expect(purge?.attributes).toMatchObject({
      'tenant.host': 'res.localhost',
      'purge.mode': 'soft',
      'purge.breadth': 'tenant',
    })
    const fanOut = named('purge to instances').find((span) => span.parentSpanId === purge?.spanId)
    expect(fanOut).toMatchObject({ kind: CLIENT, traceId: purge?.traceId })
    // The CDN's share, in the same trace (the purge request's).
    await receiver.until(() => named('purge to varnish').length > 0)
    expect(named('purge to varnish')[0]).toMatchObject({ kind: CLIENT, traceId: purge?.traceId })
    expect(varnish.received.length).toBeGreaterThan(0)
    // The arrival on the other instance is in the purge's trace, a child of the fan-out's span.
    expect(named('purge received')[0]).toMatchObject({
      traceId: purge?.traceId,
      parentSpanId: fanOut?.spanId,
      attributes: { 'tenant.host': 'res.localhost' },
    })
  })

  it('takes a purge whose trace context is malformed, or absent (an earlier version), in a trace of its own', async () => {
    const redisClient = new Redis(redis.url)
    try {
      const received = () => receiver.jsonSpans().filter((span) => span.name === 'purge received')
      const before = received().length
      // Well formed as far as OpenTelemetry's parser goes (a later version), but not what an instance sends.
      const forged = `01-${'a'.repeat(32)}-${'b'.repeat(16)}-01`
      const texts = [
        { from: 'elsewhere', id: 'forged', host: 'forged.localhost', traceparent: forged, tracestate: 'x=1' },
        { from: 'earlier', host: 'earlier.localhost' },
      ]
      for (const text of texts) await redisClient.publish('ts:purge', JSON.stringify(text))
      // Each of the two instances applies both.
      await receiver.until(() => received().length >= before + 4)
      const arrivals = received().slice(before)
      for (const arrival of arrivals) {
        expect(arrival.traceId).not.toBe('a'.repeat(32))
        expect(arrival.parentSpanId ?? '').toBe('')
      }
      expect(arrivals.map((span) => span.attributes['tenant.host']).sort()).toEqual([
        'earlier.localhost',
        'earlier.localhost',
        'forged.localhost',
        'forged.localhost',
      ])
    } finally {
      redisClient.disconnect()
    }
  })
})
