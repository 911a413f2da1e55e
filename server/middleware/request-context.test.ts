import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { captureLog } from '../../test/log-capture.ts'
import { type RequestOutcome, toRequestId } from '../http/request-id.ts'
import { createMetrics } from '../metrics/metrics.ts'
import { requestRecorder } from './request-context.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('toRequestId', () => {
  it.each(['abc-123', 'A_b-9', 'x'.repeat(128)])('keeps %j', (id) => {
    expect(toRequestId(id)).toBe(id)
  })
  it.each([undefined, '', 'a b', 'id\r\nx-admin: 1', 'x'.repeat(10_240), 'ünï', 'a;b', '../x'])(
    'replaces %j with a fresh id',
    (id) => {
      expect(toRequestId(id)).toMatch(UUID)
    },
  )
})

describe('request ids and logs through the app', () => {
  const capture = captureLog('info')
  const upstreamIds: (string | null)[] = []
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite({
      log: capture.log,
      upstream: (request, demo) => {
        upstreamIds.push(request.headers.get('x-request-id'))
        if (request.headers.get('app-domain') === 'broken.localhost')
          return new Response('{"secret":"upstream-body"}', { status: 500 })
        return demo(request)
      },
    })
  })
  afterAll(() => site.close())

  it('echoes an acceptable id on pages, payloads, assets, errors and probes, and sends it upstream', async () => {
    const paths = ['/', '/res/hot/_payload.json', '/assets/nope.js', '/no/such/page', '/healthz']
    for (const [i, path] of paths.entries()) {
      const id = `trace-${i}`
      const response = await site.request(path, { headers: { 'x-request-id': id } })
      expect(response.headers.get('x-request-id')).toBe(id)
    }
    expect(upstreamIds).toContain('trace-0')
    const unknown = await site.request('/', { host: 'nobody.localhost', headers: { 'x-request-id': 'trace-unknown' } })
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('x-request-id')).toBe('trace-unknown')
    const bad = await site.request('/', { host: 'bad host' })
    expect(bad.status).toBe(400)
    expect(bad.headers.get('x-request-id')).toMatch(UUID)
  })

  it('generates an id when the given one is unsafe, and a different one per request', async () => {
    const first = await site.request('/', { headers: { 'x-request-id': 'x'.repeat(10_240) } })
    const second = await site.request('/')
    expect(first.headers.get('x-request-id')).toMatch(UUID)
    expect(second.headers.get('x-request-id')).toMatch(UUID)
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'))
  })

  it('writes one access line per request with the id, route name and status — never cookies or query strings', async () => {
    await site.request('/s?query=secret-search&token=abc', {
      headers: {
        'x-request-id': 'trace-log',
        cookie: 'session=super-secret-cookie; lang=zh',
        authorization: 'Bearer super-secret-token',
      },
    })
    const line = capture.lines.find((entry) => entry.requestId === 'trace-log' && entry.msg === 'request')
    expect(line).toMatchObject({ method: 'GET', route: 's', path: '/s', status: 200, level: 30 })
    expect(capture.text()).not.toMatch(/super-secret|secret-search|token=abc/)
  })

  it('error lines carry the request id, and upstream error bodies are not logged', async () => {
    const response = await site.request('/', { host: 'broken.localhost', headers: { 'x-request-id': 'trace-broken' } })
    expect(response.status).toBe(503)
    const failure = capture.lines.find((entry) => entry.requestId === 'trace-broken' && entry.level === 50)
    expect(failure).toMatchObject({ msg: 'site config unavailable', err: { type: 'UpstreamHttpError' } })
    expect(capture.text()).not.toContain('upstream-body')
    const before = capture.lines.length
    const child = capture.log.child({ requestId: 'trace-error' })
    child.error(
      {
        err: Object.assign(new Error('upstream said no'), { body: { password: 'hunter2' }, data: 'private' }),
        cookie: 'a=b',
      },
      'page data failed',
    )
    const line = capture.lines.slice(before).find((entry) => entry.msg === 'page data failed')
    expect(line).toMatchObject({
      requestId: 'trace-error',
      cookie: '[redacted]',
      err: { body: '[redacted]', data: '[redacted]' },
    })
    expect(capture.text()).not.toContain('hunter2')
  })
})

describe('request metrics of a finished record', () => {
  const COUNTED = 'http_requests_total{route="home",method="GET",status_class="3xx",code="304"}'
  const outcome: RequestOutcome = {
    method: 'GET',
    path: '/',
    route: 'home',
    status: 304,
    host: 'a.localhost',
    cache: 'hit',
    bytes: 0,
  }

  it('go to the series the caller holds, or to the one its route, method and status name', async () => {
    const metrics = createMetrics({ processMetrics: false })
    const { begin } = requestRecorder({ log: captureLog('warn').log, metrics })
    begin(undefined).finish({ ...outcome, series: metrics.requestSeries('home', 'GET', 304) })
    begin(undefined).finish(outcome)
    expect(await metrics.registry.metrics()).toContain(`${COUNTED} 2`)

    const observed: [number, number][] = []
    const record = begin(undefined)
    record.firstByte()
    record.finish({ ...outcome, series: { observe: (seconds, ttfbSeconds) => observed.push([seconds, ttfbSeconds]) } })
    expect(observed).toHaveLength(1)
    const [[seconds, ttfbSeconds] = [0, 0]] = observed
    expect(ttfbSeconds).toBeLessThanOrEqual(seconds)
    expect(await metrics.registry.metrics()).toContain(`${COUNTED} 2`)
  })
})
