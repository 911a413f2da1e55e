import type { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createStaticHandler } from 'react-router'
import { routes } from '../shared/routes.tsx'
import type { AppDeps } from './app-deps.ts'
import type { AppEnv } from './app-env.ts'
import type { Metrics } from './metrics/metrics.ts'
import type { AnswerWriting } from './answer/policy-lines.ts'
import { htmlError } from './render/html-error.ts'
import { DEFAULT_BODY_LIMIT_BYTES } from './http/body-limit.ts'
import { siteOrigin } from './middleware/site-origin.ts'
import { tenant } from './middleware/tenant.ts'
import { buildIdOf } from './render/manifest.ts'
import { documentRoute } from './routes/document-route.ts'
import { createBackgroundRenders, type PageRenderOptions } from './routes/page-render.ts'
import { formPostRoute } from './routes/form-post.ts'
import { createPageViews, type PageViews } from './routes/front-decision.ts'
import { buildGeneration } from './routes/page-view-memo.ts'
import type { CachePolicyLookup } from './routes/page-decision.ts'
import { payloadRoute } from './routes/payload.ts'
import { PAYLOAD_SUFFIX } from '../shared/rules/payload-path.ts'
import { feedRoute, robotsRoute, sitemapRoute } from './routes/seo-files.ts'
import { faviconRoute } from './routes/favicon.ts'
import { createLocales } from './tenant/locales.ts'
import { createMarkdown } from './page-data/markdown.ts'

// A tenant's pages on the app (app.ts): SEO files, payloads, documents and forms.

/** The parts of the app every page route shares, made once in createApp. */
export interface PageParts {
  metrics: Metrics
  policyOf: CachePolicyLookup
  writing: AnswerWriting
}

/**
 * The tenant's pages: its SEO files, payloads and documents (GET and HEAD), and its forms posted
 * without JavaScript. Answers the page views the hit writer decides from as well.
 */
export function mountPages(app: Hono<AppEnv>, deps: AppDeps, parts: PageParts): PageViews {
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
    generation: buildGeneration(buildId, () => deps.htmlCache?.purges ?? 0),
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
