import type { Context, Handler } from 'hono'
import { getCookie } from 'hono/cookie'
import { isbot } from 'isbot'
import type { Logger } from 'pino'
import type { StaticHandler } from 'react-router'
import { isRouteErrorResponse } from 'react-router'
import { langCookie, LANG_COOKIE_NAME } from '../../shared/rules/lang-cookie.ts'
import type { Lang } from '../../shared/types.ts'
import type { AppEnv } from '../app-env.ts'
import { answerPage, pageResponse, type CachedPage } from '../html-cache/cached-page.ts'
import type { HtmlCache } from '../html-cache/html-cache.ts'
import type { Rendered, Rerender } from '../html-cache/read-render.ts'
import { publicPageCacheControl } from '../middleware/cache-control.ts'
import { hostFactsOf } from '../middleware/host-guard.ts'
import { nextNonce, type SecurityPolicy } from '../middleware/security-headers.ts'
import { loadPage } from '../page-data/load-page.ts'
import { cdnTagHeaders } from '../cache/cdn-tags.ts'
import { createPageUses } from '../cache/page-uses.ts'
import { htmlError } from '../render/html-error.ts'
import { rawDocumentOf, rawDocumentResponse } from '../render/raw-document.ts'
import type { ClientManifest } from '../render/manifest.ts'
import { renderDocument } from '../render/render-document.ts'
import type { Locales } from '../tenant/locales.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import type { Tenant } from '../tenant/tenant.ts'
import { canonicalOrigin, type CanonicalScheme } from '../seo/canonical-origin.ts'
import type { UpstreamCallContext } from '../upstream/client.ts'
import { decideFront, type CachedPageFacts, type FrontFacts } from './page-front.ts'
import type { CachePolicyLookup, PageDecision } from './page-request.ts'

export interface DocumentRouteOptions {
  handler: StaticHandler
  sites: SiteRepository
  locales: Locales
  manifest: ClientManifest
  renderTimeoutMs: number
  /** Shared-cache lifetime of an anonymous page (HTML_S_MAXAGE). */
  htmlSMaxAge: number
  /** How long a shared cache may serve an anonymous page stale while it revalidates, in seconds. */
  staleWhileRevalidate: number
  /** How long a rendered page may be answered, by the HTML cache and then shared caches (LoaderEnv.pageLifetimeMs). */
  pageLifetimeMs: number
  policyOf: CachePolicyLookup
  /** Honour forwarded host and scheme (TRUST_PROXY), as the host guard does. */
  trustProxy: boolean
  /** The security headers a page from the HTML cache is answered with (the middleware sets the same). */
  security: SecurityPolicy
  /** Rendered anonymous pages; absent when HTML caching is off. */
  htmlCache?: HtmlCache
  /** Scheme of published URLs when a site's canonical_link names none (re-renders work it out themselves). */
  canonicalScheme?: CanonicalScheme
  /** Told when a render is cut short (metrics). */
  onRenderAborted?: (reason: 'timeout' | 'client') => void
}

/** The request headers the first-visit language redirect reads (SPEC §2). */
const LANGUAGE_VARY = 'Accept-Language, Cookie'

type RenderDecision = Extract<PageDecision, { kind: 'render' }>

/** What a render needs from its request: the visitor's, or the synthetic anonymous one of a re-render. */
interface RenderFacts {
  tenant: Tenant
  origin: string
  publicOrigin: string
  upstreamContext: UpstreamCallContext
  log: Logger
  method: string
  url: string
  isBot: boolean
  signal?: AbortSignal
  nonce: string
  /** Told the route name once the page is loaded (the request's metrics label). */
  onRouteName?: (name: string) => void
}

/**
 * Whether a document answer could have been different for another visitor's Accept-Language or
 * lang cookie: only on a site with several languages, for an unprefixed page (default language)
 * or a redirect (its target may switch to a language prefix). Elsewhere `Vary` stays small, so a
 * CDN keeps one copy per page.
 */
function dependsOnVisitorLanguage(tenant: Tenant, rendered: { language: string } | null): boolean {
  if (tenant.languages.length < 2) return false
  return rendered === null || rendered.language === tenant.defaultLanguage
}

/**
 * GET/HEAD of any page: decide (redirects, language, router path, cache key), then answer from the
 * HTML cache or load and render. The language cookie is added per visitor after the cache, so a
 * kept page never carries a Set-Cookie.
 */
