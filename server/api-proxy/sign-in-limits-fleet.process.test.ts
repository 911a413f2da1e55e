import { describe, expect, it } from 'vitest'
import { request } from 'undici'
import { useFleet } from '../../test/fleet.ts'
import { createMetrics, type Metrics } from '../metrics/metrics.ts'
import type { TestSite } from '../../test/harness.ts'
import { HOST, json } from './api-proxy.test-helper.ts'

// The sign-in limits of two instances sharing one redis-server, as behind a balancer: the same
// counters, whichever instance a visitor reaches.
const fleet = useFleet()

/** Proxied calls answered by the stub (the demo API answers the site configs). */
function startInstance(options: { redisCommandTimeoutMs?: number; metrics?: Metrics } = {}) {
  const { metrics, ...rest } = options
  return fleet.start({
    listen: true,
    ...rest,
    ...(metrics ? { app: { metrics } } : {}),
    upstream: (upstreamRequest, demo) =>
      new URL(upstreamRequest.url).pathname === '/v1/send_email'
        ? json({ status: 0, info: 'ok', data: null })
        : demo(upstreamRequest),
  })
}

async function sendCode(site: TestSite, email: string): Promise<number> {
  const answer = await request(`${site.url}/api/v1/send_email`, {
    method: 'POST',
    headers: { host: HOST, 'content-type': 'application/json' },
    body: JSON.stringify({ email, code_type: 0 }),
  })
  await answer.body.dump()
  return answer.statusCode
}

const mailed = (...sites: TestSite[]) =>
  sites.reduce((sum, site) => sum + (site.upstreamCalls.get('/v1/send_email') ?? 0), 0)

describe('sign-in limits across a fleet', () => {
  it('holds one address to 10 codes an hour over both instances, in keys that expire with the window', async () => {
    const [a, b] = await Promise.all([startInstance(), startInstance()])
    const statuses: number[] = []
    for (let i = 0; i < 30; i++) statuses.push(await sendCode(i % 2 === 0 ? a : b, `v${i}@x.test`))
    expect(mailed(a, b)).toBe(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(20)
    // Only the counters of this address and these e-mails, each with its window's lifetime.
    const keys = await fleet.admin.keys('ts:limit:*')
    expect(keys).toContain('ts:limit:send_email:address:res.localhost|127.0.0.1')
    expect(keys.filter((key) => key.startsWith('ts:limit:send_email:email:'))).toHaveLength(10)
    // E-mails are counted by their digest: no visitor's address is stored.
    expect(keys.filter((key) => key.includes('@'))).toEqual([])
    for (const key of keys) {
      const ttl = await fleet.admin.ttl(key)
      expect(ttl).toBeGreaterThan(3500)
      expect(ttl).toBeLessThanOrEqual(3600)
    }
  })

  it('counts in each instance’s memory while Redis does not answer, without holding visitors past the command deadline', async () => {
    const metrics = createMetrics({ processMetrics: false })
    const [a, b] = await Promise.all([
      startInstance({ redisCommandTimeoutMs: 200, metrics }),
      startInstance({ redisCommandTimeoutMs: 200 }),
    ])
    fleet.redis.pause()
    const started = performance.now()
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) statuses.push(await sendCode(a, `w${i}@x.test`))
    const perCall = (performance.now() - started) / 12
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429])
    expect(await sendCode(b, 'other@x.test')).toBe(200)
    fleet.redis.resume()
    expect(mailed(a, b)).toBe(11)
    // Each call waits at most for its two commands' deadlines (address, then e-mail).
    expect(perCall).toBeLessThan(1000)
    // Each failed command is counted with the shared store's: two a call (address, e-mail) for the
    // ten let through, one for each of the two refused by address.
    const scraped = await metrics.registry.metrics()
    expect(scraped).toMatch(/^shared_store_errors_total\{operation="limit"\} 22$/m)
    expect(scraped).toMatch(/^shared_store_command_duration_seconds_count\{operation="limit"\} 22$/m)
  })
})
