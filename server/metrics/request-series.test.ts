import { Counter, Gauge, Histogram, Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { DEFINITIONS, type MetricDefinition } from './metric-definitions.ts'
import { createMetrics } from './metrics.ts'

type Request = [route: string, method: string, status: number, seconds: number, ttfbSeconds: number]

/**
 * Every metric of DEFINITIONS as prom-client's own instruments, the request metrics recorded with
 * three prom-client calls: what `/metrics` wrote before they were kept as plain numbers.
 */
function createPromClientReference() {
  const registry = new Registry()
  const made = new Map<string, Counter | Gauge | Histogram>()
  for (const [key, definition] of Object.entries(DEFINITIONS) as [string, MetricDefinition][]) {
    const config = { name: definition.name, help: definition.help, labelNames: definition.labels ?? [] }
    const registers = [registry]
    if (definition.kind === 'counter') made.set(key, new Counter({ ...config, registers }))
    else if (definition.kind === 'gauge') made.set(key, new Gauge({ ...config, registers }))
    else made.set(key, new Histogram({ ...config, registers, buckets: [...definition.buckets] }))
  }
  const requests = made.get('requests') as Counter
  const requestSeconds = made.get('requestSeconds') as Histogram
  const firstByteSeconds = made.get('firstByteSeconds') as Histogram
  const cacheLookups = made.get('cacheLookups') as Counter
  const methods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
  return {
    registry,
    lookup(cache: string, result: 'hit' | 'miss' | 'stale') {
      cacheLookups.inc({ cache, result })
    },
    request(...[route, method, status, seconds, ttfbSeconds]: Request) {
      const labels = {
        route,
        method: methods.has(method) ? method : 'OTHER',
        status_class: `${Math.floor(status / 100)}xx`,
      }
      requests.inc({
        ...labels,
        code: Number.isInteger(status) && status >= 100 && status < 600 ? String(status) : 'other',
      })
      requestSeconds.observe(labels, seconds)
      firstByteSeconds.observe({ route }, ttfbSeconds)
    },
  }
}

const ROUTES = ['home', 'res-hot', 'res-hot.payload', 'api', 'healthz', 'unmatched']
const METHODS = ['GET', 'GET', 'HEAD', 'POST', 'BREW', 'get', 'DELETE']
const STATUSES = [200, 304, 200, 500, 404, 200.5, 99, 600, 1000, 201, 302]

/** Every bound of both histograms, a value just either side of each, between them, zero and huge ones. */
function timesToObserve(): number[] {
  const bounds = [...new Set([...DEFINITIONS.requestSeconds.buckets, ...DEFINITIONS.firstByteSeconds.buckets])]
  const between = bounds.flatMap((bound, i) => [
    bound * (1 - 1e-12),
    bound * (1 + 1e-12),
    (bound + (bounds[i + 1] ?? 20)) / 2,
  ])
  return [...bounds, ...between, 0, -0, 1e-12, 0.1 + 0.2, 11, 1e9, 1e300, 2 ** 53 + 1]
}

/** Requests spread over routes, methods and statuses with unrelated strides, so series fill in a mixed order. */
function requestsToRecord(times: number[], stride: number): Request[] {
  return times.map((seconds, i) => [
    ROUTES[(i * stride) % ROUTES.length] as string,
    METHODS[(i * (stride + 1)) % METHODS.length] as string,
    STATUSES[(i * (stride + 2)) % STATUSES.length] as number,
    seconds,
    times[(i * 7) % times.length] as number,
  ])
}

describe('request metrics kept as plain numbers', () => {
  it('write /metrics byte for byte as prom-client did, before and after a reset, and the same JSON', async () => {
    const reference = createPromClientReference()
    const metrics = createMetrics({ processMetrics: false })
    // A held series never observed is not written, as prom-client writes no series it never saw.
    const held = metrics.requestSeries('post', 'GET', 200)
    const compare = async () => {
      expect(await metrics.registry.metrics()).toBe(await reference.registry.metrics())
      expect(await metrics.registry.getMetricsAsJSON()).toStrictEqual(await reference.registry.getMetricsAsJSON())
      for (const name of ['http_requests_total', 'http_request_duration_seconds']) {
        expect(await metrics.registry.getSingleMetricAsString(name)).toBe(
          await reference.registry.getSingleMetricAsString(name),
        )
      }
    }
    await compare()

    const times = timesToObserve()
    requestsToRecord(times, 1).forEach((request, i) => {
      reference.request(...request)
      // Half through the held series, half through `request`: both record the same.
      if (i % 2 === 0) metrics.request(...request)
      else metrics.requestSeries(request[0], request[1], request[2]).observe(request[3], request[4])
    })
    await compare()
    expect(await metrics.registry.metrics()).toContain('http_requests_total{route="home",method="OTHER"')

    reference.registry.resetMetrics()
    metrics.registry.resetMetrics()
    await compare()
    // After a reset, series are listed in the order they are observed again, a held one included.
    for (const request of requestsToRecord([...times].reverse(), 5)) {
      reference.request(...request)
      metrics.request(...request)
    }
    reference.request('post', 'GET', 200, 0.0003, 0.0002)
    held.observe(0.0003, 0.0002)
    await compare()
  })

  it('write cache lookups as prom-client did, in the order first counted, before and after a reset', async () => {
    const reference = createPromClientReference()
    const metrics = createMetrics({ processMetrics: false })
    const caches = ['html', 'site', 'page', 'data']
    const results = ['stale', 'hit', 'miss', 'hit', 'hit'] as const
    const count = (stride: number) => {
      for (let i = 0; i < 40; i += 1) {
        const cache = caches[(i * stride) % caches.length] as string
        const result = results[(i * (stride + 1)) % results.length] as (typeof results)[number]
        reference.lookup(cache, result)
        metrics.cache(cache).lookup(result)
      }
    }
    // The series of a cache are found when it is made, and written only once counted.
    metrics.cache('html')
    expect(await metrics.registry.metrics()).toBe(await reference.registry.metrics())
    count(1)
    expect(await metrics.registry.metrics()).toBe(await reference.registry.metrics())
    reference.registry.resetMetrics()
    metrics.registry.resetMetrics()
    count(3)
    expect(await metrics.registry.metrics()).toBe(await reference.registry.metrics())
    expect(await metrics.registry.getMetricsAsJSON()).toStrictEqual(await reference.registry.getMetricsAsJSON())
  })

  it('finds the same series for the same labels, a method outside the list folded into OTHER', () => {
    const metrics = createMetrics({ processMetrics: false })
    expect(metrics.requestSeries('home', 'GET', 200)).toBe(metrics.requestSeries('home', 'GET', 200))
    expect(metrics.requestSeries('home', 'BREW', 200)).toBe(metrics.requestSeries('home', 'FOO', 200))
    expect(metrics.requestSeries('home', 'GET', 601)).toBe(metrics.requestSeries('home', 'GET', 650.5))
    expect(metrics.requestSeries('home', 'GET', 200)).not.toBe(metrics.requestSeries('home', 'GET', 201))
  })

  it('refuses a time that is not a finite number, as prom-client does, and records nothing of it', async () => {
    const metrics = createMetrics({ processMetrics: false })
    expect(() => metrics.request('home', 'GET', 200, Number.NaN, 0.001)).toThrow(TypeError)
    expect(() => metrics.request('home', 'GET', 200, 0.001, Number.POSITIVE_INFINITY)).toThrow(TypeError)
    expect(() => createPromClientReference().request('home', 'GET', 200, Number.NaN, 0.001)).toThrow(TypeError)
    expect(await metrics.registry.metrics()).not.toContain('route="home"')
  })
})