export function documentRoute(options: DocumentRouteOptions): Handler<AppEnv> {
  return async function documentHandler(c) {
    const tenant = c.get('tenant')
    const front = decideFront(frontFactsOf(c, options.trustProxy), () => tenant, options.policyOf)
    // The host guard and the tenant middleware ran the same steps: only a decided page gets here.
    if (front.kind !== 'decided') throw new Error(`document route reached with ${front.kind}`)
    const { decision } = front
    if (decision.kind !== 'render') return redirectOrBadRequest(decision, dependsOnVisitorLanguage(tenant, null))
    const response = await answer(c, decision, front.setsLangCookie, options)
    if (front.setsLangCookie) response.headers.append('set-cookie', langCookie(decision.language))
    return response
  }
}

/** What `decideFront` reads from a document GET or HEAD the app answers. */
function frontFactsOf(c: Context<AppEnv>, trustProxy: boolean): FrontFacts {
  const url = new URL(c.req.url)
  return { host: hostFactsOf(c, trustProxy), pathname: url.pathname, search: url.search, langCookie: getCookie(c, LANG_COOKIE_NAME), acceptLanguage: c.req.header('accept-language') }
}

async function answer(c: Context<AppEnv>, decision: RenderDecision, isPrivate: boolean, options: DocumentRouteOptions): Promise<Response> {
  const cache = options.htmlCache
  const key = decision.cacheKey
  if (cache === undefined || key === null) return (await render(visitorFacts(c), decision, options, false)).response
  if (c.req.method === 'HEAD') {
    const page = cache.peek(key)
    return page ? served(c, cache, page, isPrivate, options.security) : (await render(visitorFacts(c), decision, options, false)).response
  }
  const rerender = cacheRenderer(options, c.get('log'))({ tenant: c.get('tenant'), origin: c.get('origin'), decision })
  // A kept page is answered to everyone, crawlers included: it is rendered complete.
  const result = await cache.get(key, () => render(visitorFacts(c), decision, options, true), rerender)
  if (result.kind === 'rendered') return result.response
  // A page kept from this request's own render is no cached copy yet: it carries no Age.
  return served(c, result.kind === 'hit' ? cache : null, result.page, isPrivate, options.security)
}

/**
 * A kept page, answered as the hit writer answers it (`answerPage`); a private one is never a 304.
 * `ageOf`: the cache it was answered from (the `Age` header).
 */
function served(c: Context<AppEnv>, ageOf: HtmlCache | null, page: CachedPage, isPrivate: boolean, security: SecurityPolicy): Response {
  c.set('routeName', page.routeName)
  const method = c.req.method === 'HEAD' ? 'HEAD' : 'GET'
  const ifNoneMatch = isPrivate ? undefined : c.req.header('if-none-match')
  const request = { method, acceptEncoding: c.req.header('accept-encoding'), ifNoneMatch, requestId: c.get('requestId'), nonce: c.get('cspNonce'), ...(ageOf ? { age: ageOf.age(page) } : {}) } as const
  return pageResponse(answerPage(page, request, security))
}

function visitorFacts(c: Context<AppEnv>): RenderFacts {
  return {
    tenant: c.get('tenant'),
    origin: c.get('origin'),
    publicOrigin: c.get('publicOrigin'),
    upstreamContext: c.get('upstreamContext'),
    log: c.get('log'),
    method: c.req.method,
    url: c.req.url,
    isBot: isbot(c.req.header('user-agent') ?? ''),
    signal: c.req.raw.signal,
    nonce: c.get('cspNonce'),
    onRouteName: (name) => c.set('routeName', name),
  }
}

type CacheRendererOptions = Omit<DocumentRouteOptions, 'htmlCache' | 'policyOf' | 'security' | 'trustProxy'>

/** The user agent of background re-renders (upstream logs tell them from visitors). */
const RERENDER_USER_AGENT = 'tenant-sites revalidation'

/**
 * Renders a cached page again as an anonymous visitor of its address would get it: a document GET
 * with no cookie, a fresh nonce and the whole page before the first byte (as a crawler gets it, so
 * nothing is left to swap in on the client). Cache hits answered before the app use it too.
 */
export function cacheRenderer(options: CacheRendererOptions, log: Logger): (facts: CachedPageFacts) => Rerender {
  return ({ tenant, origin, decision }) => () => {
    const url = origin + decision.browserPath
    const upstreamContext: UpstreamCallContext = { userAgent: RERENDER_USER_AGENT, referer: url, appDomain: tenant.host }
    const publicOrigin = canonicalOrigin(tenant.site, tenant.host, options.canonicalScheme ?? 'https')
    return render({ tenant, origin, publicOrigin, upstreamContext, log, method: 'GET', url, isBot: true, nonce: nextNonce() }, decision, options, true)
  }
}

