import { toPublicSite, type PublicSite } from '../../shared/data/public-site.ts'
import { createSiteAddress } from '../../shared/routing/site-address.ts'
import type { Lang, SiteConfig } from '../../shared/types.ts'
import { LANGUAGES } from '../../shared/types.ts'

/** A site config with everything derived from it that requests need, computed once per config. */
export interface Tenant {
  host: string
  site: SiteConfig
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
  const global = site.page_config.global_config
  const defaultLanguage: Lang = (LANGUAGES as readonly string[]).includes(global.default_language) ? global.default_language : 'zh'
  const languages = [defaultLanguage]
  for (const entry of site.language_config.language_list) {
    if (entry.status === 1 && !languages.includes(entry.language)) languages.push(entry.language)
  }
  const searchRoute = /^[A-Za-z0-9_-]+$/.test(global.search_route ?? '') ? global.search_route : 's'
  const pathMapping = [...(site.path_mapping ?? [])]
    .filter((pair) => pair.from.startsWith('/') && pair.to.startsWith('/') && pair.from !== pair.to)
    .sort((a, b) => b.from.length - a.from.length)
  const routing = { languages, defaultLanguage, searchRoute, pathMapping }
  const addresses = new Map<Lang, (routerPath: string) => string>()
  return {
    host,
    site,
    ...routing,
    publicSite: toPublicSite(site, routing),
    address(language) {
      let address = addresses.get(language)
      if (address === undefined) {
        address = createSiteAddress({ language, defaultLanguage, searchRoute, pathMapping })
        addresses.set(language, address)
      }
      return address
    },
  }
}
