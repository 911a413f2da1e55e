import type { z } from 'zod'
import type { Lang, ShowPath, SitePageConfig } from '../../shared/types.ts'
import { dataKey, pageConfigKey } from '../cache/cache-keys.ts'
import { entityTag, entityTagsOf } from '../cache/entity-tags.ts'
import type { ObjectMemo } from '../cache/object-memo.ts'
import { recordUse, type PageUses } from '../cache/page-uses.ts'
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
  /** Values derived from the objects read here (a page's parsed config), kept while they are cached. */
  derived: ObjectMemo
}

/**
 * The upstream reads of one request, bound to its tenant, language and call headers. With `uses`,
 * the cache keys of the page-specific answers read (page configs and cached data) are recorded
 * there, here rather than in each loader, so a purge of the page can drop what it was built from.
 */
export function createTenantData(
  sites: SiteRepository,
  host: string,
  language: Lang,
  context: UpstreamCallContext,
  uses?: PageUses,
): TenantData {
  return {
    derived: sites.derived,
    page: async (where) => {
      const page = { language, ...where }
      const config = await sites.getPage(host, page, context)
      const tag = config ? entityTag('page', config.page_id) : null
      recordUse(uses, pageConfigKey(host, page), tag === null ? [] : [tag])
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
      if (uses !== undefined) {
        // Walked once per cached answer (an answer object comes from one upstream path), not per page.
        const tags =
          typeof value === 'object' && value !== null
            ? sites.derived.get(value, entityTagsOf, () => entityTagsOf(path, value))
            : entityTagsOf(path, value)
        recordUse(uses, cache ? dataKey(host, path, body) : null, tags)
      }
      return value
    },
  }
}
