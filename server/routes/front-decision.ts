import type { IncomingMessage } from 'node:http'
import { parse as parseCookies } from 'hono/utils/cookie'
import { LANG_COOKIE_NAME, shouldSetLangCookie } from '../../shared/rules/lang-cookie.ts'
import type { Lang } from '../../shared/types.ts'
import type { CachedPageView } from '../cache/pages/hit-writer.ts'
import type { Rerender } from '../cache/pages/read-render.ts'
import { decideHost, hostFactsOfIncoming, type HostFacts } from '../middleware/host-guard.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import type { Tenant } from '../tenant/tenant.ts'
import { decidePage, type CachePolicyLookup, type PageDecision } from './page-decision.ts'

/** What the front half of a page view reads from the request, on either side of the app. */
export interface FrontFacts {
  host: HostFacts
  /** The request target's pathname and search, as `new URL` gives them. */
  pathname: string
  search: string
  langCookie: string | undefined
  acceptLanguage: string | undefined
}

/** How far a document GET or HEAD gets before anything loads. */
export type FrontDecision =
  | { kind: 'refused-host'; reason: string }
  /** The host is valid but its tenant is not at hand (`tenantOf` gave none): the app loads it. */
  | { kind: 'tenant-unknown'; host: string; origin: string }
  | {
      kind: 'decided'
      tenant: Tenant
      origin: string
      decision: PageDecision
      /** Whether the answer sets the language cookie (and is therefore private). */
      setsLangCookie: boolean
    }

/**
 * The front half of every page view, the one rule for both ways a page is answered (the app's
 * document route and the HTML cache's hit writer): host facts → tenant → redirects, language and
 * router path → cache key → whether the language cookie is set. Pure but for `tenantOf`, which the
 * app answers from the tenant middleware and the hit writer from the repository's fresh configs.
 */
export function decideFront(
  facts: FrontFacts,
  tenantOf: (host: string) => Tenant | undefined,
  policyOf: CachePolicyLookup,
): FrontDecision {
  const host = decideHost(facts.host)
  if (!host.ok) return { kind: 'refused-host', reason: host.reason }
  const tenant = tenantOf(host.host)
  if (tenant === undefined) return { kind: 'tenant-unknown', host: host.host, origin: host.origin }
  const { pathname, search, langCookie, acceptLanguage } = facts
  const decision = decidePage(
    { tenant, pathname, search, origin: host.origin, langCookie, acceptLanguage, isDocument: true },
    policyOf,
  )
  const setsLangCookie = decision.kind === 'render' && setsLanguageCookie(tenant, langCookie, decision.language)
  return { kind: 'decided', tenant, origin: host.origin, decision, setsLangCookie }
}

/**
 * Whether a page answer sets the language cookie. It only matters where a visitor can switch
 * languages; elsewhere it would make every first visit uncacheable for nothing.
 */
function setsLanguageCookie(tenant: Tenant, cookie: string | undefined, language: Lang): boolean {
  return tenant.languages.length > 1 && shouldSetLangCookie(cookie, language)
}

/**
 * The front facts of Node's request, read without building a web Request, or null when URL parsing
 * would rewrite its target (those are left to the app, which parses it).
 */
function frontFactsOfIncoming(incoming: IncomingMessage, trustProxy: boolean): FrontFacts | null {
  const target = splitTarget(incoming.url ?? '')
  if (target === null) return null
  const { headers } = incoming
  return {
    host: hostFactsOfIncoming(incoming, trustProxy),
    ...target,
    langCookie: langCookieOf(headers.cookie),
    acceptLanguage: headers['accept-language'],
  }
}

/**
 * Characters a request target may hold for its path and query to be taken as they stand: none that
 * URL parsing (which the app's routes see) would percent-encode or resolve (WHATWG URL, path and
 * special-query percent-encode sets), so the pathname and search read here are the app's. `%` is
 * kept as is by URL parsing, escape or not, except in a dot segment (below).
 */
const PLAIN_TARGET = /^\/[\w\-.~!$&()*+,;=:@/%]*(?:\?[\w\-.~!$&()*+,;=:@/?%]*)?$/
/**
 * `.` or `..` as a whole segment, which URL parsing resolves, `%2e` standing for a dot (WHATWG URL,
 * single-dot and double-dot URL path segments).
 */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:\/|$)/i

/**
 * The pathname and search of an origin-form request target, exactly as `new URL` gives them, or
 * null for a target that parsing would change.
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

type RenderDecision = Extract<PageDecision, { kind: 'render' }>

/** The page a re-render is for: the facts its cache key encodes. */
export interface CachedPageFacts {
  tenant: Tenant
  /** The origin the visitors addressed (part of the key: canonical links are built from it). */
  origin: string
  decision: RenderDecision
}

export interface PageViewsOptions {
  sites: SiteRepository
  policyOf: CachePolicyLookup
  trustProxy: boolean
  imageOptimizer: boolean
  /** Renders a stale page again in the background (routes/page-render.ts `cacheRenderer`). */
  rerenderFor: (facts: CachedPageFacts) => Rerender
}

/**
 * Which cached page view a request on Node's socket is, for the HTML cache's hit writer: `decideFront`
 * on the request's facts, with the tenants this instance holds fresh. Null for whatever the app must
 * answer: a target URL parsing would rewrite, a refused host, a tenant to load, a redirect, a page
 * never cached, and a visitor whose language cookie must be set (that answer is private).
 */
export function cachedPageViews(options: PageViewsOptions): (incoming: IncomingMessage) => CachedPageView | null {
  const { sites, policyOf, trustProxy, imageOptimizer, rerenderFor } = options
  const tenantOf = (host: string) => {
    const site = sites.peekSite(host)
    return site === undefined ? undefined : sites.tenantOf(host, site, { imageOptimizer })
  }
  return function pageViewOf(incoming) {
    const facts = frontFactsOfIncoming(incoming, trustProxy)
    if (facts === null) return null
    const front = decideFront(facts, tenantOf, policyOf)
    if (front.kind !== 'decided' || front.setsLangCookie) return null
    const { tenant, origin, decision } = front
    if (decision.kind !== 'render' || decision.cacheKey === null) return null
    return { key: decision.cacheKey, pathname: facts.pathname, rerender: rerenderFor({ tenant, origin, decision }) }
  }
}
