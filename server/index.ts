import path from 'node:path'
import { fileURLToPath } from 'node:url'
import packageJson from '../package.json' with { type: 'json' }
import { parseEnv } from './env.ts'
import { createGracefulShutdown } from './lifecycle/graceful-shutdown.ts'
import { closeHttpServer, startHttpServer } from './lifecycle/http-server.ts'
import { probeUpstream } from './lifecycle/upstream-probe.ts'
import { createLogger, flushLog } from './logger.ts'
import { createServerDeps } from './server-deps.ts'
import { startTracing } from './telemetry/start-tracing.ts'
import { toTracingConfig } from './telemetry/tracing-env.ts'

/** How long the exit waits for buffered log lines to reach stdout (logger.ts). */
const LOG_FLUSH_MS = 5_000

// The only module that reads the environment (STYLE.md convention 1).
const parsed = parseEnv(process.env)
if (!parsed.ok) {
  process.stderr.write(`Invalid configuration:\n${parsed.errors.map((error) => `  - ${error}`).join('\n')}\n`)
  process.exit(1)
}
const env = parsed.env
const distRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// Tracing starts before anything it traces; without an OTLP endpoint it loads nothing.
const tracingConfig = toTracingConfig(env, packageJson.version)
const log = createLogger(env.LOG_LEVEL, undefined, { traceIds: tracingConfig !== null })
const tracing = await startTracing(tracingConfig, log)
const deps = await createServerDeps(env, { distRoot, log })
const { app, readiness, upstream } = deps

const { server, port } = await startHttpServer({
  listener: app.listener,
  port: env.PORT,
  hostname: env.HOST,
  keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
  headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
  requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
})
log.info({ port, host: env.HOST }, 'listening')

// With ADMIN_PORT, health, readiness, metrics and purges answer there only (app.operations).
const admin =
  app.operations && env.ADMIN_PORT !== undefined
    ? await startHttpServer({
        fetch: app.operations.fetch,
        port: env.ADMIN_PORT,
        hostname: env.HOST,
        keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
        headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
        requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      })
    : null
if (admin) log.info({ port: admin.port, host: env.HOST }, 'operations endpoints listening')

// Readiness needs one answer from the upstream; ask for it rather than wait for a visitor.
const probing = new AbortController()
void probeUpstream({
  readiness,
  signal: probing.signal,
  contact: () =>
    upstream.call(
      '/v1/site_page/web_get',
      { page_path: '', page_language: '', group_path: '' },
      {
        userAgent: 'tenant-sites readiness probe',
        referer: '',
        appDomain: 'readiness-probe.invalid',
        signal: probing.signal,
      },
    ),
  // The first failure is worth a warning; the retries that follow only at debug.
  onError: (error, attempt) =>
    (attempt === 1 ? log.warn : log.debug).call(
      log,
      { err: error, attempt },
      'upstream not reachable yet; /readyz stays 503',
    ),
}).then(() => {
  if (readiness.state === 'ready') log.info('upstream reachable: ready')
})

const graceful = createGracefulShutdown({
  server,
  readiness,
  delayMs: env.SHUTDOWN_DELAY_MS,
  timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  log,
})
async function shutdown(signal: string) {
  const signalledAt = performance.now()
  probing.abort()
  const result = await graceful.shutdown(signal)
  // The probes saw /readyz answer 503 through the drain; the operations port closes last.
  if (admin) await closeHttpServer(admin.server)
  // Background re-renders and writes to Redis may still run: they get what is left of the timeout.
  const settled = await deps.close({ settleMs: env.SHUTDOWN_TIMEOUT_MS - (performance.now() - signalledAt) })
  // The spans of the last requests are sent before the process ends.
  await tracing.shutdown()
  log.info({ result, settled }, 'stopped')
  await flushLog(log, LOG_FLUSH_MS)
  process.exit(result === 'drained' && settled ? 0 : 1)
}
process.once('SIGTERM', () => void shutdown('SIGTERM'))
process.once('SIGINT', () => void shutdown('SIGINT'))
