import type { StaticHandler, StaticHandlerContext } from 'react-router'
import type { Translate } from '../../shared/i18n/translator.ts'
import type { Lang } from '../../shared/types.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import { createTenantData } from '../tenant/tenant-data.ts'
import type { Tenant } from '../tenant/tenant.ts'
import { getTranslator } from '../tenant/translators.ts'
import type { UpstreamCallContext } from '../upstream/client.ts'
import { runRoutes } from './run-routes.ts'

export interface LoadPageInput {
  handler: StaticHandler
  sites: SiteRepository
  tenant: Tenant
  language: Lang
  routerPath: string
  browserPath: string
  origin: string
  upstreamContext: UpstreamCallContext
  signal?: AbortSignal
  /** Keep each error at the route that threw it instead of its boundary (for payloads). */
  skipErrorBubbling: boolean
}

export type LoadedPage =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | { kind: 'loaded'; context: StaticHandlerContext; t: Translate }

/**
 * The load half of a page request: route matching and data loading with the tenant's upstream.
 * A loader's redirect comes back as a visitor address.
 */
export async function loadPage(input: LoadPageInput): Promise<LoadedPage> {
  const { tenant, language } = input
  const t = await getTranslator(language)
  const context = await runRoutes({
    handler: input.handler,
    tenant,
    language,
    routerPath: input.routerPath,
    browserPath: input.browserPath,
    origin: input.origin,
    upstream: createTenantData(input.sites, tenant.host, language, input.upstreamContext),
    t,
    ...(input.signal ? { signal: input.signal } : {}),
    skipErrorBubbling: input.skipErrorBubbling,
  })
  if (context instanceof Response) {
    const location = context.headers.get('location') ?? '/'
    return { kind: 'redirect', status: context.status === 301 ? 301 : 302, location: tenant.address(language)(location) }
  }
  return { kind: 'loaded', context, t }
}
