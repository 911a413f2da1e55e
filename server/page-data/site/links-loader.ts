import type { LinksPageData, SiteLinkEntry } from '../../../shared/data/site-data.ts'
import { buildPageHead } from '../../../shared/seo/build-page-head.ts'
import type { LinkGroup } from '../../../shared/content-types.ts'
import { linksSchema } from '../../upstream/schemas.ts'
import type { ServerLoader } from '../loader-env.ts'
import { safeMediaUrl } from '../../../shared/rules/safe-url.ts'
import { parseGotoTarget } from './goto-target.ts'

/**
 * The entries worth a card: links whose URL is a safe absolute http(s) address (the admin backend
 * accepts any text, and a `javascript:` link must never become a clickable card).
 */
function toLinkGroups(rows: LinkGroup[]): LinksPageData['groups'] {
  const groups: LinksPageData['groups'] = []
  for (const group of rows) {
    const links: SiteLinkEntry[] = []
    for (const item of group.list) {
      const target = parseGotoTarget(item.url.trim())
      if (target === null) continue
      links.push({
        name: item.name.trim() || target.host,
        url: target.url,
        logo: safeMediaUrl(item.logo_url) ?? '',
        description: item.description?.trim() ?? '',
        host: target.host,
      })
    }
    if (links.length > 0) groups.push({ name: group.name.trim(), links })
  }
  return groups
}

/** `/links`: the site's link groups (`/v1/links/get`). */
export const links: ServerLoader = async (env) => {
  const { rows } = await env.upstream.data('/v1/links/get', {}, linksSchema)
  const data: LinksPageData = {
    kind: 'links',
    groups: toLinkGroups(rows),
    head: buildPageHead({ site: env.tenant.site, fallbackTitle: env.t('links'), urls: env.pageUrls('/links') }),
  }
  return data
}
