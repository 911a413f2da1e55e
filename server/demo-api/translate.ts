import type { Lang, MenuItem, SiteConfig } from '../../shared/types.ts'
import type { DemoTenant } from './tenant.ts'

/**
 * The site config as seen in one language: the tenant's translated texts replace the default ones. A copy is
 * returned, so answers never share objects with the tenant data (callers may mutate what they receive).
 */
export function siteConfigFor(tenant: DemoTenant, language: Lang | undefined): SiteConfig {
  const site = structuredClone(tenant.site)
  const text = language ? tenant.translations[language] : undefined
  const enabled = site.language_config.language_list.some((entry) => entry.language === language && entry.status === 1)
  if (!text || !enabled) return site

  if (text.app_name) {
    site.base_info.app_name = text.app_name
    site.header_config.logo_config.text = text.app_name
  }
  if (text.description) site.base_info.description = text.description
  if (text.announcement && site.base_info.announcement) site.base_info.announcement.content = text.announcement
  if (text.search_placeholder) site.search_config.placeholder = text.search_placeholder
  if (text.menu) {
    const names = text.menu
    const rename = (items: MenuItem[]): MenuItem[] =>
      items.map((item) => ({
        ...item,
        name: names[item.url] ?? item.name,
        ...(item.children ? { children: rename(item.children) } : {}),
      }))
    site.header_config.menu = rename(site.header_config.menu)
    site.footer_config.links = rename(site.footer_config.links)
  }
  return site
}
