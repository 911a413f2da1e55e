import { type Context, Hono, type Next } from 'hono'
import type { Logger } from 'pino'
import type { AppEnv } from '../../app-env.ts'
import type { Purger } from '../../cache/purge/purger.ts'
import type { CdnForwarder } from '../../cdn/cdn-forwarder.ts'
import type { Readiness } from '../../lifecycle/readiness.ts'
import type { Metrics } from '../../metrics/metrics.ts'
import { NOT_KEPT } from '../../http/answer-policy.ts'
import { requestContext } from '../../middleware/request-context.ts'
import type { SiteRepository } from '../../tenant/site-repository.ts'
import { tlsAskRoute } from '../../tls/tls-ask-route.ts'
import { healthzRoute, readyzRoute } from './health.ts'
import { metricsRoute } from './metrics.ts'
import type { CachePolicyLookup } from '../page-decision.ts'
import { purgeRoutes } from './purge.ts'

/** What the operations endpoints answer from. */
export interface OperationsOptions {
  readiness: Readiness
  metrics: Metrics
  /** Bearer token `/metrics` requires (METRICS_TOKEN); open when unset. */
  metricsToken?: string | undefined
  /** `POST /_internal/purge` answers only when given (PURGE_TOKEN set). */
  purge?: { token: string; purger: Purger }
  cdnPurges?: CdnForwarder
  sites: SiteRepository
  policyOf: CachePolicyLookup
}

/** The probes' and the scraper's addresses (the purge endpoint lives under `/_internal/`). */
export const OPERATIONS_PATHS = ['/healthz', '/readyz', '/metrics'] as const

const NO_STORE = { 'cache-control': 'no-store' }

/**
 * Mounts `/healthz`, `/readyz`, `/metrics` and `POST /_internal/purge` on `app`: never
 * tenant-resolved, so they answer whatever the Host.
 */
export function mountOperations(app: Hono<AppEnv>, options: OperationsOptions): void {
  // Every answer here is about this instance, now: nobody keeps it.
  for (const path of [...OPERATIONS_PATHS, '/_internal/*']) app.use(path, notKept)
  app.get('/healthz', healthzRoute())
  app.get('/readyz', readyzRoute(options.readiness))
  app.get('/metrics', metricsRoute({ registry: options.metrics.registry, token: options.metricsToken }))
  app.use('/_internal/*', async function internalRoute(c, next) {
    c.set('routeName', 'internal')
    await next()
  })
  if (options.purge) {
    const cdn = options.cdnPurges ? { cdn: options.cdnPurges } : {}
    const sites = { sites: options.sites, policyOf: options.policyOf }
    app.route('/_internal/purge', purgeRoutes({ ...options.purge, ...sites, ...cdn }))
  }
}

async function notKept(c: Context<AppEnv>, next: Next): Promise<void> {
  c.set('answer', NOT_KEPT)
  await next()
}

/**
 * The operations endpoints as an app of their own, for a port of their own (ADMIN_PORT): load
 * balancers and scrapers reach them there, visitors of the public port never do. Every request is
 * logged and counted as on the public port; anything else is a 404. Only here: `GET
 * /_internal/tls-ask`, which tells which names are customers' and so is never on the public port
 * (without ADMIN_PORT there is none: on-demand TLS needs ADMIN_PORT).
 */
export function createOperationsApp(
  options: OperationsOptions & { log: Logger; quietRoutes: ReadonlySet<string> },
): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use(requestContext({ log: options.log, metrics: options.metrics, quietRoutes: options.quietRoutes }))
  mountOperations(app, options)
  app.get('/_internal/tls-ask', tlsAskRoute({ sites: options.sites, onOutcome: options.metrics.tlsAsk }))
  app.all('*', (c) => c.text('Not Found', 404, NO_STORE))
  app.onError((error, c) => {
    ;(c.get('log') ?? options.log).error({ err: error, url: c.req.url }, 'unhandled request error')
    return c.json({ error: 'Internal Server Error' }, 500, NO_STORE)
  })
  return app
}
