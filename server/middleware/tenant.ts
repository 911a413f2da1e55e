import type { Context, MiddlewareHandler } from 'hono'
import type { SiteRepository } from '../tenant/site-repository.ts'
import type { UpstreamCallContext } from '../upstream/client.ts'
import type { Tenant, TenantFeatures } from '../tenant/tenant.ts'
import type { AppEnv } from '../app-env.ts'
import { htmlError, htmlStartupScreen } from '../render/html-error.ts'
import { inSpan } from '../telemetry/tracing.ts'

export interface TenantOptions {
  sites: SiteRepository
  /** Whether pages may point images at the optimising endpoint (reaches the browser in the public site). */
  imageOptimizer?: boolean
}

/**
 * Resolves the tenant from the host the front door decided and the host guard let through (SPEC §1),
 * asking the repository (a fresh config at once, else a load): an unknown one answers 404
 * "site not found", an unreachable upstream the startup screen (SPEC §2) with 503.
 */
export function tenant({ sites, imageOptimizer = false }: TenantOptions): MiddlewareHandler<AppEnv> {
  return async function tenantMiddleware(c, next) {
    const result = await lookupTenant(sites, c, { imageOptimizer })
    if (result.kind === 'not-found') {
      return htmlError('unknown-site')
    }
    if (result.kind === 'unavailable') {
      c.get('log').error({ err: result.error, host: result.host }, 'site config unavailable')
      return htmlStartupScreen(c.get('cspNonce'))
    }
    c.set('tenant', result.tenant)
    c.set('upstreamContext', result.call)
    await next()
  }
}

export type TenantLookup =
  | { kind: 'found'; tenant: Tenant; call: UpstreamCallContext }
  | { kind: 'not-found' }
  | { kind: 'unavailable'; host: string; error: unknown }

/**
 * The tenant of a request whose host the host guard validated (`c.get('tenantHost')`); callers answer
 * the failures in their own format (HTML or JSON).
 */
export function lookupTenant(
  sites: SiteRepository,
  c: Context<AppEnv>,
  features?: TenantFeatures,
): Promise<TenantLookup> {
  return inSpan('resolve tenant', async (span) => {
    const result = await resolveTenant(sites, c, features)
    span?.set({ 'tenant.lookup': result.kind })
    return result
  })
}

async function resolveTenant(
  sites: SiteRepository,
  c: Context<AppEnv>,
  features?: TenantFeatures,
): Promise<TenantLookup> {
  const host = c.get('tenantHost')
  const call = callContext(c, host)
  const result = await sites.getSite(host, call)
  if (result.kind === 'found')
    return { kind: 'found', tenant: sites.tenantOf(host, result.site, features) satisfies Tenant, call }
  if (result.kind === 'not-found') return { kind: 'not-found' }
  return { kind: 'unavailable', host, error: result.error }
}

/**
 * The visitor facts every upstream call carries (API.md "Transport"). No abort signal: a site load
 * is shared by concurrent visitors, so one leaving must not cancel it for the others. The referer
 * is built from the validated origin: the request's own host part is never trusted.
 */
function callContext(c: Context<AppEnv>, host: string): UpstreamCallContext {
  const { userAgent, target } = c.env.admitted.facts
  return {
    userAgent: userAgent ?? '',
    referer: c.get('origin') + target.pathname + target.search,
    appDomain: host,
    requestId: c.get('requestId'),
  }
}
