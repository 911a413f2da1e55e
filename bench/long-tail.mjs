// `npm run bench:long-tail`: many tenants and pages with Zipf-distributed popularity against two app
// instances sharing a redis-server, under a stream of soft purges by path, in two settings:
// TTL-only (short HTML_CACHE_TTL_MS, HTML_CACHE_STALE_MS=0) and stale-while-revalidate (long TTL
// and stale window). Reports CPU per request (both instances), the share of requests that waited
// for a render (answers without `Age`, and the instances' html cache misses), p50/p99, and how long
// an edit took to reach both instances (edit upstream, purge the page, poll both until it shows)
// and Debian's Varnish with the shipped VCL (docs/deploy/varnish.vcl) in front of the first one,
// which the instances purge themselves (VARNISH_PURGE_URLS): seconds from the purge to the new page
// through the CDN.
// Then a flood phase (bench/long-tail-flood.mjs): the --hot most popular pages (50) warmed, a
// baseline window of --flood-seconds of the measured window's Zipf mix, then --flood requests for
// never-seen addresses (new search terms, those popular pages under new Host ports) paced over
// --flood-seconds while the same Zipf mix goes on; reports Redis's growth and the real traffic's
// share of answers from a cache and p50/p99, during the flood against the baseline. Loopback only;
// every phase is bounded. Then, per setting, --cdn-seconds (10) of the Zipf mix through Varnish: the
// CDN's hit ratio. Last, 4 instances without Redis behind the shipped HAProxy config, by Host and
// round robin (bench/long-tail-fleet.mjs): the fleet's HTML cache hit ratio in each, each instance's
// cache bounded to --fleet-cache-mib (16), --fleet-seconds (15) measured after --warm-up.
// Writes dist/bench/long-tail.json.
// Options: --seconds=S measured per setting (20), --warm-up=S (5), --tenants=N (200), --pages=N per
// tenant (20), --connections=C (8), --purges-per-second=N (2), --edits=N (3), --zipf=s (1),
// --short-ttl-ms=MS (2000), --html-cache-mib=MiB per instance (512), --flood=N (3000; 0: none),
// --flood-connections=C (4), --flood-seconds=S (20), --admit-after=N (REDIS_ADMIT_AFTER, 2).
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { Pool } from 'undici'
import { BROWSER_UA } from './pages.mjs'
import { cpuMs, startApp, startDemoApi } from './processes.mjs'
import { floodPhase } from './long-tail-flood.mjs'
import { balancerPhase, cdnPhase } from './long-tail-fleet.mjs'
import { startRedis } from './redis-process.mjs'
import { startLongTailUpstream } from './long-tail-upstream.mjs'
import { freePort } from '../test/loopback-ports.ts'
import { startVarnish } from '../test/varnish-server.ts'

const root = path.resolve(import.meta.dirname, '..')
const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const SECONDS = arg('seconds', 20)
const WARM_UP = arg('warm-up', 5)
const TENANTS = arg('tenants', 200)
const PAGES_PER_TENANT = arg('pages', 20)
const CONNECTIONS = arg('connections', 8)
const PURGES_PER_SECOND = arg('purges-per-second', 2)
const EDITS = arg('edits', 3)
const ZIPF = arg('zipf', 1)
const SHORT_TTL_MS = arg('short-ttl-ms', 2000)
// Room for every page on each instance: the comparison is about lifetimes, not eviction.
const HTML_CACHE_MIB = arg('html-cache-mib', 512)
const FLOOD = arg('flood', 3000)
const FLOOD_CONNECTIONS = arg('flood-connections', 4)
const FLOOD_SECONDS = arg('flood-seconds', 20)
const ADMIT_AFTER = arg('admit-after', 2)
const CDN_SECONDS = arg('cdn-seconds', 10)
const FLEET_INSTANCES = arg('fleet-instances', 4)
const FLEET_CACHE_MIB = arg('fleet-cache-mib', 16)
const FLEET_SECONDS = arg('fleet-seconds', 15)
const EDIT_TIMEOUT_MS = 30_000
const TOKEN = 'long-tail-bench-purge-token'

