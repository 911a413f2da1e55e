import { Redis } from 'ioredis'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createGate, type Gate } from '../../test/gate.ts'
import { settled, startTestSite } from '../../test/harness.ts'
import { startRedis, type TestRedis } from '../../test/redis-server.ts'
import type { RevalidationOutcome } from '../cache/pages/read-render.ts'

const ZH = { cookie: 'lang=zh' }
const DATA_PATH = '/v1/resource/list'
const HOT = 'ts:res.localhost:html:zh:http://res.localhost/res/hot'

let redis: TestRedis
let admin: Redis
beforeAll(async () => {
  redis = await startRedis()
  admin = new Redis(redis.url, { maxRetriesPerRequest: 0 })
})
afterAll(async () => {
  admin.disconnect()
  await redis.stop()
})
beforeEach(async () => {
  await admin.flushall()
})

/**
 * An instance on the shared Redis whose page `/res/hot` is kept there and has gone stale, its
 * background re-render held at the upstream: what a shutdown finds when a visitor's request in the
 * last moments of the drain set off a re-render.
 */
async function staleReRenderRunning() {
  const clock = { time: Date.now() }
  const outcomes: RevalidationOutcome[] = []
  const state: { gate: Gate | null; held: number } = { gate: null, held: 0 }
  const site = await startTestSite({
    redisUrl: redis.url,
    repository: { now: () => clock.time, pageTtlMs: 5000, staleMs: 0 },
    htmlCache: {
      ttlMs: 10_000,
      staleMs: 3_600_000,
      now: () => clock.time,
      onRevalidated: (outcome) => outcomes.push(outcome),
    },
    upstream: async (request, demo) => {
      if (new URL(request.url).pathname === DATA_PATH && state.gate !== null) {
        state.held += 1
        await state.gate.passed()
      }
      return demo(request)
    },
  })
  await (await site.request('/res/hot', { headers: ZH })).arrayBuffer()
  await settled(site)
  const before = await admin.getBuffer(HOT)
  expect(before).not.toBeNull()
  clock.time += 15_000
  const gate = createGate()
  state.gate = gate
  const stale = await site.request('/res/hot', { headers: ZH })
  await stale.arrayBuffer()
  expect(stale.headers.get('age')).toBe('15')
  await vi.waitFor(() => expect(state.held).toBe(1))
  return { site, gate, outcomes, before }
}

describe('a shutdown with a re-render still running', () => {
  it('lets it finish and write its page to Redis when given time to settle', async () => {
    const { site, gate, outcomes, before } = await staleReRenderRunning()
    const closing = site.close({ settleMs: 10_000 })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(outcomes).toEqual([])
    gate.open()
    await closing
    expect(outcomes).toEqual(['unchanged'])
    // The renewed page, fresh again, is what the next instance reads.
    expect(await admin.getBuffer(HOT)).not.toEqual(before)
  })

  it('without that time, the re-render is cut from Redis and the fleet keeps the stale copy', async () => {
    const { site, gate, before } = await staleReRenderRunning()
    const closing = site.close()
    gate.open()
    await closing
    expect(await admin.getBuffer(HOT)).toEqual(before)
  })
})
