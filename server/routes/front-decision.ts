import { shouldSetLangCookie } from '../../shared/rules/lang-cookie.ts'
import type { Lang } from '../../shared/types.ts'
import type { CachedPageView } from '../answer/hit-writer.ts'
import type { Rerender } from '../cache/pages/read-render.ts'
import type { AdmittedRequest, RequestFacts } from '../http/request-facts.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import type { Tenant } from '../tenant/tenant.ts'
import { decidePage, type CachePolicyLookup, type PageDecision, type PageToRender } from './page-decision.ts'
import { createPageViewMemo } from './page-view-memo.ts'

/** A document GET or HEAD as decided before anything loads. */
export interface PageView {
  tenant: Tenant
  origin: string
  decision: PageDecision
  /** Whether the answer sets the language cookie (and is therefore private). */
  setsLangCookie: boolean
}

/**
 * The front half of every page view, the one rule for both ways a page is answered (the app's
 * document route and the HTML cache's hit writer): redirects, language and router path → cache key
 * → whether the language cookie is set, for the tenant and origin the request addresses.
 */
export function decidePageView(
  facts: Pick<RequestFacts, 'target' | 'langCookie' | 'acceptLanguage'>,
  tenant: Tenant,
  origin: string,
  policyOf: CachePolicyLookup,
): PageView {
  const { target, langCookie, acceptLanguage } = facts
  const decision = decidePage({ tenant, ...target, origin, langCookie, acceptLanguage, isDocument: true }, policyOf)
  const setsLangCookie = decision.kind === 'render' && setsLanguageCookie(tenant, langCookie, decision.language)
  return { tenant, origin, decision, setsLangCookie }
}

/**
 * Whether a page answer sets the language cookie. It only matters where a visitor can switch
 * languages; elsewhere it would make every first visit uncacheable for nothing.
 */
function setsLanguageCookie(tenant: Tenant, cookie: string | undefined, language: Lang): boolean {
  return tenant.languages.length > 1 && shouldSetLangCookie(cookie, language)
}

/** The page a re-render is for: what its cache key encodes. */
export interface PageToRerender {
  tenant: Tenant
  /** The origin the visitors addressed (part of the key: canonical links are built from it). */
  origin: string
  decision: PageToRender
}

export interface PageViewsOptions {
  sites: SiteRepository
  policyOf: CachePolicyLookup
  imageOptimizer: boolean
  /** Renders a stale page again in the background (routes/page-render.ts `createBackgroundRenders`). */
  rerenderFor: (page: PageToRerender) => Rerender
  /**
   * The build and the purges applied so far (page-view-memo.ts): the hit writer's views are
   * remembered per address until it changes, or the tenant's config does. Default: one generation.
   */
  generation?: () => string
  /** Views remembered at most. */
  memoMax?: number
}

/** Page views decided once per request: by the hit writer before the app, or by the document route in it. */
export interface PageViews {
  /** The page view of a request, for its tenant: decided at the first ask, then read back. */
  viewOf(admitted: AdmittedRequest, tenant: Tenant, origin: string): PageView
  /**
   * The cached page view a request is, for the HTML cache's hit writer, from the tenants this
   * instance holds fresh. Null for whatever the app must answer: a target URL parsing rewrote, a
   * refused host, a tenant to load, a redirect, a page never cached, and a visitor whose language
   * cookie must be set (that answer is private).
   */
  cachedView(admitted: AdmittedRequest): CachedPageView | null
}

export function createPageViews(options: PageViewsOptions): PageViews {
  const { sites, policyOf, imageOptimizer, rerenderFor } = options
  // What a request to an address is decided as, remembered: the same for every request to it. Both
  // ways a page is answered read it, so a view the hit writer declined is the one the document
  // route answers from, with nothing kept per request.
  const memo = createPageViewMemo<{ view: PageView; cached: CachedPageView | null }>({
    generation: options.generation ?? (() => ''),
    ...(options.memoMax !== undefined ? { max: options.memoMax } : {}),
  })

  function remembered(facts: RequestFacts, tenant: Tenant, origin: string) {
    return memo.get(addressKey(tenant.host, origin, facts), tenant, () => {
      const decided = decidePageView(facts, tenant, origin, policyOf)
      const { decision, setsLangCookie } = decided
      if (setsLangCookie || decision.kind !== 'render' || decision.cacheKey === null)
        return { view: decided, cached: null }
      const rerender = rerenderFor({ tenant, origin, decision })
      return { view: decided, cached: { key: decision.cacheKey, pathname: facts.target.pathname, rerender } }
    })
  }

  return {
    viewOf(admitted, tenant, origin) {
      return remembered(admitted.facts, tenant, origin).view
    },
    cachedView(admitted) {
      const { facts, host } = admitted
      if (!facts.targetAsIs || !host.ok) return null
      const site = sites.peekSite(host.host)
      if (site === undefined) return null
      return remembered(facts, sites.tenantOf(host.host, site, { imageOptimizer }), host.origin).cached
    },
  }
}

/**
 * Everything a page view is decided from besides the tenant (decidePageView): host, origin, target,
 * Accept-Language and the language cookie, one per line (none of them holds a line break but the
 * cookie, which comes last), an absent header told from an empty one.
 */
function addressKey(
  host: string,
  origin: string,
  facts: Pick<RequestFacts, 'target' | 'langCookie' | 'acceptLanguage'>,
) {
  const { target, acceptLanguage, langCookie } = facts
  const present = (value: string | undefined) => (value === undefined ? '-' : `=${value}`)
  return `${host}\n${origin}\n${target.pathname}${target.search}\n${present(acceptLanguage)}\n${present(langCookie)}`
}
