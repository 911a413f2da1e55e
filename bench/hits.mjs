// The cache hit against the wire: requests a second and CPU per hit of the app answering one kept
// page, with its access log on (LOG_LEVEL=info, the default) and off (warn), as ratios of a bare
// node:http server sending the same compressed bytes, measured with wrk in alternating rounds of one
// run (the machine is shared: only figures from the same run compare). Optionally the same app from
// another checkout's build (`--before=<checkout>`), and Varnish with the shipped VCL in front of the
// app (`--varnish`). Run by bench/run.mjs (`npm run bench -- --hits-only` for this table alone).
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { get } from './http-get.mjs'
import { medianBy } from './median.mjs'
import { BROWSER_UA } from './pages.mjs'
import { cpuMs, startApp, startDemoApi } from './processes.mjs'
import { runWrk } from './wrk.mjs'

/** The page hit: a resource detail page (about 16 KiB of gzip), as a browser asks for it. */
const HIT_PAGE = { host: 'res.localhost', path: '/d/vlc-media-player', lang: 'zh' }
// `Host` spelt so: wrk adds a Host of its own unless one by that exact spelling is given. Gzip: what
// nearly every visitor takes, and the coding the kept blocks are joined into for each hit.
const HIT_HEADERS = {
  Host: HIT_PAGE.host,
  cookie: `lang=${HIT_PAGE.lang}`,
  'user-agent': BROWSER_UA,
  'accept-encoding': 'gzip, deflate',
}

/**
 * CPU a cache hit may cost the app process, access line included (docs/performance.md "Cache hits against the wire"):
 * what the bench prints each case against.
 */
export const HIT_CPU_BUDGET_US = 45

/**
 * Measures hits. `before`: another checkout (built) whose app runs beside this one, alternating.
 * Returns one row per case: median requests a second, CPU µs per request, and per round its figures.
 */
export async function measureHits({ rounds = 3, seconds = 3, connections = 16, before, varnish = false } = {}) {
  const builds = [{ name: 'this build', root: undefined }, ...(before ? [{ name: 'before', root: before }] : [])]
  const upstream = await startDemoApi()
  const started = []
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tenant-sites-hits-'))
  try {
    const cases = []
    for (const build of builds) {
      for (const level of ['info', 'warn']) {
        const app = await startApp(
          { API_BASE_URL: upstream.origin, LOG_LEVEL: level, SHUTDOWN_DELAY_MS: '0' },
          { root: build.root, countLines: true },
        )
        started.push(app)
        cases.push({ name: `${build.name}, access log ${level === 'info' ? 'on (info)' : 'off (warn)'}`, app })
      }
    }
    const answer = await keptAnswer(cases[0].app.origin)
    const bodyFile = path.join(dir, 'body')
    await writeFile(bodyFile, answer.body)
    const bare = await startBare(bodyFile, answer.encoding)
    started.push(bare)
    cases.unshift({ name: 'bare node:http, same bytes', app: bare, reference: true })
    for (const { app } of cases.slice(1)) await keptAnswer(app.origin)
    if (varnish) {
      const { startVarnish } = await import('../test/varnish-server.ts')
      const { port } = new URL(cases[1].app.origin)
      const proxy = await startVarnish({ host: '127.0.0.1', port: Number(port) })
      started.push({ stop: () => proxy.stop() })
      cases.push({ name: 'Varnish, shipped VCL, in front of this build', app: { origin: proxy.url } })
    }

    const runs = cases.map(() => [])
    for (let round = 0; round < rounds; round++) {
      for (const [index, each] of cases.entries()) runs[index].push(await oneRun(each.app, { seconds, connections }))
    }
    const bareRuns = runs[0]
    return {
      page: HIT_PAGE,
      bodyBytes: answer.body.length,
      encoding: answer.encoding,
      rows: cases.map((each, index) => {
        const median = medianBy(runs[index], (run) => run.rps)
        return {
          name: each.name,
          rps: median.rps,
          cpuUsPerRequest: median.cpuUsPerRequest,
          // Each round's ratio to the bare server's round beside it.
          ratios: runs[index].map((run, round) => run.rps / bareRuns[round].rps),
          ratio: median.rps / medianBy(bareRuns, (run) => run.rps).rps,
          runs: runs[index],
        }
      }),
    }
  } finally {
    for (const each of started.reverse()) await each.stop()
    await upstream.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

async function oneRun(app, { seconds, connections }) {
  const cpuBefore = app.pid ? cpuMs(app.pid) : Number.NaN
  const linesBefore = app.lines?.() ?? 0
  const result = await runWrk(app.origin, HIT_PAGE.path, { headers: HIT_HEADERS, seconds, connections })
  const cpu = app.pid ? cpuMs(app.pid) - cpuBefore : Number.NaN
  if (result.notOk > 0 || result.socketErrors > 0)
    throw new Error(
      `${app.origin} (${app.pid}): ${result.notOk} answers not 2xx/3xx, ${result.socketErrors} socket errors`,
    )
  return {
    rps: result.rps,
    requests: result.requests,
    cpuUsPerRequest: (cpu * 1000) / Math.max(1, result.requests),
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    // Access lines written during the run (the app's stdout), to compare with the requests answered.
    lines: (app.lines?.() ?? 0) - linesBefore,
  }
}

/** Asks until the page is a hit (its first answer renders it, the next ones are kept), and returns that hit's body. */
async function keptAnswer(origin) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const answer = await get(origin, HIT_PAGE.path, HIT_HEADERS)
    if (answer.status !== 200) throw new Error(`${origin}${HIT_PAGE.path} answered ${answer.status}`)
    if (/; hit/.test(String(answer.headers['cache-status'])))
      return { body: answer.bytes, encoding: answer.headers['content-encoding'] ?? 'identity' }
  }
  throw new Error(`${origin}${HIT_PAGE.path} never answered from its cache`)
}

