import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { servePage } from '../html-cache/cached-page.ts'
import type { HtmlCache } from '../html-cache/html-cache.ts'
import { decideHost, hostFactsOf } from '../middleware/host-guard.ts'
import { REQUEST_ID_HEADER, whenSent, type RequestRecord } from '../middleware/request-context.ts'
import { nextNonce, type SecurityPolicy } from '../middleware/security-headers.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import { toTenant } from '../tenant/tenant.ts'
import { documentRequestOf, setsLanguageCookie } from './document.ts'
import { decidePage, type CachePolicyLookup } from './page-request.ts'

export interface CacheHitOptions {
  htmlCache: HtmlCache
  sites: SiteRepository
  policyOf: CachePolicyLookup
  security: SecurityPolicy
  /** Starts the request's record (the one the request context middleware keeps). */
  begin: (incomingId: string | undefined) => RequestRecord
  trustProxy: boolean
  imageOptimizer: boolean
}

/**
 * Page views the HTML cache answers as they stand, answered ahead of the middleware chain: a hit
 * then costs the decisions the chain would make, taken by the same functions (host, tenant,
 * redirects and language, cache key, language cookie), and one write of stored bytes, with no
 * `Headers` object, routing or await in between. The response is the one the chain gives a hit:
 * the security headers with a fresh nonce (spliced into the stored body), the request id, the
 * access log line and metrics.
 *
 * Everything else goes down the chain unchanged: other methods, a host the guard would refuse, a
 * tenant whose config this instance does not hold fresh (the chain loads or serves it stale), a
 * redirect, a page not cached here (the chain renders it, coalesced, or reads the shared store) and
 * a visitor whose language cookie must be set (that answer is private).
 */
export function cacheHits(options: CacheHitOptions): MiddlewareHandler<AppEnv> {
  const { htmlCache, sites, policyOf, security, begin, trustProxy, imageOptimizer } = options
  return function cacheHitMiddleware(c, next) {
    if (c.req.method !== 'GET') return next()
    const host = decideHost(hostFactsOf(c, trustProxy))
    if (!host.ok) return next()
    const site = sites.peekSite(host.host)
    if (site === undefined) return next()
    const tenant = toTenant(host.host, site, { imageOptimizer })
    const request = documentRequestOf(c, tenant, host.origin)
    const decision = decidePage(request, policyOf)
    if (decision.kind !== 'render' || decision.cacheKey === null) return next()
    if (setsLanguageCookie(tenant, request.langCookie, decision.language)) return next()
    const page = htmlCache.hit(decision.cacheKey)
    if (page === undefined) return next()

    const record = begin(c.req.header(REQUEST_ID_HEADER))
    const nonce = nextNonce()
    const extra = { ...security.headersFor(nonce), [REQUEST_ID_HEADER]: record.requestId }
    const response = servePage(page, { method: 'GET', acceptEncoding: c.req.header('accept-encoding'), nonce }, extra)
    whenSent(c, () => record.finish({ method: 'GET', path: c.req.path, route: page.routeName, status: page.status }))
    return Promise.resolve(response)
  }
}
