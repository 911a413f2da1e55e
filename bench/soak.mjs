// `npm run soak`: the built server under a long mixed load on loopback, against an upstream that
// injects faults: 200k requests over 1,000 hosts (30 % unknown), errors by kind, p50/p99, RSS and
// heap after GC before and after (the heap after warm-up must stay within 10 %), then a SIGTERM
// under keep-alive load that must lose no request and reset no connection.
// Before the SIGTERM, a walk of never-seen tenants (the demo API's tenant copies, each a copy of the
// res site) × 5 pages each, with RSS, heap and the caches' counted bytes after GC per thousand
// tenants: what a fleet's long tail holds once the caches are full.
// Bounded: --requests=N (default 200000), --seconds=S (default 900, stops the load early),
// --connections=C (default 32), --tenants=T (default 10000; 0 skips the walk). Writes
// dist/bench/soak.json; exits 1 when a promise is broken.
import { spawn } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import { Pool } from 'undici'
import { freePort, startDemoApi } from './processes.mjs'
import { FAULTS, startSoakUpstream } from './soak-upstream.mjs'
import { serverNodeFlags, serverRuntimeEnv } from './runtime-env.mjs'

const root = path.resolve(import.meta.dirname, '..')
const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const TOTAL = arg('requests', 200_000)
const MAX_SECONDS = arg('seconds', 900)
const CONNECTIONS = arg('connections', 32)
const WARM_UP = Math.floor(TOTAL / 10)
const TENANTS = arg('tenants', 10_000)
const HOSTS = 1000
/** Lets the walk read each cache's bytes from /metrics. */
const METRICS_TOKEN = 'soak-metrics-token-0123456789'
const UNKNOWN_SHARE = 0.3
/** The five pages of each walked tenant (a copy of the res site). */
const WALK_PATHS = ['/', '/s?query=a', '/post-search-tips', '/res/hot', '/rank']

const manifest = JSON.parse(await readFile(path.join(root, 'dist', 'client', 'manifest.json'), 'utf8'))
const PATHS = [
  '/',
  '/',
  '/_payload.json',
  '/res/hot',
  '/res/hot/_payload.json',
  '/no/such/page',
  manifest.entry.file,
  '/healthz',
]

const demo = await startDemoApi({ tenantCopies: true })
const upstream = await startSoakUpstream(demo.origin)
const app = await startApp({
  API_BASE_URL: upstream.origin,
  SHUTDOWN_DELAY_MS: '1000',
  SHUTDOWN_TIMEOUT_MS: '20000',
  CONFIG_TTL_MS: '5000',
  PAGE_TTL_MS: '5000',
})
const failures = []

