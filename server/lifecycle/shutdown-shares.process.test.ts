import { Redis } from 'ioredis'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { settled } from '../../test/harness.ts'
import { startRedis, type TestRedis } from '../../test/redis-server.ts'
import { createStaleRig } from '../cache/pages/stale-site.test-helper.ts'

const ZH = { cookie: 'lang=zh' }
const HOT = 'ts:{res.localhost}:html:zh:http://res.localhost/res/hot'

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
  const rig = createStaleRig(redis.url)
  const site = await rig.start()
  await (await site.request('/res/hot', { headers: ZH })).arrayBuffer()
  await settled(site)
  const before = await admin.getBuffer(HOT)
  expect(before).not.toBeNull()
  rig.clock.time += 15_000
  const gate = rig.hold()
  const stale = await site.request('/res/hot', { headers: ZH })
  await stale.arrayBuffer()
  expect(stale.headers.get('age')).toBe('15')
  await vi.waitFor(() => expect(rig.held).toBe(1))
  return { site, gate, outcomes: rig.outcomes, before }
}

describe('a shutdown with a re-render still running', () => {
  it('lets it finish and write its page to Redis when given time to settle', async () => {
    const { site, gate, outcomes, before } = await staleReRenderRunning()
    // The shutdown reads the renders still running; the second read proves it waits for them.
    const polled = vi.spyOn(site.htmlCache!, 'inFlight', 'get')
    const closing = site.close({ settleMs: 10_000 })
    await vi.waitFor(() => expect(polled.mock.calls.length).toBeGreaterThanOrEqual(2))
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