const SETTINGS = [
  { name: 'TTL only', env: { HTML_CACHE_TTL_MS: String(SHORT_TTL_MS), HTML_CACHE_STALE_MS: '0' } },
  { name: 'stale-while-revalidate', env: { HTML_CACHE_TTL_MS: '3600000', HTML_CACHE_STALE_MS: '86400000' } },
]

/** A tenant's pages, most visited first: the res site's lists, then search pages (each its own render). */
const PAGE_PATHS = [
  '/',
  '/res/hot',
  '/res/new',
  ...Array.from({ length: Math.max(0, PAGES_PER_TENANT - 3) }, (_, i) => `/s?query=w${i}`),
].slice(0, PAGES_PER_TENANT)
const hostOf = (tenant) => `t${tenant}.lt.test`

/** Zipf over the first `count` (tenant, page) ranks: rank r has weight 1/(r+1)^s; neighbouring ranks are other tenants. */
function zipfSampler(count, exponent) {
  const cdf = new Float64Array(count)
  let total = 0
  for (let rank = 0; rank < count; rank += 1) cdf[rank] = total += 1 / (rank + 1) ** exponent
  return () => {
    const dice = Math.random() * total
    let low = 0
    let high = count - 1
    while (low < high) {
      const middle = (low + high) >> 1
      if (cdf[middle] < dice) low = middle + 1
      else high = middle
    }
    return rankOf(low)
  }
}
const pick = zipfSampler(TENANTS * PAGE_PATHS.length, ZIPF)
/** The most popular ranks: warmed before the flood, and the pages it asks for under new Host ports. */
const HOT_RANKS = Math.min(arg('hot', 50), TENANTS * PAGE_PATHS.length)
const pickHot = zipfSampler(HOT_RANKS, ZIPF)
const rankOf = (rank) => ({ tenant: rank % TENANTS, path: PAGE_PATHS[Math.floor(rank / TENANTS)] })

const visitor = (host) => ({ host, cookie: 'lang=zh', 'user-agent': BROWSER_UA, 'accept-encoding': 'br, gzip' })

async function send(pool, host, urlPath, headers = visitor(host)) {
  const { statusCode, headers: answer, body } = await pool.request({ method: 'GET', path: urlPath, headers })
  // A compressed answer is only counted, not read.
  if (headers['accept-encoding']) {
    await body.dump()
    return { status: statusCode, age: answer.age, text: '' }
  }
  return { status: statusCode, age: answer.age, text: await body.text() }
}

/** Load until `until` (a time, or a function saying whether to go on): each request a Zipf-drawn page on one of the instances. */
async function load(pools, until, sampler = pick) {
  const going = typeof until === 'function' ? until : () => performance.now() < until
  const latencies = []
  const stats = { requests: 0, waited: 0, errors: 0, byStatus: {} }
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (going()) {
        const { tenant, path: urlPath } = sampler()
        const pool = pools[Math.floor(Math.random() * pools.length)]
        const started = performance.now()
        try {
          const answer = await send(pool, hostOf(tenant), urlPath)
          latencies.push(performance.now() - started)
          stats.requests += 1
          stats.byStatus[answer.status] = (stats.byStatus[answer.status] ?? 0) + 1
          if (answer.age === undefined) stats.waited += 1
        } catch {
          stats.errors += 1
        }
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  return { ...stats, latencies }
}

const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]

