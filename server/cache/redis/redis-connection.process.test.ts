import type { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type FakeSentinel, startFakeSentinel } from '../../../test/fake-sentinel.ts'
import { connectAdmin, startRedis, type TestRedis } from '../../../test/redis-server.ts'
import { closeRedis, connectRedis } from './redis-connection.ts'

let redis: TestRedis
let sentinel: FakeSentinel
beforeAll(async () => {
  redis = await startRedis()
  sentinel = await startFakeSentinel('tsprimary', redis.port)
})
afterAll(async () => {
  await sentinel?.close()
  await redis?.stop()
})

describe('a connection through Sentinels', () => {
  it('connects again when a failover is announced while it is asking the Sentinels for the primary', async () => {
    const client = connectRedis(
      { kind: 'sentinel', sentinels: [{ host: '127.0.0.1', port: sentinel.port }], name: 'tsprimary' },
      { commandTimeoutMs: 250 },
    ) as Redis
    client.on('error', () => {})
    const ends: string[] = []
    client.on('end', () => ends.push(client.status))
    try {
      await vi.waitFor(() => expect(client.status).toBe('ready'), { timeout: 5000 })
      // The failover detector has subscribed to the Sentinel's announcements by now.
      await vi.waitFor(async () => expect(await client.set('k', 'before')).toBe('OK'), { timeout: 5000 })

      // The connection drops; its reconnect asks the Sentinel for the primary, and the answer waits
      // while the failover is announced.
      const held = sentinel.holdNextLookup()
      const admin = await connectAdmin(redis)
      await admin.call('CLIENT', 'KILL', 'TYPE', 'normal').catch(() => {})
      admin.disconnect()
      await held
      sentinel.announceFailover()
      await new Promise((resolve) => setTimeout(resolve, 100))
      sentinel.answerHeld()

      // ioredis ends the connection for good here; it must come back by itself.
      await vi.waitFor(() => expect(ends.length).toBeGreaterThan(0), { timeout: 5000 })
      await vi.waitFor(async () => expect(await client.set('k', 'after')).toBe('OK'), { timeout: 5000, interval: 50 })
    } finally {
      closeRedis(client)
    }
  })

  it('stays closed once closed here', async () => {
    const client = connectRedis({ kind: 'single', url: redis.url }, { commandTimeoutMs: 250 }) as Redis
    client.on('error', () => {})
    await vi.waitFor(() => expect(client.status).toBe('ready'), { timeout: 5000 })
    closeRedis(client)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(client.status).toBe('end')
  })
})
