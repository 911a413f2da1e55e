import type { MiddlewareHandler } from 'hono'
import type { SiteRepository } from '../tenant/site-repository.ts'
import { normalizeHost } from '../tenant/normalize-host.ts'
import type { UpstreamCallContext } from '../upstream/client.ts'
import { toTenant, type Tenant } from '../site/tenant.ts'
import type { AppEnv } from '../app-env.ts'
import { plainErrorPage, startupScreen } from '../render/fallback-pages.ts'

export interface TenantOptions {
  sites: SiteRepository
  /** Whether pages may point images at the optimising endpoint (reaches the browser in the public site). */
  imageOptimizer?: boolean
}

/**
 * Resolves the tenant from the Host header (SPEC §1): a malformed host answers 400, an unknown
 * one 404 "site not found", an unreachable upstream the startup screen (SPEC §2) with 503.
 */
export function tenant({ sites, imageOptimizer = false }: TenantOptions): MiddlewareHandler<AppEnv> {
  return async function tenantMiddleware(c, next) {
    const host = normalizeHost(c.req.header('host'))
    if (host === null) return c.html(plainErrorPage(400, 'Bad Request', 'The Host header is not valid.'), 400)
    const call = callContext(c.req.raw, host)
    const result = await sites.getSite(host, call)
    if (result.kind === 'not-found') {
      return c.html(plainErrorPage(404, 'Site not found', 'No website is configured for this address.'), 404, { 'cache-control': 'no-store' })
    }
    if (result.kind === 'unavailable') {
      c.var.log.error({ err: result.error, host }, 'site config unavailable')
      return c.html(startupScreen(), 503, { 'retry-after': '3', 'cache-control': 'no-store' })
    }
    c.set('tenant', toTenant(host, result.site, { imageOptimizer }) satisfies Tenant)
    c.set('upstreamContext', call)
    await next()
  }
}

/**
 * The visitor facts every upstream call carries (API.md "Transport"). No abort signal: a site load
 * is shared by concurrent visitors, so one leaving must not cancel it for the others.
 */
function callContext(request: Request, host: string): UpstreamCallContext {
  return {
    userAgent: request.headers.get('user-agent') ?? '',
    referer: request.url,
    appDomain: host,
  }
}
