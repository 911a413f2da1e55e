import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../../test/harness.ts'
import { until } from '../../../test/poll.ts'
import { startRedis, type TestRedis } from '../../../test/redis-server.ts'
import { purgeStreamKey } from '../cache-keys.ts'

const TOKEN = 'purge-token-for-tests-0123'
const STREAM = purgeStreamKey('ts:')

let primary: TestRedis
let replica: TestRedis
let onReplica: Redis
const sites: TestSite[] = []

beforeAll(async () => {
  primary = await startRedis()
  replica = await startRedis({ args: ['--replicaof', '127.0.0.1', String(primary.port)] })
  onReplica = new Redis(replica.url, { maxRetriesPerRequest: 0 })
  onReplica.on('error', () => {})
  await until('the replica to follow its primary', async () =>
    (await onReplica.info('replication')).includes('master_link_status:up'),
  )
}, 30_000)
afterAll(async () => {
  await Promise.all(sites.map((site) => site.close()))
  onReplica?.disconnect()
  replica?.resume()
  await Promise.all([replica?.stop(), primary?.stop()])
})

async function instance(replicas: number): Promise<TestSite> {
  const site = await startTestSite({
    redisUrl: primary.url,
    redisEnv: { REDIS_PURGE_REPLICAS: replicas },
    redisCommandTimeoutMs: 250,
    purgeToken: TOKEN,
  })
  sites.push(site)
  return site
}

/** Whether the replica's copy of the purge stream holds a purge naming `tag`. */
async function replicaHolds(tag: string): Promise<boolean> {
  const entries = (await onReplica.xrange(STREAM, '-', '+')) as [string, string[]][]
  return entries.some(([, fields]) => fields.some((field) => field.includes(tag)))
}

describe('a purge counts as shared once the replicas hold it (REDIS_PURGE_REPLICAS)', () => {
  it('with the replica frozen, the purge is held and sent again, and reaches the replica once it answers', async () => {
    const site = await instance(1)
    // A replica on a machine busy with other tests may miss the 150 ms WAIT now and then: that purge
    // is held and sent again, as it should be; a later one is confirmed in time.
    await until(
      'a purge the replica confirms',
      async () =>
        (await (await site.purge({ host: 'res.localhost', tags: ['resource:before'] })).json()).shared === 'ok',
      { timeoutMs: 10_000 },
    )
    // Confirmed by the replica before the answer: a failover right now would keep it.
    expect(await replicaHolds('resource:before')).toBe(true)

    replica.pause()
    try {
      const answer = await site.purge({ host: 'res.localhost', tags: ['resource:frozen'] })
      // The primary took it, but no replica confirmed it: not counted as shared, held to send again.
      expect(await answer.json()).toMatchObject({ shared: 'unavailable' })
    } finally {
      replica.resume()
    }
    await until('the held purge to reach the replica', () => replicaHolds('resource:frozen'), { timeoutMs: 10_000 })
  }, 30_000)

  it('without it, the primary’s word is enough: a frozen replica goes unnoticed', async () => {
    const site = await instance(0)
    replica.pause()
    try {
      const answer = await site.purge({ host: 'res.localhost', tags: ['resource:unconfirmed'] })
      expect(await answer.json()).toMatchObject({ shared: 'ok' })
    } finally {
      replica.resume()
    }
  }, 30_000)
})
