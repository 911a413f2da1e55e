import path from 'node:path'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { distDir } from '../../test/harness.ts'
import { createApp } from '../app.ts'
import { UpstreamStatusError } from '../errors.ts'
import { createMetrics } from '../metrics/metrics.ts'
import { readClientManifest } from '../render/manifest.ts'
import type { UpstreamCallContext, UpstreamClient } from '../upstream/client.ts'
import { createSiteRepository } from './site-repository.ts'

const MAX = 5000
const NEGATIVE_TTL = 10_000

/** An in-process upstream that knows no site at all, counting lookups per app-domain. */
function unknownEverywhere() {
  const lookups = new Map<string, number>()
  const fail = (path: string, context: UpstreamCallContext): never => {
    lookups.set(context.appDomain, (lookups.get(context.appDomain) ?? 0) + 1)
    throw new UpstreamStatusError(
      { status: 404, info: 'site not found', data: null },
      { method: 'POST', url: `http://upstream.test${path}` },
    )
  }
  const upstream: UpstreamClient = {
    call: async (path, _body, context) => fail(path, context),
    data: async (path, _body, _schema, context) => fail(path, context),
    rawData: async (path, _body, context) => fail(path, context),
    passthrough: async (path, _body, context) => fail(path, context),
  }
  return { upstream, lookups }
}

const randomHost = (i: number) => `${Math.random().toString(36).slice(2, 10)}-${i}.example`

describe('100k random Host values', () => {
  it('make one lookup per host per NEGATIVE_TTL_MS and leave the caches bounded', async () => {
    const clock = { time: 1_000_000 }
    const { upstream, lookups } = unknownEverywhere()
    const metrics = createMetrics({ processMetrics: false })
    const sizes = new Map<string, () => number>()
    const sites = createSiteRepository({
      upstream,
      ttlMs: 60_000,
      staleMs: 600_000,
      negativeTtlMs: NEGATIVE_TTL,
      pageTtlMs: 30_000,
      max: MAX,
      now: () => clock.time,
      metrics: { cache: (name) => ({ ...metrics.cache(name), size: (read) => void sizes.set(name, read) }) },
    })
    const app = createApp({
      sites,
      upstream,
      log: pino({ level: 'silent' }),
      renderTimeoutMs: 5000,
      metrics,
      manifest: readClientManifest(path.join(distDir(), 'client', 'manifest.json')),
      assetsRoot: path.join(distDir(), 'client'),
    })
    const get = (host: string) => app.request(`http://${host}/`, { headers: { host } })

    // The first hosts through the whole app (404 "site not found"), the rest straight at the
    // repository the tenant middleware asks: the same cache, a fraction of the time.
    const hosts: string[] = []
    const context = { userAgent: 'Load/1.0', referer: '', appDomain: '' }
    for (let i = 0; i < 100_000; i++) {
      const host = randomHost(i)
      hosts.push(host)
      if (i < 5000) {
        const response = await get(host)
        if (response.status !== 404) throw new Error(`${host} answered ${response.status}`)
      } else {
        const result = await sites.getSite(host, { ...context, appDomain: host })
        if (result.kind !== 'not-found') throw new Error(`${host} resolved to ${result.kind}`)
      }
      // The bound holds all along, not just at the end.
      if (i % 10_000 === 0) expect(sizes.get('site')!()).toBeLessThanOrEqual(MAX)
    }
    expect(lookups.size).toBe(100_000)
    expect(Math.max(...lookups.values())).toBe(1)
    expect(sizes.get('site')!()).toBe(MAX)

    // The most recent hosts asked again within the TTL: answered from the negative cache.
    const recent = hosts.slice(-1000)
    for (const host of recent) expect((await get(host)).status).toBe(404)
    expect(Math.max(...recent.map((host) => lookups.get(host)!))).toBe(1)
    // Once the TTL has passed they are looked up again, once each.
    clock.time += NEGATIVE_TTL
    for (const host of recent) await get(host)
    for (const host of recent) await get(host)
    expect(recent.every((host) => lookups.get(host) === 2)).toBe(true)
    expect(sizes.get('site')!()).toBe(MAX)
  }, 120_000)
})
