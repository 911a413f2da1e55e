import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { Agent } from 'undici'
import { createApp } from './app.ts'
import { startDemoApi } from './demo-api/start-demo-api.ts'
import { parseEnv } from './env.ts'
import { createImages } from './images/create-images.ts'
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
const sites = createSiteRepository({
  upstream,
  ttlMs: env.CONFIG_TTL_MS,
  staleMs: env.CONFIG_STALE_MS,
  negativeTtlMs: env.NEGATIVE_TTL_MS,
  pageTtlMs: env.PAGE_TTL_MS,
  max: env.CONFIG_CACHE_MAX,
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
const app = createApp({ sites, manifest, assetsRoot: path.join(distRoot, 'client'), log, renderTimeoutMs: env.RENDER_TIMEOUT_MS, images })

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
    await Promise.allSettled([dispatcher.close(), demoApi?.close()])
    log.info('stopped')
    process.exit(0)
  })
  if ('closeIdleConnections' in server) server.closeIdleConnections()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
