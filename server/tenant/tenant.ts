import { toPublicSite, type PublicSite } from '../../shared/data/public-site.ts'
import { createSiteAddress } from '../../shared/routing/site-address.ts'
import { searchRouteOf } from '../../shared/rules/search.ts'
import { toSiteRules, type SiteRules } from '../../shared/rules/site-rules.ts'
import type { Lang, SiteConfig } from '../../shared/types.ts'

/** A site config with everything derived from it that requests need, computed once per config. */
export interface Tenant {
  host: string
  site: SiteConfig
  /** Language and mapping rules for redirect decisions. */
  rules: SiteRules
  languages: Lang[]
  defaultLanguage: Lang
  searchRoute: string
  pathMapping: { from: string; to: string }[]
  publicSite: PublicSite
  /** Router path → visitor address, per language. */
  address(language: Lang): (routerPath: string) => string
}

const tenants = new WeakMap<SiteConfig, Map<string, Tenant>>()

/**
 * The tenant view of a site config. Cached per config object (a refreshed config is a new object),
 * so per-request work is a lookup (DEVELOPERS.md: keep per-tenant setup off the hot path).
 */
export function toTenant(host: string, site: SiteConfig): Tenant {
  let byHost = tenants.get(site)
  if (byHost === undefined) {
    byHost = new Map()
    tenants.set(site, byHost)
  }
  let tenant = byHost.get(host)
  if (tenant === undefined) {
    tenant = buildTenant(host, site)
    byHost.set(host, tenant)
  }
  return tenant
}

function buildTenant(host: string, site: SiteConfig): Tenant {
  const rules = toSiteRules(site)
  const routing = {
    languages: [...rules.languages],
    defaultLanguage: rules.defaultLanguage,
    searchRoute: searchRouteOf(site),
    pathMapping: [...rules.pathMapping],
  }
  const addresses = new Map<Lang, (routerPath: string) => string>()
  return {
    host,
    site,
    rules,
    ...routing,
    publicSite: toPublicSite(site, routing),
    address(language) {
      let address = addresses.get(language)
      if (address === undefined) {
        address = createSiteAddress({ language, ...routing })
        addresses.set(language, address)
      }
      return address
    },
  }
}
