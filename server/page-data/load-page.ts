import type { Logger } from 'pino'
import type { StaticHandler, StaticHandlerContext } from 'react-router'
import type { Locale } from '../../shared/i18n/locale.ts'
import type { Lang } from '../../shared/types.ts'
import type { Locales } from '../tenant/locales.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import { createTenantData } from '../tenant/tenant-data.ts'
import { toTenant, type Tenant } from '../tenant/tenant.ts'
import type { UpstreamCallContext } from '../upstream/client.ts'
import { runRoutes } from './run-routes.ts'

export interface LoadPageInput {
  handler: StaticHandler
  sites: SiteRepository
  locales: Locales
  /** The tenant from its language-independent config (as the decision saw it). */
  tenant: Tenant
  language: Lang
  routerPath: string
  browserPath: string
  origin: string
  upstreamContext: UpstreamCallContext
  log: Logger
  signal?: AbortSignal
  /** Keep each error at the route that threw it instead of its boundary (for payloads). */
  skipErrorBubbling: boolean
}

export type LoadedPage =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | { kind: 'loaded'; context: StaticHandlerContext; tenant: Tenant; locale: Locale }

/**
 * The load half of a page request: the site config in the page language, then route matching and
 * data loading with the tenant's upstream. A loader's redirect comes back as a visitor address.
 */
export async function loadPage(input: LoadPageInput): Promise<LoadedPage> {
  const { language } = input
  const [tenant, locale] = await Promise.all([tenantInLanguage(input), input.locales.get(language)])
  const context = await runRoutes({
    handler: input.handler,
    tenant,
    language,
    routerPath: input.routerPath,
    browserPath: input.browserPath,
    origin: input.origin,
    upstream: createTenantData(input.sites, tenant.host, language, input.upstreamContext),
    t: locale.t,
    ...(input.signal ? { signal: input.signal } : {}),
    skipErrorBubbling: input.skipErrorBubbling,
  })
  if (context instanceof Response) {
    const location = context.headers.get('location') ?? '/'
    return { kind: 'redirect', status: context.status === 301 ? 301 : 302, location: tenant.address(language)(location) }
  }
  return { kind: 'loaded', context, tenant, locale }
}

/**
 * The tenant as seen in the page language: the site's own translations of its menus, texts and
 * placeholder. Should that config be unavailable, the page still renders with the
 * language-independent one rather than failing.
 */
async function tenantInLanguage(input: LoadPageInput): Promise<Tenant> {
  const base = input.tenant
  const result = await input.sites.getSite(base.host, input.upstreamContext, input.language)
  if (result.kind === 'found') return toTenant(base.host, result.site)
  input.log.warn({ host: base.host, language: input.language, ...(result.kind === 'unavailable' ? { err: result.error } : {}) }, 'site config in the page language unavailable')
  return base
}
