import { Pool } from 'undici'

/**
 * Sends GET requests over `connections` keep-alive connections for `seconds` (after a warm-up) and
 * returns requests per second. Bounded in time; loopback only.
 */
export async function measure(origin, path, { host, headers: extra = {}, connections = 16, seconds = 5, warmup = 1 } = {}) {
  const pool = new Pool(origin, { connections, pipelining: 1 })
  const headers = { ...extra, ...(host ? { host } : {}) }
  let count = 0
  let failures = 0
  let counting = false
  let running = true
  const worker = async () => {
    while (running) {
      try {
        const { statusCode, body } = await pool.request({ path, method: 'GET', headers })
        await body.dump()
        if (statusCode !== 200) failures += 1
        else if (counting) count += 1
      } catch {
        failures += 1
      }
    }
  }
  const workers = Array.from({ length: connections }, worker)
  await new Promise((resolve) => setTimeout(resolve, warmup * 1000))
  counting = true
  const started = performance.now()
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
  counting = false
  const elapsed = (performance.now() - started) / 1000
  running = false
  await Promise.all(workers)
  await pool.close()
  return { rps: count / elapsed, failures }
}
