import type { Params } from 'react-router'
import type { z } from 'zod'
import type { Translate } from '../../shared/i18n/translator.ts'
import type { PageUrls } from '../../shared/seo/page-head.ts'
import type { Lang, ShowPath, SitePageConfig } from '../../shared/types.ts'
import type { Tenant } from '../tenant/tenant.ts'

/** Upstream reads of one request, bound to its tenant and call headers. */
export interface TenantData {
  /** A content page's config (web_get), or null when the site has no such page. */
  page(key: { groupPath: string; pagePath: string }): Promise<SitePageConfig | null>
  /** The site's content pages (show_path), for route validation and lists. */
  showPaths(): Promise<ShowPath[]>
  /** Any other upstream read; cached for PAGE_TTL_MS unless `cache: false`. */
  data<T>(path: string, body: unknown, schema: z.ZodType<T>, options?: { cache?: boolean }): Promise<T>
}

/** Everything a server loader may use. Paths are router paths unless named `browser…`. */
export interface LoaderEnv {
  request: Request
  url: URL
  params: Params
  tenant: Tenant
  language: Lang
  /** The path the visitor asked for (language prefix and mapping included), for messages. */
  browserPath: string
  /** Absolute URL of a router path on this tenant in the page language, on the published origin. */
  absoluteUrl: (routerPath: string) => string
  /** The canonical URL and hreflang alternates of a router path (shared/seo/page-head.ts). */
  pageUrls: (routerPath: string) => PageUrls
  upstream: TenantData
  t: Translate
  /** The clock (ms since the epoch), for data that depends on when it is read ("3 hours ago"). */
  now: () => number
  /**
   * How long the page built from this data may still be answered after it is loaded (the HTML
   * cache, then shared caches): data that depends on the clock must hold for that long. 0 when
   * nothing keeps the page.
   */
  pageLifetimeMs: number
  /**
   * Starts `task`, for deferred data that changes no markup: for a document once every loader of the
   * request has returned, so its upstream calls never compete with the ones the shell waits for; for
   * a payload (answered whole) at once. A loader must never await the result (it would wait for itself).
   */
  lowPriority: <T>(task: () => Promise<T>) => Promise<T>
}

/** Loads one route's data on the server; throws react-router `data()` responses for 4xx. */
export type ServerLoader = (env: LoaderEnv) => Promise<unknown>
