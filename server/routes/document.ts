import type { Context, Handler } from 'hono'
import { getCookie } from 'hono/cookie'
import { isbot } from 'isbot'
import type { StaticHandler } from 'react-router'
import { isRouteErrorResponse } from 'react-router'
import { langCookie, shouldSetLangCookie, LANG_COOKIE_NAME } from '../../shared/rules/lang-cookie.ts'
import type { Lang } from '../../shared/types.ts'
import type { AppEnv } from '../app-env.ts'
import { servePage } from '../html-cache/cached-page.ts'
import type { HtmlCache, Rendered } from '../html-cache/html-cache.ts'
import { loadPage } from '../page-data/load-page.ts'
import { plainErrorPage } from '../render/fallback-pages.ts'
import type { ClientManifest } from '../render/manifest.ts'
import { renderDocument } from '../render/render-document.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import { decidePage, type CachePolicyLookup, type PageDecision } from './page-request.ts'

export interface DocumentRouteOptions {
  handler: StaticHandler
  sites: SiteRepository
  manifest: ClientManifest
  renderTimeoutMs: number
  policyOf: CachePolicyLookup
  /** Rendered anonymous pages; absent when HTML caching is off. */
  htmlCache?: HtmlCache
}

/** Pages vary by the language inputs (issue: Vary: Accept-Language, Cookie). */
export const PAGE_VARY = 'Accept-Language, Cookie'

type RenderDecision = Extract<PageDecision, { kind: 'render' }>

/**
 * GET/HEAD of any page: decide (redirects, language, router path, cache key), then answer from the
 * HTML cache or load and render. The language cookie is added per visitor after the cache, so the
 * cached page itself never carries a Set-Cookie.
 */
export function documentRoute(options: DocumentRouteOptions): Handler<AppEnv> {
  return async function documentHandler(c) {
    const url = new URL(c.req.url)
    const cookie = getCookie(c, LANG_COOKIE_NAME)
    const decision = decidePage(
      { tenant: c.var.tenant, pathname: url.pathname, search: url.search, origin: url.origin, langCookie: cookie, acceptLanguage: c.req.header('accept-language'), isDocument: true },
      options.policyOf,
    )
    if (decision.kind !== 'render') return redirectOrBadRequest(decision)
    const response = await answer(c, decision, url.origin, options)
    if (shouldSetLangCookie(cookie, decision.language)) response.headers.append('set-cookie', langCookie(decision.language))
    return response
  }
}

async function answer(c: Context<AppEnv>, decision: RenderDecision, origin: string, options: DocumentRouteOptions): Promise<Response> {
  const cache = options.htmlCache
  const key = decision.cacheKey
  if (cache === undefined || key === null) return (await render(c, decision, origin, options)).response
  const serveOptions = { method: c.req.method, acceptEncoding: c.req.header('accept-encoding'), nonce: c.get('nonce') }
  if (c.req.method === 'HEAD') {
    const page = cache.peek(key)
    return page ? servePage(page, serveOptions) : (await render(c, decision, origin, options)).response
  }
  const result = await cache.get(key, () => render(c, decision, origin, options))
  return result.kind === 'hit' ? servePage(result.page, serveOptions) : result.response
}

/** Loads the page's data and renders it (the uncached path). */
async function render(c: Context<AppEnv>, decision: RenderDecision, origin: string, options: DocumentRouteOptions): Promise<Rendered> {
  const nonce = c.get('nonce')
  const loaded = await loadPage({
    handler: options.handler,
    sites: options.sites,
    tenant: c.var.tenant,
    language: decision.language,
    routerPath: decision.routerPath,
    browserPath: decision.browserPath,
    origin,
    upstreamContext: c.var.upstreamContext,
    signal: c.req.raw.signal,
    skipErrorBubbling: false,
  })
  if (loaded.kind === 'redirect') return { response: redirectOrBadRequest(loaded), complete: Promise.resolve(true), nonce }
  const { context, t } = loaded
  logUnexpected(c.var.log, context.errors, c.req.url)
  let settle!: (clean: boolean) => void
  const complete = new Promise<boolean>((resolve) => (settle = resolve))
  const response = await renderDocument({
    handler: options.handler,
    context,
    tenant: c.var.tenant,
    language: decision.language,
    t,
    origin,
    routerPath: decision.routerPath,
    manifest: options.manifest,
    headers: new Headers({ vary: PAGE_VARY, 'cache-control': 'no-cache' }),
    method: c.req.method,
    isBot: isbot(c.req.header('user-agent') ?? ''),
    timeoutMs: options.renderTimeoutMs,
    signal: c.req.raw.signal,
    onError: (error) => c.var.log.error({ err: error, url: c.req.url }, 'render error'),
    onComplete: settle,
  })
  if (c.req.method === 'HEAD') settle(false)
  return { response, complete, nonce }
}

/** The response for a request that does not render: a redirect or a malformed address. */
export function redirectOrBadRequest(outcome: { kind: 'bad-request' } | { kind: 'redirect'; status: 301 | 302; location: string; setLangCookie?: Lang }): Response {
  if (outcome.kind === 'bad-request') {
    return new Response(plainErrorPage(400, 'Bad Request', 'The address is not valid.'), {
      status: 400,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    })
  }
  const headers = new Headers({ location: outcome.location, vary: PAGE_VARY })
  // A 302 chosen from the visitor's language must not be cached for other visitors.
  headers.set('cache-control', outcome.status === 302 ? 'private, no-store' : 'public, max-age=3600')
  if (outcome.setLangCookie) headers.append('set-cookie', langCookie(outcome.setLangCookie))
  return new Response(null, { status: outcome.status, headers })
}

/** Loader failures other than deliberate 4xx responses are bugs or upstream trouble: log them. */
export function logUnexpected(log: AppEnv['Variables']['log'], errors: Record<string, unknown> | null | undefined, url: string) {
  if (!errors) return
  for (const error of Object.values(errors)) {
    if (!isRouteErrorResponse(error)) log.error({ err: error, url }, 'page data failed')
  }
}
