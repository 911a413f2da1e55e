import type { Lang } from '../../shared/types.ts'
import type { TenantData } from '../page-data/loader-env.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import type { UpstreamCallContext } from '../upstream/client.ts'

/** The upstream reads of one request, bound to its tenant, language and call headers. */
export function createTenantData(sites: SiteRepository, host: string, language: Lang, context: UpstreamCallContext): TenantData {
  return {
    page: ({ groupPath, pagePath }) => sites.getPage(host, { language, groupPath, pagePath }, context),
    showPaths: () => sites.getShowPaths(host, context),
    data: (path, body, schema, options) => sites.getData(host, path, body, schema, context, { cache: options?.cache ?? true }),
  }
}
