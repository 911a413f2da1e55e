import type { Lang } from '../../shared/types.ts'
import { dataKey, pageConfigKey } from '../cache/cache-keys.ts'
import { entityTagsOf } from '../cache/entity-tags.ts'
import { recordUse, type PageUses } from '../cache/page-uses.ts'
import type { TenantData } from '../page-data/loader-env.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import type { UpstreamCallContext } from '../upstream/client.ts'

/**
 * The upstream reads of one request, bound to its tenant, language and call headers. With `uses`,
 * the cache keys of the page-specific answers read (page configs and cached data) are recorded
 * there, here rather than in each loader, so a purge of the page can drop what it was built from.
 */
export function createTenantData(sites: SiteRepository, host: string, language: Lang, context: UpstreamCallContext, uses?: PageUses): TenantData {
  return {
    page: async (where) => {
      const page = { language, ...where }
      const config = await sites.getPage(host, page, context)
      recordUse(uses, pageConfigKey(host, page), config ? [`page:${config.page_id}`] : [])
      return config
    },
    showPaths: async () => {
      const rows = await sites.getShowPaths(host, context)
      // The site's page list: site-level, like its config.
      recordUse(uses, null, ['site'])
      return rows
    },
    data: async (path, body, schema, options) => {
      const cache = options?.cache ?? true
      const value = await sites.getData(host, path, body, schema, context, { cache })
      recordUse(uses, cache ? dataKey(host, path, body) : null, entityTagsOf(path, value))
      return value
    },
  }
}
