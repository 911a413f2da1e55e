import { Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import { IMAGE_ENDPOINT } from '../shared/rules/image-presets.ts'
import { routes } from '../shared/routes.tsx'
import type { AppDeps } from './app-deps.ts'
import type { AppEnv } from './app-env.ts'
import { mountPages } from './app-pages.ts'
import { assetFallback } from './assets/asset-fallback.ts'
import { createReadiness, type Readiness } from './lifecycle/readiness.ts'
import { createMetrics } from './metrics/metrics.ts'
import { IMMUTABLE, sharedFile } from './http/answer-policy.ts'
import { answerWriter } from './answer/answer-writer.ts'
import type { AnswerWriting } from './answer/policy-lines.ts'
import { compression } from './middleware/compression.ts'
import { hostGuard } from './middleware/host-guard.ts'
import { requestContext, requestRecorder } from './middleware/request-context.ts'
import { securityPolicy } from './http/security-policy.ts'
import { imageRoute } from './images/image-route.ts'
import { htmlError } from './render/html-error.ts'
import { DEFAULT_BODY_LIMIT_BYTES } from './http/body-limit.ts'
import { jsonError } from './http/json-error.ts'
import { apiProxy } from './api-proxy/api-proxy.ts'
import {
  createOperationsApp,
  mountOperations,
  OPERATIONS_PATHS,
  type OperationsOptions,
} from './routes/operations/operations.ts'
import { createFrontDoor, type FrontDoor } from './lifecycle/front-door.ts'
import { createHitWriter } from './answer/hit-writer.ts'
import { createCachePolicyLookup } from './routes/page-decision.ts'

export type { AppDeps } from './app-deps.ts'

/** Probes, scrapes and Caddy's TLS asks (counted in tls_asks_total): logged at debug only. */
const QUIET_ROUTES = new Set(['healthz', 'readyz', 'metrics', 'tls-ask'])

/**
 * The app behind its front door (lifecycle/front-door.ts): `listener` for the Node server, where
 * the HTML cache's hits are answered before the routes, `fetch` and `request` for a web Request.
 */
export interface App extends FrontDoor {
  /** A request as if sent to `input` (a path is taken as `http://localhost` + path), as Hono's `app.request()`. */
  request(input: string | URL | Request, init?: RequestInit): Promise<Response>
  /** The router the routes are matched with. */
  router: Hono<AppEnv>['router']
  /** With `operationsApart`: the operations endpoints, for a port of their own (ADMIN_PORT). */
  operations?: Hono<AppEnv>
}

/**
 * The whole HTTP application (STYLE.md "Request flow"): front door (request facts read once, host
 * decided once; with an HTML cache, hits answered there) → request id → conditional GET → security
 * headers → compression and cache rules → health, metrics and static assets → host guard → images
 * (not tenant-specific) → same-origin API (resolves its tenant itself, answers JSON) → tenant →
 * payload or document (redirects, data, render). Nothing here reads the environment or starts I/O;
 * createServerDeps (server-deps.ts) wires the real dependencies.
 */
export function createApp(deps: AppDeps): App {
  const app = new Hono<AppEnv>()
  const metrics = deps.metrics ?? createMetrics({ processMetrics: false })
  // How every answer is written, by the writer and in a kept page's prepared block alike.
  const writing: AnswerWriting = {
    security: securityPolicy({ hsts: deps.hsts ?? false }),
    varyOnForwardedHost: deps.trustForwardedHost ?? false,
  }
  const policyOf = createCachePolicyLookup(routes)
  const recording = { log: deps.log, metrics, quietRoutes: QUIET_ROUTES, serverTiming: deps.serverTiming ?? false }

  wrapEveryAnswer(app, recording, writing)
  const operations: OperationsOptions = {
    readiness: deps.readiness ?? readyAtOnce(),
    metrics,
    metricsToken: deps.metricsToken,
    sites: deps.sites,
    policyOf,
    ...(deps.purge ? { purge: deps.purge } : {}),
    ...(deps.cdnPurges ? { cdnPurges: deps.cdnPurges } : {}),
  }
  mountOperationsHere(app, deps, operations)
  mountAssets(app, deps)
  app.use(hostGuard())
  mountUntenanted(app, deps)
  const pageViews = mountPages(app, deps, { metrics, policyOf, writing })
  mountErrors(app, deps)

  // With an HTML cache, its hits are answered at the door, before the routes (answer/hit-writer.ts).
  const hits = deps.htmlCache
    ? createHitWriter({
        htmlCache: deps.htmlCache,
        cachedView: pageViews.cachedView,
        writing,
        recorder: requestRecorder(recording),
        requestSeries: metrics.requestSeries,
        log: deps.log,
      })
    : undefined
  const proxyTrust = { hops: deps.trustProxy ?? 0, forwardedHost: deps.trustForwardedHost ?? false }
  const door = createFrontDoor({ app: app.fetch, proxyTrust, answerBeforeApp: hits })
  return {
    ...door,
    request: (input, init) => Promise.resolve(door.fetch(toRequest(input, init))),
    router: app.router,
    ...(deps.operationsApart
      ? { operations: createOperationsApp({ ...operations, log: deps.log, quietRoutes: QUIET_ROUTES }) }
      : {}),
  }
}

type AppRouter = Hono<AppEnv>

/**
 * What wraps every answer of the app, whichever route made it: its record, the one writer of its
 * policy (`Vary`, security headers, caching headers, 304), compression.
 */
function wrapEveryAnswer(
  app: AppRouter,
  recording: Parameters<typeof requestContext>[0],
  writing: AnswerWriting,
): void {
  app.use(requestContext(recording))
  // Outside compression: a 304 stands for the compressed 200, its `Vary` and tag included.
  app.use(answerWriter(writing))
  app.use(compression())
}

/**
 * Operations endpoints: never tenant-resolved, so they answer whatever the Host; with ADMIN_PORT
 * only there (app.operations), and the public port has none of them.
 */
function mountOperationsHere(app: AppRouter, deps: AppDeps, operations: OperationsOptions): void {
  if (!deps.operationsApart) mountOperations(app, operations)
  else for (const path of OPERATIONS_PATHS) app.all(path, (c) => c.text('Not Found', 404))
}

/** The build's browser files, and other builds' (with Redis); then what no operator token opened. */
function mountAssets(app: AppRouter, deps: AppDeps): void {
  app.use('/assets/*', async function assetRoute(c, next) {
    c.set('routeName', 'assets')
    await next()
  })
  app.use(
    '/assets/*',
    serveStatic({
      root: deps.assetsRoot,
      // build.mjs writes .br and .gz next to each text asset: negotiated here, never compressed per request.
      precompressed: true,
      // Asset names carry a content hash: a file never changes under the same name.
      onFound: (_path, c) => {
        c.set('answer', sharedFile(IMMUTABLE))
      },
    }),
  )
  if (deps.fleetAssets) app.on(['GET', 'HEAD'], '/assets/*', assetFallback(deps.fleetAssets))
  app.all('/assets/*', (c) => c.text('Not Found', 404))

  // Operator endpoints (mounted above): without a token configured they do not exist.
  app.all('/_internal/*', (c) => c.text('Not Found', 404))
}

/**
 * What answers before tenant resolution. Images are not tenant-specific (the source URL is the whole
 * input), so an unknown site or a slow site config never delays them; the same-origin API resolves
 * its tenant itself and answers JSON.
 */
function mountUntenanted(app: AppRouter, deps: AppDeps): void {
  if (deps.images)
    app.on(['GET', 'HEAD'], `${IMAGE_ENDPOINT}/:preset`, imageRoute(deps.images, deps.metrics?.images.answered))
  app.all(
    '/api/*',
    apiProxy({
      sites: deps.sites,
      upstream: deps.upstream,
      maxBodyBytes: deps.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
      ...(deps.signInLimits ? { limits: deps.signInLimits } : {}),
    }),
  )
}

/** One place maps unexpected failures to a response: a generic 500, details only in the log. */
function mountErrors(app: AppRouter, deps: AppDeps): void {
  app.onError((error, c) => {
    const log = c.get('log') ?? deps.log
    log.error({ err: error, url: c.req.url }, 'unhandled request error')
    if (c.env.admitted.api) return jsonError(c, 500, 'Internal Server Error')
    return htmlError('internal')
  })
}

/** A web Request as Hono's `app.request()` builds one. */
function toRequest(input: string | URL | Request, init: RequestInit | undefined): Request {
  if (input instanceof Request) return init ? new Request(input, init) : input
  return new Request(new URL(String(input), 'http://localhost'), init)
}

function readyAtOnce(): Readiness {
  const readiness = createReadiness()
  readiness.markReady()
  return readiness
}
