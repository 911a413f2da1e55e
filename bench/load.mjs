import { Pool } from 'undici'

/**
 * Sends GET requests over `connections` keep-alive connections for `seconds` (after a warm-up) and
 * returns requests per second with latency percentiles. Bounded in time; loopback only.
 * `freshHost: { template, from }` sends each request with a Host header never sent before: `{n}` in
 * the template is replaced by `from`, `from + 1`, … (a new port of a known tenant is a new HTML
 * cache key; a new name, with the demo API's tenant copies, a new tenant). `sent` counts every request sent, warm-up included.
 */
export async function measure(
  origin,
  path,
  { headers = {}, connections = 32, seconds = 5, warmup = 1, freshHost } = {},
) {
  const pool = new Pool(origin, { connections, pipelining: 1 })
  let sent = 0
  const headersOf = freshHost
    ? () => ({ ...headers, host: freshHost.template.replace('{n}', String(freshHost.from + sent)) })
    : () => headers
  const latencies = []
  let failures = 0
  let counting = false
  let running = true
  const worker = async () => {
    while (running) {
      const started = performance.now()
      try {
        const requestHeaders = headersOf()
        sent += 1
        const { statusCode, body } = await pool.request({ path, method: 'GET', headers: requestHeaders })
        await body.dump()
        if (statusCode !== 200) failures += 1
        else if (counting) latencies.push(performance.now() - started)
      } catch {
        failures += 1
      }
    }
  }
  const workers = Array.from({ length: connections }, worker)
  await new Promise((resolve) => setTimeout(resolve, warmup * 1000))
  counting = true
  const startedAt = performance.now()
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
  counting = false
  const elapsed = (performance.now() - startedAt) / 1000
  running = false
  await Promise.all(workers)
  await pool.close()
  latencies.sort((a, b) => a - b)
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), failures, sent }
}
