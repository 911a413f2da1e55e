import { request as httpRequest } from 'undici'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { settled, type TestSite } from '../../../test/harness.ts'
import { startRedis, type TestRedis } from '../../../test/redis-server.ts'
import { createStaleRig } from './stale-site.test-helper.ts'

const ZH = { cookie: 'lang=zh' }

let redis: TestRedis
beforeAll(async () => {
  redis = await startRedis()
})
afterAll(async () => {
  await redis.stop()
})

async function send(site: TestSite, path: string): Promise<{ status: number; age: string | undefined }> {
  const answer = await httpRequest(`${site.url}${path}`, { headers: { host: 'res.localhost', ...ZH } })
  await answer.body.arrayBuffer()
  const age = answer.headers.age
  return { status: answer.statusCode, age: typeof age === 'string' ? age : undefined }
}

describe('stale pages on two instances sharing Redis', () => {
  it('many concurrent stale visitors on both instances cause one revalidation in the whole fleet', async () => {
    const rig = createStaleRig(redis.url)
    const { clock, outcomes } = rig
    const a = await rig.start({ listen: true })
    // Both read a's upstream: whichever revalidates then finds the inputs unchanged.
    const b = await rig.start({ listen: true, upstream: a.apiBaseUrl })
    try {
      expect((await send(a, '/res/hot')).status).toBe(200)
      await settled(a)
      // b takes the page a rendered from Redis.
      await vi.waitFor(async () => expect((await send(b, '/res/hot')).age).toBe('0'))

      clock.time += 15_000
      const gate = rig.hold()
      const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => send(i % 2 === 0 ? a : b, '/res/hot')))
      expect(answers.every((answer) => answer.status === 200 && answer.age === '15')).toBe(true)
      // One instance revalidates (held at the upstream), the other found the lock taken.
      await vi.waitFor(() => expect(outcomes).toEqual(['elsewhere']))
      await vi.waitFor(() => expect(rig.held).toBe(1))
      gate.open()
      // Nothing the page is made of changed: it is kept as it is, fresh again, without a render.
      await vi.waitFor(() => expect(outcomes.sort()).toEqual(['elsewhere', 'unchanged']))
      await settled(a, b)

      // A second later the other instance takes the renewed page from Redis instead of revalidating it.
      clock.time += 1000
      await Promise.all([send(a, '/res/hot'), send(b, '/res/hot')])
      await vi.waitFor(() => expect(outcomes.sort()).toEqual(['elsewhere', 'shared', 'unchanged']))
      for (const site of [a, b]) expect((await send(site, '/res/hot')).age).toBe('1')
      expect(rig.held).toBe(1)
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })
})
