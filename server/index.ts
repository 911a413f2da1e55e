import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Agent } from 'undici'
import { createApp } from './app.ts'
import { createPurger } from './cache/purge-bus.ts'
import type { PurgeScope } from './cache/purge-scope.ts'
import { createRedisSharing } from './cache/redis-sharing.ts'
import { createHtmlCache } from './html-cache/html-cache.ts'
import { startDemoApi } from './demo-api/start-demo-api.ts'
import { parseEnv } from './env.ts'
import { createImages } from './images/create-images.ts'
import { createGracefulShutdown } from './lifecycle/graceful-shutdown.ts'
import { startHttpServer } from './lifecycle/http-server.ts'
import { createReadiness, readyOnUpstreamContact } from './lifecycle/readiness.ts'
import { probeUpstream } from './lifecycle/upstream-probe.ts'
import { createLogger } from './logger.ts'
import { createMetrics } from './metrics/metrics.ts'
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

const metrics = createMetrics()
const readiness = createReadiness()
readiness.onChange((state) => metrics.draining.set(state === 'draining' ? 1 : 0))
const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 128 })
const upstream = createUpstreamClient({
  baseUrl,
  dispatcher,
  timeoutMs: env.UPSTREAM_TIMEOUT_MS,
  metrics: readyOnUpstreamContact(readiness, metrics.upstream),
})
// With REDIS_URL, instances share configs, page data and rendered pages, and purges reach all of them.
const redis = env.REDIS_URL === undefined
  ? null
  : createRedisSharing({ url: env.REDIS_URL, log: log.child({ component: 'redis' }), onCommandError: (operation) => metrics.sharedStoreError(operation) })
const shared = redis ? { store: redis.store, prefix: redis.prefix } : undefined
const sites = createSiteRepository({
  upstream,
  ...(shared ? { shared } : {}),
  ttlMs: env.CONFIG_TTL_MS,
  staleMs: env.CONFIG_STALE_MS,
  negativeTtlMs: env.NEGATIVE_TTL_MS,
  pageTtlMs: env.PAGE_TTL_MS,
  max: env.CONFIG_CACHE_MAX,
  maxBytes: env.CONFIG_CACHE_MAX_BYTES,
  metrics,
  onError: (error, what) => log.warn({ err: error, what }, 'upstream load failed'),
})
const images = env.IMAGE_OPTIMIZER
  ? createImages({
    apiBaseUrl: baseUrl,
    allowedOrigins: env.IMAGE_ALLOWED_ORIGINS,
    dispatcher,
    timeoutMs: env.IMAGE_TIMEOUT_MS,
    maxSourceBytes: env.IMAGE_MAX_SOURCE_BYTES,
    cacheMaxBytes: env.IMAGE_CACHE_MAX_BYTES,
    cacheDir: env.IMAGE_CACHE_DIR,
    avif: env.IMAGE_AVIF,
    onDiskError: (error) => log.warn({ err: error }, 'image disk cache failed'),
  })
  : undefined
const htmlCache = env.HTML_CACHE_TTL_MS > 0 && env.HTML_CACHE_MAX_BYTES > 0
  ? createHtmlCache({
      ttlMs: env.HTML_CACHE_TTL_MS,
      staleMs: env.HTML_CACHE_STALE_MS,
      maxBytes: env.HTML_CACHE_MAX_BYTES,
      ...(shared ? { shared } : {}),
      metrics: metrics.cache('html'),
      onRevalidated: (outcome, seconds) => metrics.htmlRevalidation(outcome, seconds),
      onError: (error, key) => log.warn({ err: error, key }, 'html cache entry dropped'),
    })
  : undefined
const purger = createPurger({
  upstream: sites,
  ...(htmlCache ? { pages: (scope: PurgeScope) => htmlCache.purge(scope) } : {}),
  ...(redis && shared ? { shared: { ...shared, bus: redis.bus, markMs: htmlCache?.lifetimeMs ?? 0 } } : {}),
})
const app = createApp({
  sites,
  upstream,
  manifest,
  assetsRoot: path.join(distRoot, 'client'),
  log,
  renderTimeoutMs: env.RENDER_TIMEOUT_MS,
  readiness,
  metrics,
  metricsToken: env.METRICS_TOKEN,
  htmlSMaxAge: env.HTML_S_MAXAGE,
  htmlStaleSeconds: Math.floor(env.HTML_CACHE_STALE_MS / 1000),
  trustProxy: env.TRUST_PROXY,
  hsts: env.HSTS,
  bodyLimitBytes: env.BODY_LIMIT_BYTES,
  images,
  ...(htmlCache ? { htmlCache } : {}),
  canonicalScheme: env.CANONICAL_SCHEME,
  ...(env.PURGE_TOKEN ? { purge: { token: env.PURGE_TOKEN, purger } } : {}),
})

const { server, port } = await startHttpServer({
  fetch: app.fetch,
  answerFirst: app.cacheHits,
  port: env.PORT,
  hostname: env.HOST,
  keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
  headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
  requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
})
log.info({ port, host: env.HOST }, 'listening')

// Readiness needs one answer from the upstream; ask for it rather than wait for a visitor.
const probing = new AbortController()
void probeUpstream({
  readiness,
  signal: probing.signal,
  contact: () => upstream.call('/v1/site_page/web_get', { page_path: '', page_language: '', group_path: '' }, {
    userAgent: 'tenant-sites readiness probe',
    referer: '',
    appDomain: 'readiness-probe.invalid',
    signal: probing.signal,
  }),
  // The first failure is worth a warning; the retries that follow only at debug.
  onError: (error, attempt) => (attempt === 1 ? log.warn : log.debug).call(log, { err: error, attempt }, 'upstream not reachable yet; /readyz stays 503'),
}).then(() => {
  if (readiness.state === 'ready') log.info('upstream reachable: ready')
})

const graceful = createGracefulShutdown({ server, readiness, delayMs: env.SHUTDOWN_DELAY_MS, timeoutMs: env.SHUTDOWN_TIMEOUT_MS, log })
async function shutdown(signal: string) {
  probing.abort()
  const result = await graceful.shutdown(signal)
  purger.close()
  await Promise.allSettled([dispatcher.close(), demoApi?.close(), redis?.close()])
  log.info({ result }, 'stopped')
  process.exit(result === 'drained' ? 0 : 1)
}
process.once('SIGTERM', () => void shutdown('SIGTERM'))
process.once('SIGINT', () => void shutdown('SIGINT'))
