import type { Lang } from '../../shared/types.ts'
import { dataKey, pageConfigKey } from '../cache/cache-keys.ts'
import type { TenantData } from '../page-data/loader-env.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import type { UpstreamCallContext } from '../upstream/client.ts'

/**
 * The upstream reads of one request, bound to its tenant, language and call headers. With `uses`,
 * the cache keys of the page-specific answers read (page configs and cached data) are recorded
 * there, here rather than in each loader, so a purge of the page can drop what it was built from.
 */
export function createTenantData(sites: SiteRepository, host: string, language: Lang, context: UpstreamCallContext, uses?: Set<string>): TenantData {
  return {
    page: (where) => {
      const page = { language, ...where }
      uses?.add(pageConfigKey(host, page))
      return sites.getPage(host, page, context)
    },
    showPaths: () => sites.getShowPaths(host, context),
    data: (path, body, schema, options) => {
      const cache = options?.cache ?? true
      if (cache) uses?.add(dataKey(host, path, body))
      return sites.getData(host, path, body, schema, context, { cache })
    },
  }
}
