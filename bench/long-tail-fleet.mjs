// Two phases of `npm run bench:long-tail` that measure what sits in front of the instances:
// - cdnPhase: the same Zipf mix sent through Varnish with the shipped VCL, counted by what Varnish
//   did (`X-Cache`: hit or stale from its copy, miss or pass to the instance): the CDN's hit ratio;
// - balancerPhase: 4 instances without Redis behind the shipped HAProxy config (by Host, consistent
//   hashing) and behind the same config balancing round robin, each instance's HTML cache bounded
//   (--fleet-cache-mib): the fleet's HTML cache hit ratio (hits and stale hits over lookups, summed
//   over the instances) in each.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Pool } from 'undici'
import { freePort } from '../test/loopback-ports.ts'
import { SHIPPED_HAPROXY_CFG } from '../test/haproxy-server.ts'
import { startDaemon } from '../test/system-daemon.ts'
import { startApp } from './processes.mjs'

/** Sends `pick()`ed pages through `pool` for `seconds` on `connections` connections; counts answers by `X-Cache`. */
async function countByCache(pool, { seconds, connections, pick, hostOf, visitor }) {
  const until = performance.now() + seconds * 1000
  const counts = { hit: 0, stale: 0, miss: 0, pass: 0, other: 0, errors: 0 }
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const { tenant, path: urlPath } = pick()
        try {
          const answer = await pool.request({ method: 'GET', path: urlPath, headers: visitor(hostOf(tenant)) })
          await answer.body.dump()
          const cache = String(answer.headers['x-cache'] ?? 'other')
          counts[cache in counts ? cache : 'other'] += 1
        } catch {
          counts.errors += 1
        }
      }
    }),
  )
  return counts
}

/** The CDN's hit ratio over `seconds` of the Zipf mix through Varnish at `cdnOrigin`. */
export async function cdnPhase({ cdnOrigin, seconds, connections, pick, hostOf, visitor }) {
  const pool = new Pool(cdnOrigin, { connections })
  try {
    const counts = await countByCache(pool, { seconds, connections, pick, hostOf, visitor })
    const answered = counts.hit + counts.stale + counts.miss + counts.pass + counts.other
    return { ...counts, hitRatio: Number(((counts.hit + counts.stale) / Math.max(1, answered)).toFixed(4)) }
  } finally {
    await pool.close()
  }
}

/** The shipped HAProxy config with a `server` line per port, balancing as shipped or round robin. */
function haproxyConfig(ports, balance) {
  let text = readFileSync(SHIPPED_HAPROXY_CFG, 'utf8')
  text = text.replace(/^\s+server instance\d .*\n/gm, '')
  text += ports.map((port, i) => `    server instance${i + 1} 127.0.0.1:${port} port ${port}\n`).join('')
  // No certificate here: the TLS listener goes, the rest of the config is as shipped.
  text = text.replace(/^\s+bind "\$\{LISTEN_TLS.*\n/m, '')
  if (balance === 'round robin')
    text = text.replace(
      /^\s+balance hdr\(host\)\n\s+hash-type consistent\n\s+hash-balance-factor \d+\n/m,
      '    balance roundrobin\n',
    )
  return text
}

async function htmlLookups(origin) {
  const pool = new Pool(origin, { connections: 1 })
  try {
    const { body } = await pool.request({ method: 'GET', path: '/metrics' })
    const lookups = { hit: 0, stale: 0, miss: 0 }
    for (const line of (await body.text()).split('\n')) {
      const match = /^cache_lookups_total\{(.*)\} (\d+(?:\.\d+)?)$/.exec(line)
      if (!match?.[1].includes('cache="html"')) continue
      const result = /result="(\w+)"/.exec(match[1])?.[1]
      if (result in lookups) lookups[result] += Number(match[2])
    }
    return lookups
  } finally {
    await pool.close()
  }
}

/** The fleet's HTML cache hit ratio behind one balancing, measured after a warm-up. */
async function measureBalance(balance, options) {
  const { upstreamOrigin, instances, cacheMiB, seconds, warmUp, connections, pick, hostOf, visitor } = options
  const env = {
    API_BASE_URL: upstreamOrigin,
    HTML_CACHE_TTL_MS: '3600000',
    HTML_CACHE_STALE_MS: '86400000',
    HTML_CACHE_MAX_BYTES: String(cacheMiB * 1024 * 1024),
  }
  const apps = []
  const dir = mkdtempSync(path.join(os.tmpdir(), 'long-tail-haproxy-'))
  let haproxy
  try {
    for (let i = 0; i < instances; i += 1) apps.push(await startApp(env))
    const ports = apps.map((app) => Number(new URL(app.origin).port))
    const cfg = path.join(dir, 'haproxy.cfg')
    writeFileSync(cfg, haproxyConfig(ports, balance))
    const port = await freePort()
    haproxy = await startDaemon('/usr/sbin/haproxy', ['-f', cfg, '-db'], {
      port,
      env: { PATH: process.env.PATH ?? '', LISTEN: `127.0.0.1:${port}`, CHECK_INTERVAL: '1s' },
    })
    const pool = new Pool(`http://127.0.0.1:${port}`, { connections })
    try {
      await countByCache(pool, { seconds: warmUp, connections, pick, hostOf, visitor })
      const before = await Promise.all(apps.map((app) => htmlLookups(app.origin)))
      const counts = await countByCache(pool, { seconds, connections, pick, hostOf, visitor })
      const after = await Promise.all(apps.map((app) => htmlLookups(app.origin)))
      const sum = (result) => after.reduce((total, each, i) => total + each[result] - before[i][result], 0)
      const [hit, stale, miss] = [sum('hit'), sum('stale'), sum('miss')]
      return {
        balance,
        requests: Object.values(counts).reduce((a, b) => a + b, 0),
        errors: counts.errors,
        lookups: { hit, stale, miss },
        hitRatio: Number(((hit + stale) / Math.max(1, hit + stale + miss)).toFixed(4)),
      }
    } finally {
      await pool.close()
    }
  } finally {
    await haproxy?.stop()
    await Promise.all(apps.map((app) => app.stop()))
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The fleet's hit ratio by Host (as shipped) and round robin, over `options.instances` instances. */
export async function balancerPhase(options) {
  return [await measureBalance('by host', options), await measureBalance('round robin', options)]
}
