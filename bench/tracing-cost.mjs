// What tracing costs: the app with no OTLP endpoint (tracing off, the SDK not loaded) against the
// app tracing every request (OTEL_TRACES_SAMPLER=always_on) to a local receiver, for a cache hit
// and a render (the HTML cache off), measured with wrk. Rounds alternate off and on; each case keeps
// its median run by CPU per request. Usage: npm run bench:tracing [-- --seconds=N --rounds=N]
import { execFile } from 'node:child_process'
import { createServer } from 'node:http'
import { promisify } from 'node:util'
import { medianBy } from './median.mjs'
import { headersOf, PAGES } from './pages.mjs'
import { cpuMs, startApp, startDemoApi } from './processes.mjs'

const run = promisify(execFile)
const option = (name, fallback) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback)
const seconds = option('seconds', 5)
const rounds = option('rounds', 3)
const connections = option('connections', 16)
const PAGE = PAGES.find((page) => page.name === 'res home')

/** An OTLP/HTTP receiver that takes every export and only counts it: the collector's cost stays out. */
async function startSink() {
  const received = { posts: 0, bytes: 0 }
  const server = createServer((request, response) => {
    request.on('data', (chunk) => {
      received.bytes += chunk.length
    })
    request.on('end', () => {
      received.posts += 1
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end()
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${server.address().port}/v1/traces`, received, close: () => server.close() }
}

/** wrk's -H options for the page's headers; `Host` capitalised, or wrk adds a second Host of its own. */
const wrkHeaders = () =>
  Object.entries(headersOf(PAGE)).flatMap(([name, value]) => ['-H', `${name === 'host' ? 'Host' : name}: ${value}`])

/** wrk's latency as milliseconds: `812.00us`, `1.20ms`, `2.01s`, `1.05m`. */
function toMs(text) {
  const [, value, unit] = /^([\d.]+)(us|ms|s|m)$/.exec(text) ?? []
  return Number(value) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit]
}

/** One wrk run against `app`: requests per second, p50 and p99 latency, the app's CPU per request. */
async function load(app) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...wrkHeaders(), `${app.origin}${PAGE.path}`]
  const before = cpuMs(app.pid)
  const { stdout } = await run('wrk', args, { timeout: (seconds + 30) * 1000 })
  const cpu = cpuMs(app.pid) - before
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0)
  const failed = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0)
  if (failed > 0 || requests === 0) throw new Error(`wrk against ${app.origin}: ${failed} failed of ${requests}`)
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]),
    p50: toMs(/50%\s+(\S+)/.exec(stdout)?.[1] ?? ''),
    p99: toMs(/99%\s+(\S+)/.exec(stdout)?.[1] ?? ''),
    cpuMsPerRequest: cpu / requests,
  }
}

const sink = await startSink()
const upstream = await startDemoApi()
const tracingOn = {
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: sink.url,
  OTEL_TRACES_SAMPLER: 'always_on',
  OTEL_SERVICE_NAME: 'tenant-sites-bench',
}
const base = { API_BASE_URL: upstream.origin }
const apps = {
  hit: { off: await startApp(base), on: await startApp({ ...base, ...tracingOn }) },
  render: {
    off: await startApp({ ...base, HTML_CACHE_TTL_MS: '0' }),
    on: await startApp({ ...base, HTML_CACHE_TTL_MS: '0', ...tracingOn }),
  },
}
const all = Object.values(apps).flatMap((pair) => Object.values(pair))
try {
  // Each app renders and caches the page, and warms its render path, before anything is measured.
  for (const app of all)
    await run('wrk', [
      '-t1',
      '-c4',
      '-d1s',
      ...Object.entries(headersOf(PAGE)).flatMap(([n, v]) => ['-H', `${n}: ${v}`]),
      `${app.origin}${PAGE.path}`,
    ])
  const rows = []
  for (const [name, pair] of Object.entries(apps)) {
    const runs = { off: [], on: [] }
    for (let round = 0; round < rounds; round++)
      for (const mode of ['off', 'on']) runs[mode].push(await load(pair[mode]))
    const off = medianBy(runs.off, (each) => each.cpuMsPerRequest)
    const on = medianBy(runs.on, (each) => each.cpuMsPerRequest)
    rows.push({ name, off, on })
  }
  const f = (value, digits = 2) => value.toFixed(digits)
  console.log(`\n${PAGE.name} (${PAGE.host}${PAGE.path}), wrk -c${connections}, ${seconds} s × ${rounds} rounds each`)
  console.log('case    tracing  req/s    p50 ms  p99 ms  CPU ms/req')
  for (const { name, off, on } of rows) {
    for (const [mode, r] of [
      ['off', off],
      ['on', on],
    ])
      console.log(
        `${name.padEnd(8)}${mode.padEnd(9)}${f(r.rps, 0).padEnd(9)}${f(r.p50).padEnd(8)}${f(r.p99).padEnd(8)}${f(r.cpuMsPerRequest, 3)}`,
      )
    console.log(
      `${name.padEnd(8)}on/off   ${f(on.rps / off.rps).padEnd(9)}${f(on.p50 / off.p50).padEnd(8)}${f(on.p99 / off.p99).padEnd(8)}${f(on.cpuMsPerRequest / off.cpuMsPerRequest)}`,
    )
  }
  console.log(`\nspans sent: ${sink.received.posts} exports, ${(sink.received.bytes / 1024 / 1024).toFixed(1)} MiB`)
  if (sink.received.posts === 0) throw new Error('tracing on sent nothing to the receiver')
} finally {
  await Promise.all([...all.map((app) => app.stop()), upstream.stop()])
  sink.close()
}
