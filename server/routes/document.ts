import type { Handler } from 'hono'
import { isbot } from 'isbot'
import type { StaticHandler } from 'react-router'
import { isRouteErrorResponse } from 'react-router'
import { langCookie, shouldSetLangCookie, LANG_COOKIE_NAME } from '../../shared/rules/lang-cookie.ts'
import { getCookie } from 'hono/cookie'
import type { AppEnv } from '../app-env.ts'
import { publicPageCacheControl } from '../middleware/cache-control.ts'
import type { Tenant } from '../site/tenant.ts'
import { plainErrorPage } from '../render/fallback-pages.ts'
import type { ClientManifest } from '../render/manifest.ts'
import { rawDocumentOf, rawDocumentResponse } from '../render/raw-document.ts'
import { renderDocument } from '../render/render-document.ts'
import type { Locales } from '../site/locales.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import { resolvePage, type PageOutcome } from './page-request.ts'

export interface DocumentRouteOptions {
  handler: StaticHandler
  sites: SiteRepository
  locales: Locales
  manifest: ClientManifest
  renderTimeoutMs: number
  /** Shared-cache lifetime of an anonymous page (HTML_S_MAXAGE). */
  htmlSMaxAge: number
  /** Told when a render is cut short (metrics). */
  onRenderAborted?: (reason: 'timeout' | 'client') => void
}

/** The request headers the first-visit language redirect reads (SPEC §2). */
export const LANGUAGE_VARY = 'Accept-Language, Cookie'

/**
 * Whether a document answer could have been different for another visitor's Accept-Language or
 * lang cookie: only on a site with several languages, for an unprefixed page (default language)
 * or a redirect (its target may switch to a language prefix). Elsewhere `Vary` stays small, so a
 * CDN keeps one copy per page.
 */
export function dependsOnVisitorLanguage(tenant: Tenant, rendered: { language: string } | null): boolean {
  if (tenant.languages.length < 2) return false
  return rendered === null || rendered.language === tenant.defaultLanguage
}

/** GET/HEAD of any page: redirects, then the streamed React document. */
export function documentRoute(options: DocumentRouteOptions): Handler<AppEnv> {
  return async function documentHandler(c) {
    const outcome = await resolvePage(c, { ...options, pathname: new URL(c.req.url).pathname, isDocument: true, keepErrorsAtThrowingRoute: false })
    if (outcome.kind !== 'loaded') return redirectOrBadRequest(outcome, dependsOnVisitorLanguage(c.var.tenant, null))
    const { context, language, locale } = outcome
    c.set('routeName', leafRouteId(context))
    logUnexpected(c.var.log, context.errors, c.req.url)
    const headers = new Headers({ 'cache-control': context.statusCode === 200 ? publicPageCacheControl(options.htmlSMaxAge) : 'no-store' })
    if (dependsOnVisitorLanguage(outcome.tenant, { language })) headers.set('vary', LANGUAGE_VARY)
    // The cookie only matters where a visitor can switch languages; elsewhere it would make every
    // first visit uncacheable for nothing.
    const multilingual = outcome.tenant.languages.length > 1
    if (multilingual && shouldSetLangCookie(getCookie(c, LANG_COOKIE_NAME), language)) headers.append('set-cookie', langCookie(language))
    const raw = rawDocumentOf(context)
    if (raw) return rawDocumentResponse(raw, context.statusCode, c.req.method, headers)
    return renderDocument({
      handler: options.handler,
      context,
      tenant: outcome.tenant,
      locale,
      origin: outcome.origin,
      routerPath: outcome.routerPath,
      manifest: options.manifest,
      headers,
      method: c.req.method,
      isBot: isbot(c.req.header('user-agent') ?? ''),
      timeoutMs: options.renderTimeoutMs,
      signal: c.req.raw.signal,
      nonce: c.var.cspNonce,
      ...(options.onRenderAborted ? { onAborted: options.onRenderAborted } : {}),
      onError: (error) => c.var.log.error({ err: error, url: c.req.url }, 'render error'),
    })
  }
}

/** The response for a request that does not render: a redirect or a malformed address. */
export function redirectOrBadRequest(outcome: Exclude<PageOutcome, { kind: 'loaded' }>, varyByLanguage: boolean): Response {
  if (outcome.kind === 'bad-request') {
    return new Response(plainErrorPage(400, 'Bad Request', 'The address is not valid.'), {
      status: 400,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    })
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
