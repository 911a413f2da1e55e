import type { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { startTestSite, type TestSite, type TestSiteOptions } from './harness.ts'
import { connectAdmin, startRedis, type StartRedisOptions, type TestRedis } from './redis-server.ts'

interface Fleet {
  /** The redis-server the instances share. */
  readonly redis: TestRedis
  /** A client of it for looking at what the instances wrote, on a server emptied before each test. */
  readonly admin: Redis
  /** An app instance sharing the Redis (`redisUrl` is set here), closed after the test. */
  start(options?: Omit<TestSiteOptions, 'redisUrl'>): Promise<TestSite>
}

/**
 * Several app instances sharing one redis-server, as behind a balancer: the server started before
 * the tests of the enclosing file or `describe` and stopped after them, emptied before each test,
 * and the instances a test started closed after it. Call it in the `describe` body (or at a file's
 * top level).
 */
export function useFleet(options: StartRedisOptions = {}): Fleet {
  let redis: TestRedis | undefined
  let admin: Redis | undefined
  let sites: TestSite[] = []
  beforeAll(async () => {
    redis = await startRedis(options)
  })
  afterAll(async () => {
    await redis?.stop()
  })
  beforeEach(async () => {
    admin = await connectAdmin(started())
  })
  afterEach(async () => {
    // A test that froze the server and failed before thawing it would leave the closes waiting on it.
    redis?.resume()
    await Promise.all(sites.map((site) => site.close()))
    sites = []
    admin?.disconnect()
  })

  function started(): TestRedis {
    if (redis === undefined) throw new Error('the fleet is not started: call useFleet() in a describe body')
    return redis
  }
  return {
    get redis() {
      return started()
    },
    get admin() {
      if (admin === undefined) throw new Error('the fleet has no admin client outside a test')
      return admin
    },
    async start(siteOptions = {}) {
      const site = await startTestSite({ ...siteOptions, redisUrl: started().url })
      sites.push(site)
      return site
    },
  }
}
