import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Logger } from 'pino'
import { createStaticHandler } from 'react-router'
import { IMAGE_ENDPOINT } from '../shared/rules/image-presets.ts'
import { routes } from '../shared/routes.tsx'
import type { AppEnv } from './app-env.ts'
import { assetFallback } from './assets/asset-fallback.ts'
import type { FleetAssets } from './assets/fleet-assets.ts'
import { createReadiness, type Readiness } from './lifecycle/readiness.ts'
import { createMetrics, type Metrics } from './metrics/metrics.ts'
import { IMMUTABLE, sharedFile } from './http/answer-policy.ts'
import { answerWriter } from './answer/answer-writer.ts'
import type { AnswerWriting } from './answer/policy-lines.ts'
import { compression } from './middleware/compression.ts'
import { hostGuard } from './middleware/host-guard.ts'
import { requestContext, requestRecorder } from './middleware/request-context.ts'
import { securityPolicy } from './http/security-policy.ts'
import { imageRoute } from './images/image-route.ts'
import type { ImageOptimizer } from './images/image-optimizer.ts'
import { htmlError } from './render/html-error.ts'
import { DEFAULT_BODY_LIMIT_BYTES } from './http/body-limit.ts'
import { jsonError } from './http/json-error.ts'
import { apiProxy } from './api-proxy/api-proxy.ts'
import type { SignInLimits } from './api-proxy/sign-in-limits.ts'
import { siteOrigin } from './middleware/site-origin.ts'
import { tenant } from './middleware/tenant.ts'
import { buildIdOf, type ClientManifest } from './render/manifest.ts'
import { documentRoute } from './routes/document-route.ts'
import { createBackgroundRenders, type PageRenderOptions } from './routes/page-render.ts'
import { formPostRoute } from './routes/form-post.ts'
import {
  createOperationsApp,
  mountOperations,
  OPERATIONS_PATHS,
  type OperationsOptions,
} from './routes/operations/operations.ts'
import { createFrontDoor, type FrontDoor } from './lifecycle/front-door.ts'
import { createHitWriter } from './answer/hit-writer.ts'
import { createPageViews, type PageViews } from './routes/front-decision.ts'
import { createCachePolicyLookup, type CachePolicyLookup } from './routes/page-decision.ts'
import { payloadRoute } from './routes/payload.ts'
import { PAYLOAD_SUFFIX } from '../shared/rules/payload-path.ts'
import { feedRoute, robotsRoute, sitemapRoute } from './routes/seo-files.ts'
import type { CanonicalScheme } from './seo/canonical-origin.ts'
import type { SitemapLimits } from './seo/sitemap-xml.ts'
import { faviconRoute } from './routes/favicon.ts'
import type { HtmlCache } from './cache/pages/html-cache.ts'
import type { Purger } from './cache/purge/purger.ts'
import type { CdnForwarder } from './cdn/cdn-forwarder.ts'
import { createLocales } from './tenant/locales.ts'
import { createMarkdown, type Markdown } from './page-data/markdown.ts'
import type { SiteRepository } from './tenant/site-repository.ts'
import type { UpstreamClient } from './upstream/client.ts'

export interface AppDeps {
  sites: SiteRepository
  /** The upstream client, for the same-origin API's passthrough calls. */
  upstream: UpstreamClient
  manifest: ClientManifest
  /** Folder of the built browser assets (dist/client), served under /assets/. */
  assetsRoot: string
  /** Other builds' hashed assets, for the addresses this build lacks (with Redis; assets/fleet-assets.ts). */
  fleetAssets?: FleetAssets
  log: Logger
  renderTimeoutMs: number
  /** The image endpoint; without it (IMAGE_OPTIMIZER=0) pages use the original image URLs. */
  images?: ImageOptimizer
  /** Rendered anonymous pages, shared between visitors; absent when HTML caching is off. */
  htmlCache?: HtmlCache
  /** `POST /_internal/purge` answers only when given (PURGE_TOKEN set). */
  purge?: { token: string; purger: Purger }
  /** Forwards each purge the endpoint takes to the CDNs in front (VARNISH_PURGE_URLS, CLOUDFLARE_*, FASTLY_*). */
  cdnPurges?: CdnForwarder
  /** Whether the instance takes traffic (`/readyz`). Default: one that is ready at once. */
  readiness?: Readiness
  /** Default: a fresh registry without process metrics. */
  metrics?: Metrics
  /** Bearer token `/metrics` requires (METRICS_TOKEN); open when unset. */
  metricsToken?: string | undefined
  /**
   * Serve `/healthz`, `/readyz`, `/metrics` and `/_internal/purge` only from `app.operations`, for a
   * port of their own (ADMIN_PORT set), not from the public app. Default false: the public app has them.
   */
  operationsApart?: boolean
  /** Shared-cache lifetime of anonymous pages in seconds (HTML_S_MAXAGE). Default 10. */
  htmlSMaxAge?: number
  /**
   * A CDN in front reads `CDN-Cache-Control` and purge tags (http/shared-lifetimes.ts). Default: when
   * purges are forwarded to one (`cdnPurges`).
   */
  cdnHeaders?: boolean
  /**
   * Seconds a shared cache may serve an anonymous page stale while revalidating. createServerDeps passes
   * HTML_CACHE_STALE_MS in seconds (3600 unless set); 60 when not given (an app built by hand, as in tests).
   */
  htmlStaleSeconds?: number
  /** Trusted proxy hops in front, whose X-Forwarded-For/-Proto are believed (TRUST_PROXY). Default 0. */
  trustProxy?: number
  /** The nearest proxy rewrites Host and reports it in X-Forwarded-Host (TRUST_FORWARDED_HOST). Default false. */
  trustForwardedHost?: boolean
  /** Send `Server-Timing` with the time to the shell (SERVER_TIMING). Default false. */
  serverTiming?: boolean
  /** Send Strict-Transport-Security (HSTS). Default false. */
  hsts?: boolean
  /** Upstream markdown and rich text made safe, memoized (createServerDeps builds it). Default: one of its own. */
  markdown?: Markdown
  /** Largest request body accepted, by form posts and the same-origin API (BODY_LIMIT_BYTES). Default 1 MiB. */
  bodyLimitBytes?: number
  /** Scheme of published URLs (canonical, sitemap) when a site's canonical_link names none. */
  canonicalScheme?: CanonicalScheme
  /** Per-file sitemap limits (the protocol's by default; tests lower them). */
  sitemapLimits?: SitemapLimits
  /** Limits on the API's sign-in calls (RATE_LIMIT_*; createServerDeps builds them). Default: none. */
  signInLimits?: SignInLimits
}

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
        begin: requestRecorder(recording),
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

