import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { StaticHandler, StaticHandlerContext } from 'react-router'
import { decideRedirect, type RedirectDecision } from '../../shared/rules/redirect-decision.ts'
import { LANG_COOKIE_NAME } from '../../shared/rules/lang-cookie.ts'
import { toRouterSegments } from '../../shared/routing/segment-forms.ts'
import type { Translate } from '../../shared/i18n/translator.ts'
import type { Lang } from '../../shared/types.ts'
import type { AppEnv } from '../app-env.ts'
import { runRoutes } from '../render/run-routes.ts'
import { createTenantData } from '../site/tenant-data.ts'
import { getTranslator } from '../site/translators.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'

/** What a document or payload request resolved to, before anything is rendered. */
export type PageOutcome =
  | { kind: 'bad-request' }
  | { kind: 'redirect'; status: 301 | 302; location: string; setLangCookie?: Lang }
  | { kind: 'loaded'; context: StaticHandlerContext; language: Lang; t: Translate; routerPath: string }

export interface PageRequestOptions {
  handler: StaticHandler
  sites: SiteRepository
  /** The visitor path (language prefix and mapping included); for payloads, without `/_payload.json`. */
  pathname: string
  /** Document requests may be redirected by Accept-Language; payload requests never are. */
  isDocument: boolean
  /** Payloads key errors by the route that threw, so the browser loader can rethrow them. */
  keepErrorsAtThrowingRoute: boolean
}

/**
 * The shared front half of document and payload requests: redirect rules (SPEC §2), then route
 * matching and data loading with the tenant's upstream.
 */
export async function resolvePage(c: Context<AppEnv>, options: PageRequestOptions): Promise<PageOutcome> {
  const tenant = c.var.tenant
  const url = new URL(c.req.url)
  const decision: RedirectDecision = decideRedirect({
    pathname: options.pathname,
    search: url.search,
    site: tenant.rules,
    langCookie: getCookie(c, LANG_COOKIE_NAME),
    acceptLanguage: c.req.header('accept-language'),
    allowBrowserLanguageRedirect: options.isDocument,
  })
  if (decision.kind !== 'render') return decision
  const language = decision.language
  const routerPath = toRouterSegments(decision.routePath, tenant.searchRoute) + url.search
  const t = await getTranslator(language)
  const context = await runRoutes({
    handler: options.handler,
    tenant,
    language,
    routerPath,
    browserPath: decision.browserPath,
    origin: url.origin,
    publicOrigin: c.var.origin,
    upstream: createTenantData(options.sites, tenant.host, language, c.var.upstreamContext),
    t,
    signal: c.req.raw.signal,
    skipErrorBubbling: options.keepErrorsAtThrowingRoute,
  })
  if (context instanceof Response) {
    const location = context.headers.get('location') ?? '/'
    return { kind: 'redirect', status: context.status === 301 ? 301 : 302, location: tenant.address(language)(location) }
  }
  return { kind: 'loaded', context, language, t, routerPath }
}