try {
  console.log(
    `soak: ${TOTAL} requests, ${HOSTS} hosts (${UNKNOWN_SHARE * 100} % unknown), ${CONNECTIONS} connections, faults ${JSON.stringify(FAULTS)}`,
  )
  const pool = new Pool(app.origin, { connections: CONNECTIONS, pipelining: 1 })
  const warm = await load(pool, WARM_UP)
  const before = await app.probe()
  const main = await load(pool, TOTAL - WARM_UP)
  const after = await app.probe()
  await pool.close()

  const all = merge(warm, main)
  const growth = (after.heapUsed - before.heapUsed) / before.heapUsed
  const report = {
    requests: all.count,
    seconds: Number(((warm.ms + main.ms) / 1000).toFixed(1)),
    rps: Math.round(all.count / ((warm.ms + main.ms) / 1000)),
    p50ms: percentile(all.latencies, 0.5),
    p99ms: percentile(all.latencies, 0.99),
    byStatus: all.byStatus,
    errorsByKind: all.errors,
    upstreamFaultsInjected: upstream.counts,
    afterWarmUp: toMiB(before),
    afterLoad: toMiB(after),
    heapGrowthPercent: Number((growth * 100).toFixed(1)),
  }
  if (Object.keys(all.errors).length > 0) failures.push(`network errors: ${JSON.stringify(all.errors)}`)
  if (growth > 0.1) failures.push(`heap after GC grew ${report.heapGrowthPercent} % after warm-up (limit 10 %)`)

  report.tenantWalk = await walkTenants(app)

  report.sigterm = await drainUnderLoad(app)
  if (report.sigterm.lost > 0 || report.sigterm.resets > 0 || report.sigterm.exitCode !== 0)
    failures.push(`SIGTERM: ${JSON.stringify(report.sigterm)}`)

  console.table({
    requests: report.requests,
    rps: report.rps,
    'p50 ms': report.p50ms,
    'p99 ms': report.p99ms,
    'heap after warm-up MiB': report.afterWarmUp.heapMiB,
    'heap after load MiB': report.afterLoad.heapMiB,
    'heap growth %': report.heapGrowthPercent,
    'RSS after warm-up MiB': report.afterWarmUp.rssMiB,
    'RSS after load MiB': report.afterLoad.rssMiB,
  })
  console.log('responses by status:', report.byStatus)
  console.log('client-side errors by kind:', report.errorsByKind)
  console.log('faults injected upstream:', report.upstreamFaultsInjected)
  if (report.tenantWalk.length > 0) {
    console.log(`never-seen tenants × ${WALK_PATHS.length} pages, after GC:`)
    console.table(
      Object.fromEntries(
        report.tenantWalk.map((row) => [
          row.tenants,
          {
            'RSS MiB': row.rssMiB,
            'heap MiB': row.heapMiB,
            'heap total MiB': row.heapTotalMiB,
            'array buffers MiB': row.arrayBuffersMiB,
            'config caches MiB': row.configCachesMiB,
            'HTML cache MiB': row.htmlCacheMiB,
            'req/s': row.rps,
            statuses: JSON.stringify(row.byStatus),
          },
        ]),
      ),
    )
  }
  console.log('SIGTERM under keep-alive load:', report.sigterm)
  await mkdir(path.join(root, 'dist', 'bench'), { recursive: true })
  await writeFile(path.join(root, 'dist', 'bench', 'soak.json'), JSON.stringify({ ...report, failures }, null, 2))
} finally {
  await app.stop()
  await upstream.close()
  await demo.stop()
}
if (failures.length > 0) {
  console.error(`soak FAILED:\n  ${failures.join('\n  ')}`)
  process.exit(1)
}
console.log('soak passed')

/** Sends `count` requests over `CONNECTIONS` keep-alive connections, within the time cap. */
async function load(pool, count) {
  const result = { count: 0, ms: 0, latencies: new Float64Array(count), byStatus: {}, errors: {} }
  const deadline = performance.now() + MAX_SECONDS * 1000
  const started = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < count && performance.now() < deadline) {
        const index = next++
        const n = Math.floor(Math.random() * HOSTS)
        const host = n < HOSTS * UNKNOWN_SHARE ? `u${n}.soak.test` : `s${n}.soak.test`
        const urlPath = PATHS[index % PATHS.length]
        const t0 = performance.now()
        try {
          const { statusCode, body } = await pool.request({
            path: urlPath,
            method: 'GET',
            headers: { host, 'accept-encoding': index % 2 ? 'br, gzip' : 'identity', cookie: 'lang=zh' },
          })
          for await (const _chunk of body);
          result.byStatus[statusCode] = (result.byStatus[statusCode] ?? 0) + 1
        } catch (error) {
          const kind = error.code ?? error.name
          result.errors[kind] = (result.errors[kind] ?? 0) + 1
        }
        result.latencies[index] = performance.now() - t0
        result.count += 1
      }
    }),
  )
  result.ms = performance.now() - started
  result.latencies = result.latencies.subarray(0, result.count)
  return result
}

/**
 * Requests WALK_PATHS of TENANTS never-seen tenants (`t<N>.res.localhost`, one thousand at a time
 * over CONNECTIONS connections), probing the heap and RSS after GC after each thousand.
 */
async function walkTenants(target) {
  const rows = []
  const pool = new Pool(target.origin, { connections: CONNECTIONS, pipelining: 1 })
  try {
    for (let first = 0; first < TENANTS; first += 1000) {
      const last = Math.min(TENANTS, first + 1000)
      const byStatus = {}
      const started = performance.now()
      let next = first * WALK_PATHS.length
      const end = last * WALK_PATHS.length
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (next < end) {
            const index = next++
            const host = `t${Math.floor(index / WALK_PATHS.length)}.res.localhost`
            let kind
            try {
              const { statusCode, body } = await pool.request({
                path: WALK_PATHS[index % WALK_PATHS.length],
                method: 'GET',
                headers: { host, 'accept-encoding': 'br, gzip', cookie: 'lang=zh' },
              })
              await body.dump()
              kind = statusCode
            } catch (error) {
              kind = error.code ?? error.name
            }
            byStatus[kind] = (byStatus[kind] ?? 0) + 1
          }
        }),
      )
      const seconds = (performance.now() - started) / 1000
      const probe = toMiB(await target.probe())
      const held = await target.cacheBytes()
      rows.push({
        tenants: last,
        ...probe,
        configCachesMiB: mib(held.site + held.page + held.show_path + held.data),
        htmlCacheMiB: mib(held.html),
        rps: Math.round(((last - first) * WALK_PATHS.length) / seconds),
        byStatus,
      })
    }
  } finally {
    await pool.close()
  }
  return rows
}

