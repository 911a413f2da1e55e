// The long-tail bench's flood phase: requests for addresses nobody asked for before, as a stranger
// sends them at no cost (a new search term, a known page under a Host with a new port), while real
// visitors go on loading Zipf-drawn pages. Measures what the flood costs Redis (INFO memory's
// used_memory before and after) and what it costs the real visitors (the share of their answers
// served from a cache, during the flood against before it).
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { Redis } from 'ioredis'

/** `used_memory` of the Redis at `url`, in bytes. */
export async function redisUsedMemory(url) {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 })
  client.on('error', () => {})
  try {
    await client.connect()
    return Number(/used_memory:(\d+)/.exec(await client.info('memory'))?.[1])
  } finally {
    client.disconnect()
  }
}

/**
 * One never-seen address of a flood, for the `index`-th request: even ones a new search term of a
 * random tenant, odd ones a page drawn by `pick` under its tenant's host with a new port.
 */
function floodAddress(index, pick, hostOf, tenants) {
  if (index % 2 === 0) {
    const tenant = Math.floor(Math.random() * tenants)
    return { host: hostOf(tenant), path: `/s?query=${randomBytes(6).toString('hex')}` }
  }
  const { tenant, path } = pick()
  return { host: `${hostOf(tenant)}:${1024 + index}`, path }
}

/**
 * After `warm()`, sends `count` flood requests over `connections` connections, spread over the
 * instances, while `realLoad(keepGoing)` loads real traffic; answers the flood's statuses, its duration, the real
 * traffic's answers during it, and Redis's growth.
 */
export async function floodPhase({ pools, redisUrl, count, connections, pick, hostOf, tenants, send, warm, realLoad }) {
  await warm()
  // Writes to Redis follow the answers: let the warm-up's land before the first reading.
  await sleep(1000)
  const before = await redisUsedMemory(redisUrl)
  let next = 0
  let done = false
  const byStatus = {}
  let errors = 0
  const started = performance.now()
  const flood = Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) {
        const index = next
        next += 1
        const { host, path } = floodAddress(index, pick, hostOf, tenants)
        try {
          const answer = await send(pools[index % pools.length], host, path)
          byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1
        } catch {
          errors += 1
        }
      }
    }),
  ).finally(() => {
    done = true
  })
  const [real] = await Promise.all([realLoad(() => !done), flood])
  const seconds = (performance.now() - started) / 1000
  await sleep(1000)
  const after = await redisUsedMemory(redisUrl)
  return {
    requests: count,
    seconds: Number(seconds.toFixed(1)),
    byStatus,
    errors,
    redisGrowthMiB: Number(((after - before) / (1024 * 1024)).toFixed(3)),
    real: {
      requests: real.requests,
      fromCache: Number((1 - real.waited / Math.max(1, real.requests)).toFixed(4)),
      errors: real.errors,
    },
  }
}
