import type { IncomingMessage, ServerResponse } from 'node:http'
import { parse as parseCookies } from 'hono/utils/cookie'
import type { Logger } from 'pino'
import { LANG_COOKIE_NAME } from '../../shared/rules/lang-cookie.ts'
import { writeNotModified, writePage } from '../html-cache/cached-page.ts'
import { ifNoneMatchMatches } from '../http/conditional-request.ts'
import type { HtmlCache } from '../html-cache/html-cache.ts'
import type { Rerender } from '../html-cache/read-render.ts'
import type { NodeAnswer } from '../lifecycle/http-server.ts'
import { decideHost, hostFactsOfIncoming } from '../middleware/host-guard.ts'
import { REQUEST_ID_HEADER, type RequestRecord } from '../middleware/request-context.ts'
import { nextNonce, type SecurityPolicy } from '../middleware/security-headers.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import { setsLanguageCookie, type CachedPageFacts } from './document.ts'
import { decidePage, type CachePolicyLookup, type PageRequest } from './page-request.ts'

export interface CacheHitOptions {
  htmlCache: HtmlCache
  sites: SiteRepository
  policyOf: CachePolicyLookup
  security: SecurityPolicy
  /** Starts the request's record (the one the request context middleware keeps). */
  begin: (incomingId: string | undefined) => RequestRecord
  log: Logger
  trustProxy: boolean
  imageOptimizer: boolean
  /** Renders a stale page again in the background (routes/document.ts `cacheRenderer`). */
  rerenderFor: (facts: CachedPageFacts) => Rerender
}

/**
 * Page views the HTML cache answers as they stand, answered on Node's request and response before
 * the app sees them: a hit then costs the decisions the app would make, taken by the same functions
 * (host, tenant, redirects and language, cache key, language cookie), and one write of stored
 * bytes, with no web Request or Response, routing or await in between. The response is the one the
 * app gives a hit: the security headers with a fresh nonce (spliced into the stored body), `Age`,
 * the request id, the access log line and metrics; or, when `If-None-Match` names the page's tag,
 * the app's 304 (middleware/conditional-get.ts). A stale page is answered the same way while the
 * cache renders it again in the background.
 *
 * Everything else is declined and reaches the app unchanged: other methods, a request target that
 * URL parsing would rewrite, a host the guard would refuse, a tenant whose config this instance does
 * not hold fresh (the app loads or serves it stale), a redirect, a page not cached here (the app
 * renders it, coalesced, or reads the shared store) and a visitor whose language cookie must be set
 * (that answer is private).
 */
export function cacheHits(options: CacheHitOptions): NodeAnswer {
  const { htmlCache, sites, policyOf, security, begin, log, trustProxy, imageOptimizer, rerenderFor } = options

  function answer(incoming: IncomingMessage, outgoing: ServerResponse): boolean {
    if (incoming.method !== 'GET') return false
    const target = splitTarget(incoming.url ?? '')
    if (target === null) return false
    const host = decideHost(hostFactsOfIncoming(incoming, trustProxy))
    if (!host.ok) return false
    const site = sites.peekSite(host.host)
    if (site === undefined) return false
    const tenant = sites.tenantOf(host.host, site, { imageOptimizer })
    const { headers } = incoming
    const request: PageRequest = { tenant, ...target, origin: host.origin, langCookie: langCookieOf(headers.cookie), acceptLanguage: headers['accept-language'], isDocument: true }
    const decision = decidePage(request, policyOf)
    if (decision.kind !== 'render' || decision.cacheKey === null) return false
    if (setsLanguageCookie(tenant, request.langCookie, decision.language)) return false
    const page = htmlCache.hit(decision.cacheKey, rerenderFor({ tenant, origin: host.origin, decision }))
    if (page === undefined) return false

    const incomingId = headers[REQUEST_ID_HEADER]
    const record = begin(typeof incomingId === 'string' ? incomingId : undefined)
    const age = String(htmlCache.age(page))
    // The visitor holds this page already (RFC 9110 §13.1.2): no body, no nonce, no policy.
    const notModified = ifNoneMatchMatches(headers['if-none-match'], page.etag)
    if (notModified) writeNotModified(outgoing, page, { [REQUEST_ID_HEADER]: record.requestId, age })
    else {
      const nonce = nextNonce()
      const extra = { ...security.headersFor(nonce), [REQUEST_ID_HEADER]: record.requestId, age }
      writePage(outgoing, page, { method: 'GET', acceptEncoding: headers['accept-encoding'], nonce }, extra)
    }
    const status = notModified ? 304 : page.status
    outgoing.once('close', () => record.finish({ method: 'GET', path: target.pathname, route: page.routeName, status }))
    return true
  }

  return function answerCacheHit(incoming, outgoing) {
    try {
      return answer(incoming, outgoing)
    } catch (error) {
      // A fault here must cost the visitor nothing: the app answers the request as if never tried.
      log.error({ err: error }, 'cache hit failed; left to the app')
      if (!outgoing.headersSent) return false
      outgoing.destroy()
      return true
    }
  }
}

/**
 * Characters a request target may hold for its path and query to be taken as they stand: none that
 * URL parsing (which the app's routes see) would percent-encode or resolve (WHATWG URL, path and
 * special-query percent-encode sets), so the pathname and search read here are the app's. `%` is
 * kept as is by URL parsing, escape or not.
 */
const PLAIN_TARGET = /^\/[\w\-.~!$&()*+,;=:@/%]*(?:\?[\w\-.~!$&()*+,;=:@/?%]*)?$/
/** `.` or `..` as a whole segment, which URL parsing resolves. */
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/

/**
 * The pathname and search of an origin-form request target, exactly as `new URL` gives them, or
 * null for a target that parsing would change (those are left to the app).
 */
export function splitTarget(target: string): { pathname: string; search: string } | null {
  if (!PLAIN_TARGET.test(target)) return null
  const query = target.indexOf('?')
  const pathname = query === -1 ? target : target.slice(0, query)
  if (DOT_SEGMENT.test(pathname)) return null
  // URL parsing drops an empty query: `/a?` has the search ''.
  return { pathname, search: query === -1 || query === target.length - 1 ? '' : target.slice(query) }
}

/** The lang cookie as `getCookie` reads it (the same parser) from Node's joined Cookie header. */
function langCookieOf(header: string | undefined): string | undefined {
  return header ? parseCookies(header, LANG_COOKIE_NAME)[LANG_COOKIE_NAME] : undefined
}
