import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { StaticHandler, StaticHandlerContext } from 'react-router'
import { decideRedirect, type RedirectDecision } from '../../shared/rules/redirect-decision.ts'
import { LANG_COOKIE_NAME } from '../../shared/rules/lang-cookie.ts'
import { toRouterSegments } from '../../shared/routing/segment-forms.ts'
import type { Locale } from '../../shared/i18n/locale.ts'
import type { Lang } from '../../shared/types.ts'
import type { AppEnv } from '../app-env.ts'
import { runRoutes } from '../render/run-routes.ts'
import { createTenantData } from '../site/tenant-data.ts'
import { toTenant, type Tenant } from '../site/tenant.ts'
import type { Locales } from '../site/locales.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'

/** What a document or payload request resolved to, before anything is rendered. */
export type PageOutcome =
  | { kind: 'bad-request' }
  | { kind: 'redirect'; status: 301 | 302; location: string; setLangCookie?: Lang }
  | { kind: 'loaded'; context: StaticHandlerContext; tenant: Tenant; language: Lang; locale: Locale; routerPath: string; origin: string }

export interface PageRequestOptions {
  handler: StaticHandler
  sites: SiteRepository
  locales: Locales
  /** The visitor path (language prefix and mapping included); for payloads, without `/_payload.json`. */
  pathname: string
  /** Document requests may be redirected by Accept-Language; payload requests never are. */
  isDocument: boolean
  /** Payloads key errors by the route that threw, so the browser loader can rethrow them. */
  keepErrorsAtThrowingRoute: boolean
}

/**
 * The shared front half of document and payload requests: redirect rules (SPEC §2) from the
 * language-independent site config, then route matching and data loading with the site config in
 * the page language.
 */
export async function resolvePage(c: Context<AppEnv>, options: PageRequestOptions): Promise<PageOutcome> {
  const url = new URL(c.req.url)
  const decision: RedirectDecision = decideRedirect({
    pathname: options.pathname,
    search: url.search,
    site: c.var.tenant.rules,
    langCookie: getCookie(c, LANG_COOKIE_NAME),
    acceptLanguage: c.req.header('accept-language'),
    allowBrowserLanguageRedirect: options.isDocument,
  })
  if (decision.kind !== 'render') return decision
  const language = decision.language
  const [tenant, locale] = await Promise.all([tenantInLanguage(c, options.sites, language), options.locales.get(language)])
  const routerPath = toRouterSegments(decision.routePath, tenant.searchRoute) + url.search
  const context = await runRoutes({
    handler: options.handler,
    tenant,
    language,
    routerPath,
    browserPath: decision.browserPath,
    origin: c.var.origin,
    upstream: createTenantData(options.sites, tenant.host, language, c.var.upstreamContext),
    t: locale.t,
    signal: c.req.raw.signal,
    skipErrorBubbling: options.keepErrorsAtThrowingRoute,
  })
  if (context instanceof Response) {
    const location = context.headers.get('location') ?? '/'
    return { kind: 'redirect', status: context.status === 301 ? 301 : 302, location: tenant.address(language)(location) }
  }
  return { kind: 'loaded', context, tenant, language, locale, routerPath, origin: c.var.origin }
}

/**
 * The tenant as seen in the page language: the site's own translations of its menus, texts and
 * placeholder. Should that config be unavailable, the page still renders with the
 * language-independent one rather than failing.
 */
async function tenantInLanguage(c: Context<AppEnv>, sites: SiteRepository, language: Lang): Promise<Tenant> {
  const base = c.var.tenant
  const result = await sites.getSite(base.host, c.var.upstreamContext, language)
  if (result.kind === 'found') return toTenant(base.host, result.site, base.features)
  c.var.log.warn({ host: base.host, language, ...(result.kind === 'unavailable' ? { err: result.error } : {}) }, 'site config in the page language unavailable')
  return base
}