/** The parts of the app every page route shares, made once in createApp. */
interface PageParts {
  metrics: Metrics
  policyOf: CachePolicyLookup
  writing: AnswerWriting
}

/**
 * The tenant's pages: its SEO files, payloads and documents (GET and HEAD), and its forms posted
 * without JavaScript. Answers the page views the hit writer decides from as well.
 */
function mountPages(app: AppRouter, deps: AppDeps, parts: PageParts): PageViews {
  const limitBody = bodyLimit({
    maxSize: deps.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    onError: () => htmlError('body-too-large'),
  })
  // GET and HEAD carry no body to limit; asking for it would build a full web Request per page view.
  app.use(function bodyLimitOfPosts(c, next) {
    return c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)
  })
  app.use(tenant({ sites: deps.sites, imageOptimizer: deps.images !== undefined }))
  app.use(siteOrigin(deps.canonicalScheme ? { scheme: deps.canonicalScheme } : {}))
  const files = { sites: deps.sites, ...(deps.sitemapLimits ? { sitemapLimits: deps.sitemapLimits } : {}) }
  app.on(['GET', 'HEAD'], '/robots.txt', robotsRoute())
  app.on(['GET', 'HEAD'], '*', sitemapRoute(files))
  app.on(['GET', 'HEAD'], '*', feedRoute(files))
  const rendering = pageRenderingOf(deps, parts.metrics)
  const payload = payloadRoute({
    ...rendering.loading,
    policyOf: parts.policyOf,
    pageLifetimeMs: rendering.sharedCacheMs,
  })
  // The factory of background re-renders, handed to both ways a kept page is answered.
  const rerenderFor = createBackgroundRenders(rendering.page, deps.log)
  const buildId = buildIdOf(deps.manifest.entry.file)
  const pageViews = createPageViews({
    sites: deps.sites,
    policyOf: parts.policyOf,
    imageOptimizer: deps.images !== undefined,
    rerenderFor,
    generation: () => `${buildId} ${deps.htmlCache?.purges ?? 0}`,
  })
  const document = documentRoute({
    ...rendering.page,
    pageViews,
    rerenderFor,
    writing: parts.writing,
    ...(deps.htmlCache ? { htmlCache: deps.htmlCache } : {}),
  })
  app.on(['GET', 'HEAD'], '/favicon.ico', faviconRoute())
  app.on(['GET', 'HEAD'], '*', function page(c, next) {
    return c.req.path.endsWith(PAYLOAD_SUFFIX) ? payload(c, next) : document(c, next)
  })
  // Configured forms posted without JavaScript answer the same page with their outcome.
  app.post('*', formPostRoute({ ...rendering.loading, ...rendering.rendering, policyOf: parts.policyOf }))
  app.all('*', () => htmlError('get-and-head-only'))
  return pageViews
}

/** What loading and rendering pages takes, from the app's dependencies: the same for every page route. */
function pageRenderingOf(deps: AppDeps, metrics: Metrics) {
  // Built once per process: the route table is the same for every tenant.
  const handler = createStaticHandler(routes)
  const htmlSMaxAge = deps.htmlSMaxAge ?? 10
  const staleWhileRevalidate = deps.htmlStaleSeconds ?? 60
  const lifetimes = {
    sMaxAge: htmlSMaxAge,
    staleSeconds: staleWhileRevalidate,
    cdn: deps.cdnHeaders ?? deps.cdnPurges !== undefined,
  }
  const loading = {
    handler,
    sites: deps.sites,
    locales: createLocales(),
    markdown: deps.markdown ?? createMarkdown(),
    lifetimes,
  }
  const rendering = {
    manifest: deps.manifest,
    renderTimeoutMs: deps.renderTimeoutMs,
    onRenderAborted: (reason: 'timeout' | 'client') => metrics.renderAborted(reason),
  }
  // What a page is built from must hold for as long as it may be answered: a payload is kept by
  // shared caches (s-maxage, then stale-while-revalidate); a document first by the HTML cache, then by them.
  const sharedCacheMs = (htmlSMaxAge + staleWhileRevalidate) * 1000
  const page: PageRenderOptions = {
    ...loading,
    ...rendering,
    pageLifetimeMs: (deps.htmlCache?.lifetimeMs ?? 0) + sharedCacheMs,
    onStreamedCopy: (made: 'splice' | 'render') => metrics.streamedCopy(made),
    ...(deps.canonicalScheme ? { canonicalScheme: deps.canonicalScheme } : {}),
  }
  return { loading, rendering, page, sharedCacheMs }
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
