// The long-tail bench's flood phase: requests for addresses nobody asked for before, as a stranger
// sends them at no cost (a new search term, a known page under a Host with a new port), while real
// visitors go on loading the same Zipf mix as the measured window. Measures what the flood costs
// Redis (INFO memory's used_memory before and after) and what it costs the real visitors: their
// share of answers from a cache (with `Age`) and p50/p99 during the flood, against the same
// measures over an equal window just before it (the baseline).
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

const percentile = (sorted, p) =>
  sorted.length === 0 ? null : Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(2))

/** What real visitors got in a window: requests, share answered from a cache, p50/p99, errors. */
function summary(stats, seconds) {
  return {
    seconds: Number(seconds.toFixed(1)),
    requests: stats.requests,
    fromCache: Number((1 - stats.waited / Math.max(1, stats.requests)).toFixed(4)),
    p50ms: percentile(stats.latencies, 0.5),
    p99ms: percentile(stats.latencies, 0.99),
    errors: stats.errors,
  }
}

/**
 * After `warm()`, loads real traffic (`realLoad(keepGoing)`, the measured window's Zipf mix) for
 * `seconds` as a baseline, then sends `count` flood requests over `connections` connections, spread
 * over the instances and paced over `seconds` (sent as fast as they go when the instances lag),
 * while the same real traffic goes on until the last flood answer. Answers the flood's statuses and
 * duration, Redis's growth, and the real traffic before and during it.
 */
export async function floodPhase({
  pools,
  redisUrl,
  count,
  connections,
  seconds,
  pick,
  hostOf,
  tenants,
  send,
  warm,
  realLoad,
}) {
  await warm()
  const baselineStarted = performance.now()
  const baselineUntil = baselineStarted + seconds * 1000
  const baseline = await realLoad(() => performance.now() < baselineUntil)
  const baselineSeconds = (performance.now() - baselineStarted) / 1000
  // Writes to Redis follow the answers: let the warm-up's and the baseline's land before the reading.
  await sleep(1000)
  const before = await redisUsedMemory(redisUrl)
  let next = 0
  let done = false
  const byStatus = {}
  let errors = 0
  const started = performance.now()
  const interval = (seconds * 1000) / count
  const flood = Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) {
        const index = next
        next += 1
        // Paced: the index-th request is not sent before its place in the window.
        const due = started + index * interval - performance.now()
        if (due > 0) await sleep(due)
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
  const floodSeconds = (performance.now() - started) / 1000
  await sleep(1000)
  const after = await redisUsedMemory(redisUrl)
  return {
    requests: count,
    seconds: Number(floodSeconds.toFixed(1)),
    byStatus,
    errors,
    redisGrowthMiB: Number(((after - before) / (1024 * 1024)).toFixed(3)),
    baseline: summary(baseline, baselineSeconds),
    real: summary(real, floodSeconds),
  }
}
