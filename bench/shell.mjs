// The bench's shell phase: how soon a visitor of /res/hot gets the page's shell while its resource
// aside waits on slow upstream data, with the HTML cache off and on a cacheable miss with it on, and
// what that miss costs in CPU against the same requests with the cache off.
import { medianBy } from './median.mjs'
import { BROWSER_UA } from './pages.mjs'
import { cpuMs, startApp, startDemoApi } from './processes.mjs'
import { decodedShellTiming, shellTiming, startSlowUpstream } from './slow-upstream.mjs'

/** How long the aside is held in the long series, and the bound its shell must meet. */
const LONG_HOLD_MS = 1200
const SHELL_BOUND_MS = 50
const SHORT_HOLD_MS = 200
const CODINGS = ['identity', 'br', 'gzip']
/** The pause after a warm-up, for the work that follows its answers. */
const SETTLE_MS = 500
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
/** Requests in flight at once where only CPU or warm-up is counted. */
const BATCH = 10

/**
 * Times the shell. With the aside held 200 ms: the known tenant with the cache off, then never-seen
 * tenants (the demo API's copies) with it off and on, `runs` each one after the other for their
 * first byte, and `cpuRuns` each, in batches and alternated in `rounds`, for CPU per request (the
 * miss ratio). With it held 1.2 s: per coding (Accept-Encoding identity, br, gzip), `longRuns`
 * never-seen tenants with the cache off and on, each request sent once the one before has its shell,
 * timed to the first decoded bytes that hold the shell and to the whole page.
 */
export async function measureShell({ runs, warmUp, cpuRuns, rounds = 4, longRuns = 5 }) {
  const demo = await startDemoApi({ tenantCopies: true })
  const slow = await startSlowUpstream(demo.origin, { slowPaths: ['/v1/resource/aside'], delayMs: SHORT_HOLD_MS })
  // Page data is neither cached nor served stale here, so every request waits for the slow call.
  const noData = { API_BASE_URL: slow.origin, PAGE_TTL_MS: '0', CONFIG_STALE_MS: '0' }
  const offApp = await startApp({ ...noData, HTML_CACHE_TTL_MS: '0' })
  const onApp = await startApp(noData)
  let tenant = 0
  // The cache-off server answers the known tenant, as before; the misses are pages of tenants never
  // seen, and so are the cache-off requests they are compared with.
  const headersFor = (fresh, coding = 'identity') => {
    if (fresh) tenant += 1
    return {
      host: fresh ? `t${tenant}.res.localhost` : 'res.localhost',
      cookie: 'lang=zh',
      'user-agent': BROWSER_UA,
      'accept-encoding': coding,
    }
  }
  const batches = async (app, fresh, count) => {
    for (let left = count; left > 0; left -= BATCH)
      await Promise.all(
        Array.from({ length: Math.min(BATCH, left) }, () => shellTiming(app.origin, '/res/hot', headersFor(fresh))),
      )
  }
  try {
    // A server in service has run this code many times: warm it up (JIT, pools) like the page cases' 1 s.
    for (const [app, fresh] of [
      [offApp, false],
      [offApp, true],
      [onApp, true],
    ])
      await batches(app, fresh, Math.max(1, warmUp))
    await settle()
    const firstBytes = async (app, fresh) => {
      const timings = []
      for (let i = 0; i < runs; i += 1) timings.push(await shellTiming(app.origin, '/res/hot', headersFor(fresh)))
      return summary(timings)
    }
    const off = await firstBytes(offApp, false)
    const offNew = await firstBytes(offApp, true)
    const miss = await firstBytes(onApp, true)
    // CPU per request: the clock ticks every 10 ms and a request costs a few tens of ms, so many
    // requests, alternated so both sides share the machine's slow and quiet moments.
    const cpu = { off: 0, on: 0 }
    const perRound = Math.max(1, Math.ceil(cpuRuns / rounds))
    for (let round = 0; round < rounds; round += 1)
      for (const [side, app] of [
        ['off', offApp],
        ['on', onApp],
      ]) {
        const before = cpuMs(app.pid)
        await batches(app, true, perRound)
        // A miss is kept after its answer ends: count that work too.
        await settle()
        cpu[side] += cpuMs(app.pid) - before
      }
    offNew.cpuMsPerRequest = cpu.off / (perRound * rounds)
    miss.cpuMsPerRequest = cpu.on / (perRound * rounds)
    const cpuRequests = perRound * rounds
    slow.hold(LONG_HOLD_MS)
    const long = []
    for (const coding of CODINGS) {
      const row = { coding }
      for (const [side, app] of [
        ['off', offApp],
        ['miss', onApp],
      ])
        row[side] = await longSeries(app, () => headersFor(true, coding), longRuns)
      long.push(row)
    }
    return {
      ...off,
      offNew,
      miss,
      cpuRequests,
      missRatio: miss.cpuMsPerRequest / offNew.cpuMsPerRequest,
      long: { holdMs: LONG_HOLD_MS, runs: longRuns, rows: long },
    }
  } finally {
    await Promise.all([offApp.stop(), onApp.stop(), slow.close(), demo.stop()])
  }
}