/** The bare server in a process of its own (bench/bare-bytes-server.mjs). */
function startBare(bodyFile, encoding) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-bytes-server.mjs'), bodyFile, encoding], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.stdout.once('data', (chunk) =>
      resolve({
        origin: `http://127.0.0.1:${Number(String(chunk).trim())}`,
        pid: child.pid,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      }),
    )
  })
}

/** The hit table as Markdown, with the budget check. */
export function printHits(summary, { rounds, seconds, connections }) {
  const f0 = (n) => (Number.isFinite(n) ? n.toFixed(0) : '–')
  const f2 = (n) => (Number.isFinite(n) ? n.toFixed(2) : '–')
  console.log(
    `\nCache hits: ${summary.page.host}${summary.page.path}, ${(summary.bodyBytes / 1024).toFixed(1)} KiB ${summary.encoding}; wrk, 1 thread, ${connections} keep-alive connections, ${seconds} s a round, median of ${rounds} alternating rounds; CPU of the server process over the round; budget ${HIT_CPU_BUDGET_US} µs a hit`,
  )
  console.log(
    '| server | req/s | ×bare (rounds) | CPU µs/req | latency p50 / p99 ms | access lines/req | within budget |',
  )
  console.log('|---|---|---|---|---|---|---|')
  for (const row of summary.rows) {
    const median = medianBy(row.runs, (run) => run.rps)
    const lines = row.name.includes('on (info)') ? (median.lines / median.requests).toFixed(2) : '–'
    const budget =
      row.reference || !row.name.includes('access log') ? '' : row.cpuUsPerRequest <= HIT_CPU_BUDGET_US ? 'yes' : 'NO'
    console.log(
      `| ${row.name} | ${f0(row.rps)} | ×${row.ratio.toFixed(2)} (${row.ratios.map((r) => r.toFixed(2)).join(', ')}) | ${f0(row.cpuUsPerRequest)} | ${f2(median.p50Ms)} / ${f2(median.p99Ms)} | ${lines} | ${budget} |`,
    )
  }
  const byName = new Map(summary.rows.map((row) => [row.name, row]))
  for (const build of ['this build', 'before']) {
    const on = byName.get(`${build}, access log on (info)`)
    const off = byName.get(`${build}, access log off (warn)`)
    // Requests a second move with the machine's other load; CPU per hit much less, so both are given.
    if (on && off)
      console.log(
        `${build}: the access log costs ${((1 - on.rps / off.rps) * 100).toFixed(0)} % of the hit rate measured, ${(on.cpuUsPerRequest - off.cpuUsPerRequest).toFixed(0)} µs of CPU a hit (${((1 - off.cpuUsPerRequest / on.cpuUsPerRequest) * 100).toFixed(0)} % of a CPU-bound hit rate)`,
      )
  }
}
