// Debian's wrk (test/system-deps.mjs installs it) as the bench's load generator for plain GETs: one
// thread of it sends several times what the app can answer, so what is measured is the server.
// autocannon-style generators in Node (bench/load.mjs) top out near the rate of a cache hit and stay
// only where a request must change per request (never-seen hosts), which wrk does only through Lua.
import { execFile } from 'node:child_process'

const WRK = '/usr/bin/wrk'

/**
 * Runs wrk against `origin + path` for `seconds` over `connections` keep-alive connections from one
 * thread, with `headers`, and returns requests a second, the requests it completed, the answers not
 * 2xx/3xx, its socket errors, and the latency's median and 99th percentile in milliseconds.
 */
export function runWrk(origin, path, { headers = {}, connections = 16, seconds = 3 } = {}) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '5s', '--latency']
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`)
  args.push(`${origin}${path}`)
  return new Promise((resolve, reject) => {
    execFile(WRK, args, { timeout: (seconds + 30) * 1000 }, (error, stdout) => {
      if (error) return reject(new Error(`wrk failed: ${error.message}`))
      resolve(parseWrk(stdout))
    })
  })
}

/** The figures of wrk's summary. */
function parseWrk(text) {
  const number = (pattern) => Number(pattern.exec(text)?.[1] ?? Number.NaN)
  const requests = number(/(\d+) requests in/)
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text)
  return {
    rps: number(/Requests\/sec:\s*([\d.]+)/),
    requests,
    notOk: Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0),
    socketErrors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    p50Ms: latencyMs(text, '50'),
    p99Ms: latencyMs(text, '99'),
  }
}

const UNIT_MS = { us: 0.001, ms: 1, s: 1000 }

/** A percentile of wrk's latency distribution (`--latency`), e.g. `     99%    1.20ms`, in milliseconds. */
function latencyMs(text, percentile) {
  const match = new RegExp(`^\\s*${percentile}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(text)
  return match ? Number(match[1]) * UNIT_MS[match[2]] : Number.NaN
}