/**
 * `count` requests after as many for warm-up (those all at once): each sent once the one before has
 * its shell, so no two renders share the CPU while one works towards its shell, yet the series takes
 * about one hold, not one per request.
 */
async function longSeries(app, headers, count) {
  await Promise.all(Array.from({ length: count }, () => decodedShellTiming(app.origin, '/res/hot', headers())))
  // The warm-up's misses are still being kept (the complete copy made, compressed and stored) after
  // their answers end: let that work finish, so it is not counted in the first shells timed.
  await settle()
  const pending = []
  for (let i = 0; i < count; i += 1) {
    const { promise: shell, resolve } = Promise.withResolvers()
    pending.push(decodedShellTiming(app.origin, '/res/hot', headers(), resolve))
    await shell
  }
  const timings = await Promise.all(pending)
  const shells = timings.map((t) => t.shellMs)
  return {
    codings: [...new Set(timings.map((t) => t.coding))],
    shellsMs: shells,
    shellMs: medianBy(shells),
    shellMaxMs: Math.max(...shells),
    totalMs: medianBy(timings.map((t) => t.totalMs)),
    firstReadHasShell: timings.every((t) => t.firstReadHasShell),
    streamed: timings.every((t) => t.streamed),
    withinBound: shells.every((ms) => ms <= SHELL_BOUND_MS),
  }
}

/** Medians of shell timings. */
function summary(shell) {
  const ttfbs = shell.map((s) => s.ttfb)
  return {
    runs: shell.length,
    ttfbMs: medianBy(ttfbs),
    ttfbMinMs: Math.min(...ttfbs),
    ttfbMaxMs: Math.max(...ttfbs),
    totalMs: medianBy(shell.map((s) => s.total)),
    firstChunkHasShell: shell.every((s) => s.firstChunkHasShell),
    streamed: shell.every((s) => s.streamed),
  }
}

const f0 = (n) => (Number.isFinite(n) ? n.toFixed(0) : '–')
const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : '–')

/** The shell's lines of the bench's report. */
export function printShell(shell, warmUp) {
  const { miss, offNew, long } = shell
  console.log(
    `\nshell with ${SHORT_HOLD_MS} ms slow data (/res/hot), median of ${shell.runs} after ${warmUp} warm-up requests: TTFB ${f1(shell.ttfbMs)} ms (${f1(shell.ttfbMinMs)}–${f1(shell.ttfbMaxMs)}), complete ${f0(shell.totalMs)} ms, shell in first chunk: ${shell.firstChunkHasShell}, streamed: ${shell.streamed}`,
  )
  console.log(
    `the same for never-seen tenants: cache off TTFB ${f1(offNew.ttfbMs)} ms (${f1(offNew.ttfbMinMs)}–${f1(offNew.ttfbMaxMs)}), a cacheable miss with the HTML cache on TTFB ${f1(miss.ttfbMs)} ms (${f1(miss.ttfbMinMs)}–${f1(miss.ttfbMaxMs)}), complete ${f0(miss.totalMs)} ms, shell in first chunk: ${miss.firstChunkHasShell}, streamed: ${miss.streamed}`,
  )
  console.log(
    `CPU ms/req over ${shell.cpuRequests} never-seen tenants each (batches of ${BATCH}, alternated): ${miss.cpuMsPerRequest.toFixed(2)} cache on (misses) against ${offNew.cpuMsPerRequest.toFixed(2)} off: miss ×${shell.missRatio.toFixed(2)}`,
  )
  console.log(
    `\nshell with ${long.holdMs} ms slow data (/res/hot), never-seen tenants, first decoded bytes that hold the shell, median (max) of ${long.runs} after ${long.runs} warm-up, each sent once the one before had its shell`,
  )
  console.log(
    `| coding | miss, cache on: shell ms (max) | whole ms | within ${SHELL_BOUND_MS} ms | cache off: shell ms (max) | whole ms | shell in first read (on/off) |`,
  )
  console.log('|---|---|---|---|---|---|---|')
  for (const { coding, miss: on, off } of long.rows) {
    const answered = on.codings.join('/')
    console.log(
      `| ${coding}${answered === coding ? '' : ` (answered ${answered})`} | ${f1(on.shellMs)} (${f1(on.shellMaxMs)}) | ${f0(on.totalMs)} | ${on.withinBound ? 'yes' : 'no'} | ${f1(off.shellMs)} (${f1(off.shellMaxMs)}) | ${f0(off.totalMs)} | ${on.firstReadHasShell}/${off.firstReadHasShell} |`,
    )
  }
}
