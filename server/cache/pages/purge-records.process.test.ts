import { Redis } from 'ioredis'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startRedis, type TestRedis } from '../../../test/redis-server.ts'
import { htmlKey, sharedKey } from '../cache-keys.ts'
import { createPurger, type Purger } from '../purge/purger.ts'
import { createRedisSharing, type RedisSharing } from '../redis-sharing.ts'
import { createHtmlCache, type HtmlCache } from './html-cache.ts'
import type { Rendered } from './read-render.ts'
import { UNDECIDED } from '../../http/answer-policy.ts'

const KEY = htmlKey('a.example', 'en', 'http://a.example', '/c/about')
const STORED = sharedKey('ts:', KEY)
const ABOUT = [{ languages: ['en'], routerPathname: '/c/about' }]

let redis: TestRedis
let admin: Redis
const opened: RedisSharing[] = []
beforeAll(async () => {
  redis = await startRedis()
  admin = new Redis(redis.url, { maxRetriesPerRequest: 0 })
})
afterAll(async () => {
  await Promise.all(opened.map((sharing) => sharing.close()))
  admin.disconnect()
  await redis.stop()
})
beforeEach(async () => {
  await admin.flushall()
})

async function sharing(): Promise<RedisSharing> {
  const made = createRedisSharing({ url: redis.url, log: pino({ level: 'silent' }), commandTimeoutMs: 2000 })
  opened.push(made)
  await made.ready
  return made
}

/**
 * Instance A's HTML cache on the shared Redis, not subscribed to purges (as when the broadcast
 * reaches it late), and instance B's purger on the same Redis.
 */
async function fleet(clock: { time: number }): Promise<{ cache: HtmlCache; purger: Purger }> {
  const [a, b] = [await sharing(), await sharing()]
  const now = () => clock.time
  const cache = createHtmlCache({
    ttlMs: 600_000,
    staleMs: 3_600_000,
    maxBytes: 1024 * 1024,
    now,
    shared: { store: a.store, prefix: a.prefix },
  })
  const purger = createPurger({
    now,
    upstream: { purge: () => 0, forget: () => 0, forgetSite: () => 0, markPurged: () => 0 },
    shared: { store: b.store, prefix: b.prefix, bus: b.bus, markMs: cache.lifetimeMs },
  })
  return { cache, purger }
}

function page(body: string): Rendered {
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/html' } }),
    complete: Promise.resolve(true),
    nonce: undefined,
    routeName: 'page',
    policy: UNDECIDED,
  }
}

describe('purge records in Redis', () => {
  it.each(['soft', 'hard'] as const)(
    'a render that started before a %s purge on another instance is not written to Redis after it',
    async (mode) => {
      const clock = { time: Date.now() }
      const { cache, purger } = await fleet(clock)
      let finish!: () => void
      const finished = new Promise<void>((resolve) => (finish = resolve))
      const answer = cache.get(KEY, async () => {
        await finished
        return page('<p>before the edit</p>')
      })
      // Let the render start (its lookup in Redis settles first).
      await vi.waitFor(() => expect(cache.inFlight).toBe(1))
      expect(await purger.purge({ host: 'a.example', mode, pages: ABOUT })).toMatchObject({ shared: 'ok' })
      clock.time += 1000
      finish()
      const rendered = await answer
      if (rendered.kind === 'rendered') await rendered.response.arrayBuffer()
      await vi.waitFor(() => expect(cache.inFlight).toBe(0))
      expect(await admin.exists(STORED)).toBe(0)
      // A render that starts after the purge is written.
      const { cache: later } = await fleet(clock)
      await later.get(KEY, async () => page('<p>after the edit</p>'))
      await vi.waitFor(async () => expect(await admin.exists(STORED)).toBe(1))
    },
  )
})