async function purge(pool, body) {
  const { statusCode, body: answer } = await pool.request({
    method: 'POST',
    path: '/_internal/purge',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json = await answer.json().catch(() => ({}))
  if (statusCode !== 200) throw new Error(`purge answered ${statusCode}: ${JSON.stringify(json)}`)
  return json
}

/** Soft purges of Zipf-drawn pages (popular pages change more often) until `until`. */
async function purgeStream(pools, until) {
  let sent = 0
  let failed = 0
  while (PURGES_PER_SECOND > 0 && performance.now() < until) {
    await sleep(1000 / PURGES_PER_SECOND)
    const { tenant, path: urlPath } = pick()
    try {
      await purge(pools[sent % pools.length], { host: hostOf(tenant), paths: [urlPath.split('?')[0]] })
      sent += 1
    } catch {
      failed += 1
    }
  }
  return { sent, failed }
}

/**
 * Edits a tenant's resource list upstream, purges its `/res/hot` through the first instance, and
 * polls both instances and the CDN until the edit shows on each: seconds until the last instance
 * shows it, and until the CDN does (null when it never did within EDIT_TIMEOUT_MS).
 */
async function editReach(pools, cdn, upstream, tenant, marker) {
  const host = hostOf(tenant)
  const plain = { host, cookie: 'lang=zh', 'user-agent': BROWSER_UA }
  const everyone = [...pools, cdn]
  // Each holds the page before the edit: the CDN twice, so it keeps the instance's kept copy.
  for (const pool of [...everyone, cdn]) await send(pool, host, '/res/hot', plain)
  upstream.edit(host, marker)
  const started = performance.now()
  await purge(pools[0], { host, paths: ['/res/hot'] })
  const reached = everyone.map(() => null)
  while (reached.includes(null) && performance.now() - started < EDIT_TIMEOUT_MS) {
    await Promise.all(
      everyone.map(async (pool, index) => {
        if (reached[index] !== null) return
        const answer = await send(pool, host, '/res/hot', plain)
        if (answer.text.includes(marker)) reached[index] = (performance.now() - started) / 1000
      }),
    )
    if (reached.includes(null)) await sleep(50)
  }
  const instances = reached.slice(0, pools.length)
  return {
    instances: instances.includes(null) ? null : Math.max(...instances),
    cdn: reached[pools.length] ?? null,
  }
}

/** `cache_lookups_total{cache="html"}` of an instance, by result. */
async function htmlLookups(pool) {
  const { body } = await pool.request({ method: 'GET', path: '/metrics' })
  const lookups = { hit: 0, stale: 0, miss: 0 }
  for (const line of (await body.text()).split('\n')) {
    const match = /^cache_lookups_total\{(.*)\} (\d+(?:\.\d+)?)$/.exec(line)
    if (!match?.[1].includes('cache="html"')) continue
    const result = /result="(\w+)"/.exec(match[1])?.[1]
    if (result in lookups) lookups[result] += Number(match[2])
  }
  return lookups
}

async function measureSetting(setting, upstream) {
  const redis = await startRedis()
  const varnishPort = await freePort()
  const env = {
    API_BASE_URL: upstream.origin,
    REDIS_URL: redis.url,
    VARNISH_PURGE_URLS: `http://127.0.0.1:${varnishPort}`,
    PURGE_TOKEN: TOKEN,
    REDIS_ADMIT_AFTER: String(ADMIT_AFTER),
    HTML_CACHE_MAX_BYTES: String(HTML_CACHE_MIB * 1024 * 1024),
    ...setting.env,
  }
  const apps = [await startApp(env), await startApp(env)]
  const pools = apps.map((app) => new Pool(app.origin, { connections: CONNECTIONS + 2 }))
  const varnish = await startVarnish(
    { host: '127.0.0.1', port: Number(new URL(apps[0].origin).port) },
    { port: varnishPort },
  )
  const cdn = new Pool(`http://127.0.0.1:${varnishPort}`, { connections: 2 })
  try {
    await load(pools, performance.now() + WARM_UP * 1000)
    const cpuBefore = apps.map((app) => cpuMs(app.pid))
    const lookupsBefore = await Promise.all(pools.map(htmlLookups))
    const until = performance.now() + SECONDS * 1000
    const edits = (async () => {
      const seconds = []
      // A popular tenant, a middling one and one from the tail, spread over the measured window.
      const tenants = [0, Math.floor(TENANTS / 2), TENANTS - 1]
      for (let i = 0; i < EDITS; i += 1) {
        await sleep((SECONDS * 1000) / (EDITS + 1))
        seconds.push(
          await editReach(
            pools,
            cdn,
            upstream,
            tenants[i % tenants.length],
            `EDIT${setting.name.length}x${i}x${Date.now()}`,
          ),
        )
      }
      return seconds
    })()
    const [stats, purges, editSeconds] = await Promise.all([load(pools, until), purgeStream(pools, until), edits])
    const cpu = apps.reduce((sum, app, i) => sum + cpuMs(app.pid) - cpuBefore[i], 0)
    const lookupsAfter = await Promise.all(pools.map(htmlLookups))
    const lookups = Object.fromEntries(
      ['hit', 'stale', 'miss'].map((result) => [
        result,
        lookupsAfter.reduce((sum, after, i) => sum + after[result] - lookupsBefore[i][result], 0),
      ]),
    )
    const counted = lookups.hit + lookups.stale + lookups.miss
    const cdnHits = await cdnPhase({
      cdnOrigin: `http://127.0.0.1:${varnishPort}`,
      seconds: CDN_SECONDS,
      connections: CONNECTIONS,
      pick,
      hostOf: (tenant) => hostOf(tenant),
      visitor,
    })
    const flood =
      FLOOD > 0
        ? await floodPhase({
            pools,
            redisUrl: redis.url,
            count: FLOOD,
            connections: FLOOD_CONNECTIONS,
            seconds: FLOOD_SECONDS,
            // Host ports of the pages visitors keep asking for: the same pages, were it not for the port.
            pick: pickHot,
            hostOf,
            tenants: TENANTS,
            send,
            // The hot pages, asked for twice on each instance first: kept there, and in Redis.
            warm: async () => {
              for (let rank = 0; rank < HOT_RANKS; rank += 1)
                for (const pool of [...pools, ...pools])
                  await send(pool, hostOf(rankOf(rank).tenant), rankOf(rank).path)
            },
            // Real visitors: the measured window's Zipf mix, not only the warmed pages.
            realLoad: (going) => load(pools, going),
          })
        : null
    return {
      setting: setting.name,
      env: setting.env,
      requests: stats.requests,
      rps: Math.round(stats.requests / SECONDS),
      errors: stats.errors,
      byStatus: stats.byStatus,
      cpuMsPerRequest: Number((cpu / stats.requests).toFixed(3)),
      waitedForRender: Number((stats.waited / stats.requests).toFixed(4)),
      htmlLookups: { ...lookups, missShare: Number((lookups.miss / Math.max(1, counted)).toFixed(4)) },
      p50ms: Number(percentile(stats.latencies, 0.5).toFixed(2)),
      p99ms: Number(percentile(stats.latencies, 0.99).toFixed(2)),
      purges,
      editReachSeconds: editSeconds.map(({ instances }) => (instances === null ? null : Number(instances.toFixed(2)))),
      editReachCdnSeconds: editSeconds.map(({ cdn }) => (cdn === null ? null : Number(cdn.toFixed(2)))),
      cdn: cdnHits,
      flood,
    }
  } finally {
    await Promise.all([...pools, cdn].map((pool) => pool.close()))
    await varnish.stop()
    await Promise.all(apps.map((app) => app.stop()))
    await redis.stop()
  }
}

const demo = await startDemoApi()
const upstream = await startLongTailUpstream(demo.origin)
const rows = []
let fleet = []
try {
  console.log(
    `long tail: ${TENANTS} tenants × ${PAGE_PATHS.length} pages, Zipf s=${ZIPF}, 2 instances + Redis (REDIS_ADMIT_AFTER=${ADMIT_AFTER}), ${CONNECTIONS} connections, ${SECONDS} s per setting after ${WARM_UP} s warm-up, ${PURGES_PER_SECOND} soft path purges/s, ${EDITS} edits, then ${FLOOD} flood requests`,
  )
  for (const setting of SETTINGS) {
    const row = await measureSetting(setting, upstream)
    rows.push(row)
    console.log(JSON.stringify(row))
  }
  fleet = await balancerPhase({
    upstreamOrigin: upstream.origin,
    instances: FLEET_INSTANCES,
    cacheMiB: FLEET_CACHE_MIB,
    seconds: FLEET_SECONDS,
    warmUp: WARM_UP,
    connections: CONNECTIONS,
    pick,
    hostOf,
    visitor,
  })
  console.log(JSON.stringify(fleet))
} finally {
  await upstream.close()
  await demo.stop()
}

const file = path.join(root, 'dist', 'bench', 'long-tail.json')
await mkdir(path.dirname(file), { recursive: true })
await writeFile(
  file,
  JSON.stringify(
    {
      when: new Date().toISOString(),
      tenants: TENANTS,
      pages: PAGE_PATHS.length,
      zipf: ZIPF,
      seconds: SECONDS,
      connections: CONNECTIONS,
      admitAfter: ADMIT_AFTER,
      rows,
      fleet,
    },
    null,
    2,
  ),
)
const f = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–')
console.log(
  '\n| setting | requests | CPU ms/request | waited for a render | html misses | p50 ms | p99 ms | edit reached both instances (s) | edit reached the CDN (s) |',
)
console.log('|---|---|---|---|---|---|---|---|---|')
for (const row of rows) {
  console.log(
    `| ${row.setting} | ${row.requests} | ${f(row.cpuMsPerRequest, 2)} | ${f(row.waitedForRender * 100)} % | ${f(row.htmlLookups.missShare * 100)} % | ${f(row.p50ms)} | ${f(row.p99ms)} | ${row.editReachSeconds.map((s) => (s === null ? 'timeout' : f(s, 2))).join(', ')} | ${row.editReachCdnSeconds.map((s) => (s === null ? 'timeout' : f(s, 2))).join(', ')} |`,
  )
}
if (FLOOD > 0) {
  console.log(
    '\n| setting | flood requests | flood s | Redis growth MiB | real traffic from a cache: before / during | p50 ms before / during | p99 ms before / during | real requests before / during |',
  )
  console.log('|---|---|---|---|---|---|---|---|')
  for (const { setting, flood } of rows) {
    const { baseline: b, real: r } = flood
    console.log(
      `| ${setting} | ${flood.requests} | ${f(flood.seconds)} | ${f(flood.redisGrowthMiB, 2)} | ${f(b.fromCache * 100)} % / ${f(r.fromCache * 100)} % | ${f(b.p50ms)} / ${f(r.p50ms)} | ${f(b.p99ms)} / ${f(r.p99ms)} | ${b.requests} in ${f(b.seconds)} s / ${r.requests} in ${f(r.seconds)} s |`,
    )
  }
}
console.log('\n| setting | through Varnish (shipped VCL) | CDN hits and stale hits | to the instance (miss, pass) |')
console.log('|---|---|---|---|')
for (const { setting, cdn } of rows)
  console.log(
    `| ${setting} | ${cdn.hit + cdn.stale + cdn.miss + cdn.pass + cdn.other} | ${f(cdn.hitRatio * 100)} % | ${cdn.miss + cdn.pass} |`,
  )
console.log(
  `\n| ${FLEET_INSTANCES} instances, ${FLEET_CACHE_MIB} MiB HTML cache each, no Redis | requests | fleet HTML hit ratio | misses |`,
)
console.log('|---|---|---|---|')
for (const row of fleet)
  console.log(`| ${row.balance} | ${row.requests} | ${f(row.hitRatio * 100)} % | ${row.lookups.miss} |`)
