import type { PageTarget } from '../cache/purge-scope.ts'
import type { Tenant } from '../tenant/tenant.ts'
import { decidePage, type CachePolicyLookup } from './page-decision.ts'

/** The pages a list of visitor addresses names, or the first address that names none. */
type PageTargets = { ok: true; pages: PageTarget[] } | { ok: false; path: string }

/**
 * The pages behind visitor addresses as published (`/c/about`, `/en/post/12`): the language prefix
 * and the site's path mapping resolved as for a visit. An address with a language prefix names that
 * language's copy; one without names the page in every language of the site. A redirecting address
 * is followed once (e.g. the default language's prefix, which the site drops).
 */
export function toPageTargets(tenant: Tenant, paths: readonly string[], policyOf: CachePolicyLookup): PageTargets {
  const pages: PageTarget[] = []
  for (const path of paths) {
    const routerPathname = routerPathnameOf(tenant, path, policyOf)
    if (routerPathname === null) return { ok: false, path }
    const first = path.split('/')[1] ?? ''
    const languages = (tenant.languages as readonly string[]).includes(first) ? [first] : [...tenant.languages]
    pages.push({ languages, routerPathname })
  }
  return { ok: true, pages }
}

function routerPathnameOf(tenant: Tenant, path: string, policyOf: CachePolicyLookup): string | null {
  let pathname = path
  for (let hop = 0; hop < 2; hop++) {
    const request = {
      tenant,
      pathname,
      search: '',
      origin: 'http://purge.invalid',
      langCookie: undefined,
      acceptLanguage: undefined,
      isDocument: false,
    }
    const decision = decidePage(request, policyOf)
    if (decision.kind === 'render') return decision.routerPath.split('?')[0]!
    if (decision.kind === 'bad-request') return null
    pathname = new URL(decision.location, request.origin).pathname
  }
  return null
}
