import { toBrowserSite, toPublicSite, type BrowserSite, type PublicSite } from '../../shared/data/public-site.ts'
import { createSiteAddress } from '../../shared/routing/site-address.ts'
import { searchRouteOf } from '../../shared/rules/search.ts'
import { toSiteRules, type SiteRules } from '../../shared/rules/site-rules.ts'
import type { Lang, SiteConfig } from '../../shared/types.ts'
import { toSiteCode, type SiteCode } from './site-code.ts'

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
  /** What the root data carries of it to the browser (shared/data/public-site.ts BrowserSite). */
  browserSite: BrowserSite
  /** The server settings this view was built with (kept when the config is re-read in another language). */
  features: TenantFeatures
  /** Router path → visitor address, per language. */
  address(language: Lang): (routerPath: string) => string
  /** The site's own code tags (customize_code), parsed on first use. */
  siteCode(): SiteCode
}

/** Server settings that change what pages render, the same for every tenant. */
export interface TenantFeatures {
  imageOptimizer: boolean
}

/** Tenant views of site configs, each built once per config object and host. */
export interface TenantViews {
  of(host: string, site: SiteConfig, features?: TenantFeatures): Tenant
}

/**
 * Remembers the tenant view of each config it is shown, for as long as the config lives: the site
 * repository owns one (a refreshed config is a new object, so its views are built again), which
 * keeps per-request work a lookup and per-tenant setup off the hot path.
 */
export function createTenantViews(): TenantViews {
  const tenants = new WeakMap<SiteConfig, Map<string, Tenant>>()
  return {
    of(host, site, features = NO_FEATURES) {
      let byHost = tenants.get(site)
      if (byHost === undefined) {
        byHost = new Map()
        tenants.set(site, byHost)
      }
      const key = `${host} ${features.imageOptimizer ? 'images' : ''}`
      let tenant = byHost.get(key)
      if (tenant === undefined) {
        tenant = toTenant(host, site, features)
        byHost.set(key, tenant)
      }
      return tenant
    },
  }
}

const NO_FEATURES: TenantFeatures = { imageOptimizer: false }

/** The tenant view of a site config, built afresh (requests go through a {@link TenantViews}). */
export function toTenant(host: string, site: SiteConfig, features: TenantFeatures = NO_FEATURES): Tenant {
  const rules = toSiteRules(site)
  const routing = {
    languages: [...rules.languages],
    defaultLanguage: rules.defaultLanguage,
    searchRoute: searchRouteOf(site),
    pathMapping: [...rules.pathMapping],
  }
  const publicSite = toPublicSite(site, routing, features)
  const addresses = new Map<Lang, (routerPath: string) => string>()
  let code: SiteCode | undefined
  return {
    host,
    site,
    rules,
    ...routing,
    publicSite,
    browserSite: toBrowserSite(publicSite),
    features,
    address(language) {
      let address = addresses.get(language)
      if (address === undefined) {
        address = createSiteAddress({ language, ...routing })
        addresses.set(language, address)
      }
      return address
    },
    siteCode() {
      code ??= toSiteCode(site)
      return code
    },
  }
}
