import type { z } from 'zod'
import type { Lang, ShowPath, SitePageConfig } from '../../shared/types.ts'
import type { UpstreamCallContext } from '../upstream/client.ts'
import type { SiteRepository } from './site-repository.ts'

/** Upstream reads of one request, bound to its tenant and call headers. */
export interface TenantData {
  /** A content page's config (web_get), or null when the site has no such page. */
  page(key: { groupPath: string; pagePath: string }): Promise<SitePageConfig | null>
  /** The site's content pages (show_path), for route validation and lists. */
  showPaths(): Promise<ShowPath[]>
  /** Any other upstream read; cached for PAGE_TTL_MS unless `cache: false`. */
  data<T>(path: string, body: unknown, schema: z.ZodType<T>, options?: { cache?: boolean }): Promise<T>
}

/** The upstream reads of one request, bound to its tenant, language and call headers. */
export function createTenantData(sites: SiteRepository, host: string, language: Lang, context: UpstreamCallContext): TenantData {
  return {
    page: ({ groupPath, pagePath }) => sites.getPage(host, { language, groupPath, pagePath }, context),
    showPaths: () => sites.getShowPaths(host, context),
    data: (path, body, schema, options) => sites.getData(host, path, body, schema, context, { cache: options?.cache ?? true }),
  }
}
