import { Pool } from 'undici'

/**
 * Sends GET requests over `connections` keep-alive connections for `seconds` (after a warm-up) and
 * returns requests per second with latency percentiles. Bounded in time; loopback only.
 */
export async function measure(origin, path, { headers = {}, connections = 32, seconds = 5, warmup = 1 } = {}) {
  const pool = new Pool(origin, { connections, pipelining: 1 })
  const latencies = []
  let failures = 0
  let counting = false
  let running = true
  const worker = async () => {
    while (running) {
      const started = performance.now()
      try {
        const { statusCode, body } = await pool.request({ path, method: 'GET', headers })
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
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), failures }
}
