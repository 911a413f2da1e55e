import path from 'node:path'
import { register } from 'prom-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { distDir, startTestSite, type TestSite } from '../../../test/harness.ts'
import { createMetrics, type Metrics } from '../../metrics/metrics.ts'
import { readClientManifest } from '../../render/manifest.ts'

const TOKEN = 'scrape-token-0123456789'

describe('/metrics', () => {
  let site: TestSite
  let metrics: Metrics
  beforeAll(async () => {
    metrics = createMetrics()
    site = await startTestSite({
      app: { metrics, metricsToken: TOKEN },
      repository: { metrics },
      upstreamClient: { metrics: metrics.upstream },
      upstream: (request, demo) =>
        new URL(request.url).pathname === '/v1/links/get' ? new Response('nope', { status: 503 }) : demo(request),
    })
  })
  afterAll(() => site.close())

  const scrape = async () => {
    const response = await site.request('/metrics', {
      host: 'nobody.localhost',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    return response.text()
  }

  it('needs the bearer token when one is configured', async () => {
    expect((await site.request('/metrics')).status).toBe(401)
    const wrong = await site.request('/metrics', { headers: { authorization: `Bearer ${TOKEN.replace('0', '1')}` } })
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('www-authenticate')).toContain('Bearer')
  })

  it('counts requests by route name, method and status class, with durations, never by raw path or host', async () => {
    await site.request('/')
    await site.request('/res/hot?page=2', { host: 'res.localhost' })
    await site.request('/no/such/page-x1')
    await site.request('/', { host: 'unknown-host-x1.localhost' })
    await site.request('/res/hot/_payload.json')
    const text = await scrape()
    expect(text).toMatch(/^http_requests_total\{route="home",method="GET",status_class="2xx",code="200"\} [1-9]/m)
    expect(text).toMatch(/^http_requests_total\{route="res-hot",method="GET",status_class="2xx",code="200"\} [1-9]/m)
    expect(text).toMatch(
      /^http_requests_total\{route="res-hot\.payload",method="GET",status_class="2xx",code="200"\} 1$/m,
    )
    expect(text).toMatch(/^http_requests_total\{route="unmatched",method="GET",status_class="4xx",code="404"\} [1-9]/m)
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.1",route="home",method="GET",status_class="2xx"\} /m,
    )
    // From a cache hit's 100 µs up.
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.0001",route="home",method="GET",status_class="2xx"\} /m,
    )
    expect(text).not.toMatch(/page-x1|unknown-host-x1|res\.localhost|page=2/)
  })

  it('times the first byte by route, in buckets from a cache hit’s 100 µs to a slow render’s seconds', async () => {
    await site.request('/')
    const text = await scrape()
    expect(text).toMatch(/^http_time_to_first_byte_seconds_bucket\{le="0\.0001",route="home"\} \d/m)
    expect(text).toMatch(/^http_time_to_first_byte_seconds_bucket\{le="5",route="home"\} [1-9]/m)
    expect(text).toMatch(/^http_time_to_first_byte_seconds_count\{route="home"\} [1-9]/m)
  })

  it('names the running build: the package version and the browser entry’s hash', async () => {
    const { version } = (await import('../../../package.json', { with: { type: 'json' } })).default
    const text = await scrape()
    const line = /^app_build_info\{version="([^"]+)",build="([^"]+)"\} 1$/m.exec(text)
    expect(line?.[1]).toBe(version)
    expect(line?.[2]).toMatch(/^\w+$/)
    const manifest = readClientManifest(path.join(distDir(), 'client', 'manifest.json'))
    expect(manifest.entry.file).toContain(`-${line?.[2]}.js`)
  })

  it('reports upstream calls by API path and outcome, cache lookups and sizes, in-flight and draining', async () => {
    await site.request('/links')
    const text = await scrape()
    expect(text).toMatch(/^upstream_calls_total\{path="\/v1\/site_page\/web_get",outcome="ok"\} [1-9]/m)
    expect(text).toMatch(/^upstream_calls_total\{path="\/v1\/links\/get",outcome="http_5xx"\} [1-9]/m)
    expect(text).toMatch(/^upstream_call_duration_seconds_count\{path="\/v1\/site_page\/web_get",outcome="ok"\} [1-9]/m)
    expect(text).toMatch(/^cache_lookups_total\{cache="site",result="miss"\} [1-9]/m)
    expect(text).toMatch(/^cache_lookups_total\{cache="site",result="hit"\} [1-9]/m)
    expect(text).toMatch(/^cache_entries\{cache="site"\} [1-9]/m)
    expect(text).toMatch(/^cache_entries\{cache="page"\} \d/m)
    expect(text).toMatch(/^http_requests_in_flight 1$/m)
    expect(text).toMatch(/^app_draining 0$/m)
    expect(text).toMatch(/^process_resident_memory_bytes \d/m)
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m)
  })

  it('keeps its own registry: the process-global one stays empty and a second instance does not clash', async () => {
    const second = createMetrics()
    second.request('home', 'GET', 200, 0.01, 0.001)
    expect(await second.registry.metrics()).toContain(
      'http_requests_total{route="home",method="GET",status_class="2xx",code="200"} 1',
    )
    expect((await register.metrics()).trim()).toBe('')
  })

  it('folds unknown upstream paths and methods into fixed labels', async () => {
    const own = createMetrics({ processMetrics: false })
    own.request('api', 'BREW', 418, 0.1, 0.05)
    const { createUpstreamClient } = await import('../../upstream/client.ts')
    const { Agent } = await import('undici')
    const dispatcher = new Agent()
    const client = createUpstreamClient({
      baseUrl: 'http://127.0.0.1:9',
      dispatcher,
      timeoutMs: 1000,
      metrics: own.upstream,
    })
    await expect(
      client.call('/v1/anything/a-visitor/typed', {}, { userAgent: '', referer: '', appDomain: 'x.localhost' }),
    ).rejects.toThrow()
    await dispatcher.close()
    const text = await own.registry.metrics()
    expect(text).toContain('http_requests_total{route="api",method="OTHER",status_class="4xx",code="418"} 1')
    expect(text).toContain('upstream_calls_total{path="other",outcome="network"} 1')
  })
})
