import type { Logger } from 'pino'
import type { StaticHandlerContext } from 'react-router'
import type { Locale } from '../../shared/i18n/locale.ts'
import type { Locales } from '../tenant/locales.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import { recordUse, type PageUses } from '../cache/page-uses.ts'
import { createTenantData } from '../tenant/tenant-data.ts'
import type { Tenant } from '../tenant/tenant.ts'
import type { UpstreamCallContext } from '../upstream/client.ts'
import { runRoutes, type RunRoutesInput } from './run-routes.ts'

/** What runRoutes takes from the caller as it is; the rest (tenant view, upstream, translator) is built here. */
type PassedOn =
  | 'handler'
  | 'language'
  | 'routerPath'
  | 'browserPath'
  | 'origin'
  | 'publicOrigin'
  | 'signal'
  | 'pageLifetimeMs'
  | 'markdown'

export interface LoadPageInput extends Pick<RunRoutesInput, PassedOn> {
  sites: SiteRepository
  locales: Locales
  /** The tenant from its language-independent config (as the decision saw it). */
  tenant: Tenant
  upstreamContext: UpstreamCallContext
  log: Logger
  /** A document (its shell streams first) or a payload (see RunRoutesInput.purpose). */
  purpose: 'document' | 'payload'
  /** Collects the upstream answers and tags the page reads (see createTenantData). */
  uses?: PageUses
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
  // Every page is built from its site config.
  recordUse(input.uses, null, ['site'])
  const context = await runRoutes({
    handler: input.handler,
    tenant,
    language,
    routerPath: input.routerPath,
    browserPath: input.browserPath,
    origin: input.origin,
    publicOrigin: input.publicOrigin,
    upstream: createTenantData(input.sites, tenant.host, language, input.upstreamContext, input.uses),
    markdown: input.markdown,
    t: locale.t,
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.pageLifetimeMs !== undefined ? { pageLifetimeMs: input.pageLifetimeMs } : {}),
    purpose: input.purpose,
  })
  if (context instanceof Response) {
    const location = context.headers.get('location') ?? '/'
    return {
      kind: 'redirect',
      status: context.status === 301 ? 301 : 302,
      location: tenant.address(language)(location),
    }
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
  if (result.kind === 'found') return input.sites.tenantOf(base.host, result.site, base.features)
  input.log.warn(
    { host: base.host, language: input.language, ...(result.kind === 'unavailable' ? { err: result.error } : {}) },
    'site config in the page language unavailable',
  )
  return base
}