/**
 * Loads the page's data and renders it. `forCache`: the page may be kept and answered to anyone, so
 * it is rendered complete, as for a crawler; other visitors get the shell as soon as it is ready.
 */
async function render(facts: RenderFacts, decision: RenderDecision, options: CacheRendererOptions, forCache: boolean): Promise<Rendered> {
  const { nonce, method } = facts
  const uses = createPageUses()
  const loaded = await loadPage({
    handler: options.handler,
    sites: options.sites,
    locales: options.locales,
    tenant: facts.tenant,
    language: decision.language,
    routerPath: decision.routerPath,
    browserPath: decision.browserPath,
    origin: facts.origin,
    publicOrigin: facts.publicOrigin,
    upstreamContext: facts.upstreamContext,
    log: facts.log,
    ...(facts.signal ? { signal: facts.signal } : {}),
    pageLifetimeMs: options.pageLifetimeMs,
    purpose: 'document',
    uses,
  })
  if (loaded.kind === 'redirect') {
    return { response: redirectOrBadRequest(loaded, dependsOnVisitorLanguage(facts.tenant, null)), complete: Promise.resolve(true), nonce, routeName: 'redirect' }
  }
  const { context, locale } = loaded
  const routeName = leafRouteId(context)
  facts.onRouteName?.(routeName)
  logUnexpected(facts.log, context.errors, facts.url)
  const shareable = context.statusCode === 200
  const headers = new Headers({ 'cache-control': shareable ? publicPageCacheControl(options.htmlSMaxAge, options.staleWhileRevalidate) : 'no-store' })
  // Tags of the data loaded so far (deferred data that changes no markup is not waited for).
  if (shareable) for (const [name, value] of Object.entries(cdnTagHeaders(facts.tenant.host, uses.tags))) headers.set(name, value)
  if (dependsOnVisitorLanguage(loaded.tenant, { language: decision.language })) headers.set('vary', LANGUAGE_VARY)
  const raw = rawDocumentOf(context)
  if (raw) return { response: rawDocumentResponse(raw, context.statusCode, method, headers), complete: Promise.resolve(method !== 'HEAD'), nonce, routeName, uses }
  let settle!: (clean: boolean) => void
  const complete = new Promise<boolean>((resolve) => (settle = resolve))
  const response = await renderDocument({
    handler: options.handler,
    context,
    tenant: loaded.tenant,
    locale,
    manifest: options.manifest,
    headers,
    method,
    complete: forCache || facts.isBot,
    timeoutMs: options.renderTimeoutMs,
    ...(facts.signal ? { signal: facts.signal } : {}),
    nonce,
    ...(options.onRenderAborted ? { onAborted: options.onRenderAborted } : {}),
    onError: (error) => facts.log.error({ err: error, url: facts.url }, 'render error'),
    onComplete: settle,
  })
  if (method === 'HEAD') settle(false)
  return { response, complete, nonce, routeName, uses }
}

/** The response for a request that does not render: a redirect or a malformed address. */
export function redirectOrBadRequest(outcome: { kind: 'bad-request' } | { kind: 'redirect'; status: 301 | 302; location: string; setLangCookie?: Lang }, varyByLanguage: boolean): Response {
  if (outcome.kind === 'bad-request') {
    return htmlError('bad-address')
  }
  const headers = new Headers({ location: outcome.location })
  if (varyByLanguage) headers.set('vary', LANGUAGE_VARY)
  // A 302 chosen from the visitor's language must not be cached for other visitors.
  headers.set('cache-control', outcome.status === 302 ? 'private, no-store' : 'public, max-age=3600')
  if (outcome.setLangCookie) headers.append('set-cookie', langCookie(outcome.setLangCookie))
  return new Response(null, { status: outcome.status, headers })
}

/** The metrics route name of a loaded page: the id of the deepest matched route. */
export function leafRouteId(context: { matches: { route: { id: string } }[] }): string {
  return context.matches[context.matches.length - 1]?.route.id ?? 'unmatched'
}

/** Loader failures other than deliberate 4xx responses are bugs or upstream trouble: log them. */
export function logUnexpected(log: AppEnv['Variables']['log'], errors: Record<string, unknown> | null | undefined, url: string) {
  if (!errors) return
  for (const error of Object.values(errors)) {
    if (!isRouteErrorResponse(error)) log.error({ err: error, url }, 'page data failed')
  }
}
