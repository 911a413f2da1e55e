import { LRUCache } from 'lru-cache'
import { matchRoutes, type RouteObject } from 'react-router'
import type { CachePolicy, RouteHandle } from '../../shared/routes.tsx'
import { decideRedirect } from '../../shared/rules/redirect-decision.ts'
import { toRouterSegments } from '../../shared/routing/segment-forms.ts'
import type { Lang } from '../../shared/types.ts'
import { htmlKey } from '../cache/cache-keys.ts'
import type { Tenant } from '../tenant/tenant.ts'

/** What a document or payload request is, decided from the request alone before anything loads. */
export type PageDecision =
  | { kind: 'bad-request' }
  | { kind: 'redirect'; status: 301 | 302; location: string; setLangCookie?: Lang }
  | {
      kind: 'render'
      language: Lang
      /** Router path plus the query parameters the route reads (and no others), e.g. `/s?query=x`. */
      routerPath: string
      browserPath: string
      /** Key of the rendered page in the HTML cache; null when the route is never cached. */
      cacheKey: string | null
    }

/** A page to load and render (a decision of kind `render`): the visitor's, or a background re-render's. */
export type PageToRender = Extract<PageDecision, { kind: 'render' }>

export interface PageRequest {
  tenant: Tenant
  /** The visitor path (language prefix and mapping included); for payloads, without `/_payload.json`. */
  pathname: string
  /** `''` or `?…`. */
  search: string
  origin: string
  langCookie: string | undefined
  acceptLanguage: string | undefined
  /** Document requests may be redirected by Accept-Language; payload requests never are. */
  isDocument: boolean
}

/** The cache policy of the route a router pathname matches. */
export type CachePolicyLookup = (routerPathname: string) => CachePolicy

/**
 * The pure front half of document and payload requests: redirect rules (SPEC §2), the router path
 * and the HTML cache key. Nothing is loaded, so a cache hit costs only this.
 */
export function decidePage(request: PageRequest, policyOf: CachePolicyLookup): PageDecision {
  const { tenant } = request
  const decision = decideRedirect({
    pathname: request.pathname,
    search: request.search,
    site: tenant.rules,
    langCookie: request.langCookie,
    acceptLanguage: request.acceptLanguage,
    allowBrowserLanguageRedirect: request.isDocument,
  })
  if (decision.kind !== 'render') return decision
  const routerPathname = toRouterSegments(decision.routePath, tenant.searchRoute)
  const policy = policyOf(routerPathname)
  if (policy === 'never') {
    return {
      kind: 'render',
      language: decision.language,
      routerPath: routerPathname + request.search,
      browserPath: decision.browserPath,
      cacheKey: null,
    }
  }
  const routerPath = routerPathname + pickQuery(request.search, policy.query)
  return {
    kind: 'render',
    language: decision.language,
    routerPath,
    browserPath: decision.browserPath,
    cacheKey: htmlKey(tenant.host, decision.language, request.origin, routerPath),
  }
}

/**
 * `?…` with the first value of each listed parameter present, in the order the request had them
 * (pages link to their neighbours with the query they were given); `''` when none.
 */
function pickQuery(search: string, names: readonly string[]): string {
  if (search === '' || names.length === 0) return ''
  const picked = new URLSearchParams()
  for (const [name, value] of new URLSearchParams(search)) {
    if (names.includes(name) && !picked.has(name)) picked.append(name, value)
  }
  const text = picked.toString()
  return text === '' ? '' : `?${text}`
}

/**
 * Cache policies by router pathname, from the route table's handles. Remembered per pathname
 * (bounded), since matching ranks the whole route table each time.
 */
export function createCachePolicyLookup(routes: RouteObject[], max = 10_000): CachePolicyLookup {
  const known = new LRUCache<string, CachePolicy>({ max })
  return (routerPathname) => {
    let policy = known.get(routerPathname)
    if (policy === undefined) {
      const matches = matchRoutes(routes, routerPathname)
      const handle = matches?.[matches.length - 1]?.route.handle as RouteHandle | undefined
      policy = matches === null ? 'never' : (handle?.cache ?? { query: [] })
      known.set(routerPathname, policy)
    }
    return policy
  }
}
