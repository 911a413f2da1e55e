import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { Agent } from 'undici'
import { createApp } from './app.ts'
import { createPurger } from './cache/purge-bus.ts'
import { createRedisSharing } from './cache/redis-sharing.ts'
import { createHtmlCache } from './html-cache/html-cache.ts'
import { startDemoApi } from './demo-api/start-demo-api.ts'
import { parseEnv } from './env.ts'
import { createLogger } from './logger.ts'
import { readClientManifest } from './render/manifest.ts'
import { createSiteRepository } from './tenant/site-repository.ts'
import { createUpstreamClient } from './upstream/client.ts'

// The only module that reads the environment (STYLE.md convention 1).
const parsed = parseEnv(process.env)
if (!parsed.ok) {
  process.stderr.write(`Invalid configuration:\n${parsed.errors.map((error) => `  - ${error}`).join('\n')}\n`)
  process.exit(1)
}
const env = parsed.env
const log = createLogger(env.LOG_LEVEL)

const distRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const manifest = readClientManifest(path.join(distRoot, 'client', 'manifest.json'))

let demoApi: Awaited<ReturnType<typeof startDemoApi>> | null = null
let baseUrl = env.API_BASE_URL
if (baseUrl === undefined) {
  demoApi = await startDemoApi({ log: log.child({ component: 'demo-api' }) })
  baseUrl = demoApi.url
  log.info({ url: baseUrl }, 'API_BASE_URL is not set: using the embedded demo API (open http://res.localhost:%d)', env.PORT)
}

const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 128 })
const upstream = createUpstreamClient({ baseUrl, dispatcher, timeoutMs: env.UPSTREAM_TIMEOUT_MS })
// With REDIS_URL, instances share configs, page data and rendered pages, and purges reach all of them.
const redis = env.REDIS_URL === undefined ? null : createRedisSharing({ url: env.REDIS_URL, log: log.child({ component: 'redis' }) })
const shared = redis ? { store: redis.store, prefix: redis.prefix } : undefined
const sites = createSiteRepository({
  upstream,
  ...(shared ? { shared } : {}),
  ttlMs: env.CONFIG_TTL_MS,
  staleMs: env.CONFIG_STALE_MS,
  negativeTtlMs: env.NEGATIVE_TTL_MS,
  pageTtlMs: env.PAGE_TTL_MS,
  max: env.CONFIG_CACHE_MAX,
  onError: (error, what) => log.warn({ err: error, what }, 'upstream load failed'),
})
const htmlCache = env.HTML_CACHE_TTL_MS > 0 && env.HTML_CACHE_MAX_BYTES > 0
  ? createHtmlCache({
      ttlMs: env.HTML_CACHE_TTL_MS,
      maxBytes: env.HTML_CACHE_MAX_BYTES,
      ...(shared ? { shared } : {}),
      onError: (error, key) => log.warn({ err: error, key }, 'html cache entry dropped'),
    })
  : undefined
const purger = createPurger({
  local: [(host) => sites.purge(host), (host) => htmlCache?.purge(host)],
  ...(redis && shared ? { shared: { ...shared, bus: redis.bus } } : {}),
})
const app = createApp({
  sites, manifest, assetsRoot: path.join(distRoot, 'client'), log, renderTimeoutMs: env.RENDER_TIMEOUT_MS,
  ...(htmlCache ? { htmlCache } : {}),
  ...(env.PURGE_TOKEN ? { purge: { token: env.PURGE_TOKEN, purger } } : {}),
})

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  log.info({ port: info.port, host: env.HOST }, 'listening')
})

// Graceful shutdown: stop accepting, let in-flight requests finish, then close upstream sockets.
let stopping = false
function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  log.info({ signal }, 'shutting down')
  const force = setTimeout(() => process.exit(1), 10_000)
  force.unref()
  server.close(async () => {
    purger.close()
    await Promise.allSettled([dispatcher.close(), demoApi?.close(), redis?.close()])
    log.info('stopped')
    process.exit(0)
  })
  if ('closeIdleConnections' in server) server.closeIdleConnections()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
