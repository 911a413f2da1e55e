import type { NavBody, NavSiteView } from '../../../../shared/data/content-data.ts'
import type { NavSite } from '../../../../shared/content-types.ts'
import { navPageConfigSchema } from '../../../upstream/schemas.ts'
import type { ObjectMemo } from '../../../cache/object-memo.ts'
import { parsePageConfig } from '../page-config.ts'
import { safeHttpUrl, safeMediaUrl } from '../../../../shared/rules/safe-url.ts'

function toSite(site: NavSite): NavSiteView {
  const pricing = site.pricing?.trim()
  return {
    title: site.title.trim(),
    url: safeHttpUrl(site.url),
    icon: safeMediaUrl(site.icon),
    description: site.description.trim(),
    tags: (site.tags ?? []).map((tag) => tag.trim()).filter((tag) => tag !== ''),
    pricing: pricing ? pricing : null,
  }
}

/** A navigation or AI-tools page: groups → tabs → visible site cards; empty tabs and groups are left out. */
export function shapeNav(pageConfig: unknown, variant: 'nav' | 'ai', memo?: ObjectMemo): NavBody {
  const config = parsePageConfig(navPageConfigSchema, pageConfig, variant, memo)
  const groups = config.groups
    .map((group) => ({
      name: group.group_name.trim(),
      tabs: group.tabs
        .map((tab) => ({
          name: tab.tab_name.trim(),
          sites: tab.sites.filter((site) => site.is_show === 1 && site.title.trim() !== '').map(toSite),
        }))
        .filter((tab) => tab.sites.length > 0),
    }))
    .filter((group) => group.tabs.length > 0)
  const intro = config.intro?.trim()
  return { kind: 'nav', variant, intro: intro ? intro : null, groups }
}