/**
 * Keep-alive visitors behind a "load balancer": each alternates a page and /readyz and stops
 * sending once readiness says 503, as a balancer does. SIGTERM is sent in the middle.
 */
async function drainUnderLoad(target) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 })
  let sent = 0
  let answered = 0
  let resets = 0
  const get = (urlPath) =>
    new Promise((resolve) => {
      sent += 1
      const request = http.get(
        `${target.origin}${urlPath}`,
        { agent, headers: { host: 's1.soak.test', cookie: 'lang=zh' } },
        (response) => {
          response.resume()
          response.on('end', () => {
            answered += 1
            resolve(response.statusCode)
          })
        },
      )
      request.on('error', (error) => {
        if (error.code === 'ECONNRESET' || error.message === 'socket hang up') resets += 1
        resolve(0)
      })
    })
  let started = 0
  const workers = Array.from({ length: 16 }, async () => {
    started += 1
    for (;;) {
      await get('/res/hot')
      if ((await get('/readyz')) !== 200) return
    }
  })
  while (sent < 200) await sleep(10)
  const exited = new Promise((resolve) => target.child.once('exit', (code) => resolve(code)))
  target.child.kill('SIGTERM')
  await Promise.all(workers)
  const exitCode = await exited
  agent.destroy()
  return { workers: started, sent, answered, lost: sent - answered - resets, resets, exitCode }
}

/** Starts dist/server/index.js with the heap probe, and waits until it is ready. */
async function startApp(env) {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [...serverNodeFlags(), '--expose-gc', '--import', './bench/soak-probe.mjs', 'dist/server/index.js'],
    {
      cwd: root,
      env: {
        ...process.env,
        ...serverRuntimeEnv(),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'fatal',
        METRICS_TOKEN,
        ...env,
      },
      stdio: ['ignore', 'inherit', 'pipe'],
    },
  )
  const probes = []
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (line.includes('"soakProbe"')) probes.shift()?.(JSON.parse(line))
    else process.stderr.write(`${line}\n`)
  })
  const origin = `http://127.0.0.1:${port}`
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${origin}/readyz`)).status === 200) break
    } catch {}
    if (i > 300) throw new Error('the app did not become ready within 30 s')
    await sleep(100)
  }
  return {
    origin,
    child,
    /** Bytes each cache holds, as counted for its byte bound (`cache_bytes` of /metrics). */
    async cacheBytes() {
      const text = await (
        await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text()
      return Object.fromEntries(
        [...text.matchAll(/^cache_bytes\{cache="(\w+)"\} (\d+)$/gm)].map((m) => [m[1], Number(m[2])]),
      )
    },
    probe: () =>
      new Promise((resolve) => {
        probes.push(resolve)
        child.kill('SIGUSR2')
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGKILL')
      }),
  }
}

function merge(a, b) {
  const sum = (x, y) => {
    const out = { ...x }
    for (const [key, value] of Object.entries(y)) out[key] = (out[key] ?? 0) + value
    return out
  }
  const latencies = new Float64Array(a.count + b.count)
  latencies.set(a.latencies)
  latencies.set(b.latencies, a.count)
  return { count: a.count + b.count, latencies, byStatus: sum(a.byStatus, b.byStatus), errors: sum(a.errors, b.errors) }
}

function percentile(values, p) {
  const sorted = Float64Array.from(values).sort()
  return Number((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0).toFixed(1))
}

function mib(bytes) {
  return Number(((bytes ?? 0) / 2 ** 20).toFixed(1))
}

function toMiB({ heapUsed, heapTotal, arrayBuffers, rss, handles }) {
  return {
    heapMiB: mib(heapUsed),
    heapTotalMiB: mib(heapTotal),
    arrayBuffersMiB: mib(arrayBuffers),
    rssMiB: mib(rss),
    handles,
  }
}
