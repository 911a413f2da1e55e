import type { SiteConfig } from '../../../shared/types.ts'
import type { PageTarget } from '../../cache/purge/purge-scope.ts'
import { normalizeHost } from '../../tenant/normalize-host.ts'
import type { Tenant } from '../../tenant/tenant.ts'
import { decidePage, type CachePolicyLookup } from '../page-decision.ts'

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
    if (decision.kind === 'render') return decision.routerPath.split('?')[0] ?? ''
    if (decision.kind === 'bad-request') return null
    pathname = new URL(decision.location, request.origin).pathname
  }
  return null
}

/** The site a host name resolves to as the upstream maps it (its `site_id`), or null: none, or it cannot be told now. */
export type SiteIdentityOf = (host: string) => Promise<string | null>

/** The names a host purge covers, and the listed names it leaves alone. */
export interface SameSiteHosts {
  /** `host` first, then each listed name that resolves to the same site, in the config's order. */
  hosts: string[]
  /** Listed names that resolve to another site, to none, or could not be resolved. */
  skipped: string[]
}

/** Most listed names one purge resolves: a config is the upstream's text, its lists are not bounded. */
const MAX_LISTED_NAMES = 64
/** Lookups in flight at once. */
const LOOKUPS_AT_ONCE = 8

/**
 * The names a purge of `host` covers: `host`, and each name its site config lists (its `domain` and
 * `alias_domain`) only when the upstream maps that name to the same site. A config is the tenant's
 * own text: listing another tenant's domain as an alias must not let its purges drop that tenant's
 * pages and answers. A name that cannot be resolved now is left out (a purge never reaches further
 * than it can show).
 */
export async function sameSiteHosts(
  host: string,
  site: Pick<SiteConfig, 'site_id' | 'domain' | 'alias_domain'>,
  identityOf: SiteIdentityOf,
): Promise<SameSiteHosts> {
  const names = new Set<string>()
  for (const name of [site.domain, ...site.alias_domain]) {
    const normalized = normalizeHost(name)
    if (normalized !== null && normalized !== host) names.add(normalized)
  }
  const listed = [...names].slice(0, MAX_LISTED_NAMES)
  const unresolved = [...names].slice(MAX_LISTED_NAMES)
  const same = new Array<boolean>(listed.length).fill(false)
  let next = 0
  const worker = async () => {
    while (next < listed.length) {
      const index = next++
      same[index] = (await identityOf(listed[index] ?? '').catch(() => null)) === site.site_id
    }
  }
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, listed.length) }, worker))
  return {
    hosts: [host, ...listed.filter((_, index) => same[index])],
    skipped: [...listed.filter((_, index) => !same[index]), ...unresolved],
  }
}
