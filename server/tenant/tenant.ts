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
  /** The server settings this view was built with (kept when the config is re-read in another language). */
  features: TenantFeatures
  /** Router path → visitor address, per language. */
  address(language: Lang): (routerPath: string) => string
}

/** Server settings that change what pages render, the same for every tenant. */
export interface TenantFeatures {
  imageOptimizer: boolean
}

const tenants = new WeakMap<SiteConfig, Map<string, Tenant>>()

/**
 * The tenant view of a site config. Cached per config object (a refreshed config is a new object),
 * so per-request work is a lookup and per-tenant setup stays off the hot path.
 */
export function toTenant(host: string, site: SiteConfig, features: TenantFeatures = { imageOptimizer: false }): Tenant {
  let byHost = tenants.get(site)
  if (byHost === undefined) {
    byHost = new Map()
    tenants.set(site, byHost)
  }
  const key = `${host} ${features.imageOptimizer ? 'images' : ''}`
  let tenant = byHost.get(key)
  if (tenant === undefined) {
    tenant = buildTenant(host, site, features)
    byHost.set(key, tenant)
  }
  return tenant
}

function buildTenant(host: string, site: SiteConfig, features: TenantFeatures): Tenant {
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
    publicSite: toPublicSite(site, routing, features),
    features,
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
