import pino from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { distDir } from '../../test/harness.ts'
import { startRedis, type TestRedis } from '../../test/redis-server.ts'
import { parseEnv } from '../env.ts'
import { createMetrics } from '../metrics/metrics.ts'
import { createServerDeps, type ServerDeps } from '../server-deps.ts'
import {
  CLOUDFLARE_ZONE,
  startCloudflareStandIn,
  startVarnishStandIn,
  type StandIn,
} from './cdn-stand-ins.test-helper.ts'

const PURGE_TOKEN = 'purge-token-for-tests-0123'
const CF_TOKEN = 'cf-token-Zq9xv7Lk2Pw4Rt6Yh8Nm0Bc3'

let redis: TestRedis
let varnish: StandIn
let cloudflare: StandIn
let instances: ServerDeps[] = []
beforeAll(async () => {
  ;[redis, varnish, cloudflare] = await Promise.all([
    startRedis(),
    startVarnishStandIn(),
    startCloudflareStandIn(CF_TOKEN),
  ])
})
afterAll(async () => {
  await Promise.all([redis.stop(), varnish.close(), cloudflare.close()])
})
afterEach(async () => {
  await Promise.all(instances.map((instance) => instance.close()))
  instances = []
})

/** An instance wired from its environment as server/index.ts wires it, sharing the test Redis, the CDNs in front. */
async function instance(): Promise<ServerDeps> {
  const parsed = parseEnv({
    REDIS_URL: redis.url,
    REDIS_ADMIT_AFTER: '1',
    PURGE_TOKEN,
    VARNISH_PURGE_URLS: varnish.url,
    CLOUDFLARE_ZONE_ID: CLOUDFLARE_ZONE,
    CLOUDFLARE_API_TOKEN: CF_TOKEN,
    CLOUDFLARE_API_URL: `${cloudflare.url}/client/v4`,
    HTML_CACHE_TTL_MS: '600000',
    IMAGE_OPTIMIZER: '0',
    LOG_LEVEL: 'silent',
  })
  if (!parsed.ok) throw new Error(parsed.errors.join('; '))
  const deps = await createServerDeps(parsed.env, {
    distRoot: distDir(),
    log: pino({ level: 'silent' }),
    metrics: createMetrics({ processMetrics: false }),
  })
  instances.push(deps)
  await deps.redis?.ready
  return deps
}

function request(deps: ServerDeps, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('host', 'res.localhost')
  return Promise.resolve(deps.app.request(`http://res.localhost${path}`, { ...init, headers }))
}

async function purge(deps: ServerDeps, body: unknown) {
  const answer = await request(deps, '/_internal/purge', {
    method: 'POST',
    headers: { authorization: `Bearer ${PURGE_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(answer.status).toBe(200)
  return (await answer.json()) as { cdn?: Record<string, string> }
}

async function forwarded(deps: ServerDeps): Promise<string> {
  const text = await deps.metrics.registry.getSingleMetricAsString('cdn_purges_total')
  return text
    .split('\n')
    .filter((line) => line.startsWith('cdn_purges_total{'))
    .join('\n')
}

describe('purges forwarded once for the whole fleet', () => {
  it('only the instance that took the purge forwards it; the others purge themselves and send nothing', async () => {
    const [a, b] = [await instance(), await instance()]
    const page = await request(b, '/res/hot', { headers: { cookie: 'lang=zh' } })
    expect(page.status).toBe(200)
    await page.arrayBuffer()
    await vi.waitFor(() => expect(b.htmlCache?.size).toBeGreaterThan(0))

    expect((await purge(a, { host: 'res.localhost', mode: 'hard' })).cdn).toEqual({ varnish: 'ok', cloudflare: 'ok' })
    // The other instance got the purge (its copy is gone) without forwarding it.
    await vi.waitFor(() => expect(b.htmlCache?.size).toBe(0))
    expect(await forwarded(b)).toBe('')
    expect(await forwarded(a)).toBe(
      'cdn_purges_total{cdn="varnish",outcome="ok"} 1\ncdn_purges_total{cdn="cloudflare",outcome="ok"} 1',
    )

    // A purge taken by the other instance is forwarded by it alone; by the time its answer is back,
    // the first purge's forwarding has long been answered, so the CDNs saw one request each per purge.
    expect((await purge(b, { host: 'res.localhost', tags: ['site'] })).cdn).toEqual({
      varnish: 'ok',
      cloudflare: 'ok',
    })
    expect(varnish.received.map((each) => each.headers['xkey-purge'] ?? each.headers['xkey-softpurge'])).toEqual([
      expect.stringMatching(/^res\.localhost( |$)/),
      expect.stringMatching(/^res\.localhost:site\b/),
    ])
    expect(cloudflare.received).toHaveLength(2)
    expect(await forwarded(a)).toBe(
      'cdn_purges_total{cdn="varnish",outcome="ok"} 1\ncdn_purges_total{cdn="cloudflare",outcome="ok"} 1',
    )
  })
})
