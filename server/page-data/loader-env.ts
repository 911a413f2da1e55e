import type { Params } from 'react-router'
import type { PageUrls } from '../../shared/seo/build-page-head.ts'
import type { SeoEnv } from '../seo/seo-env.ts'
import type { TenantData } from '../tenant/tenant-data.ts'
import type { Markdown } from './markdown.ts'

/** Everything a server loader may use. Paths are router paths unless named `browser…`. */
export interface LoaderEnv extends SeoEnv {
  request: Request
  url: URL
  params: Params
  /** The path the visitor asked for (language prefix and mapping included), for messages. */
  browserPath: string
  /** The canonical URL and hreflang alternates of a router path (shared/seo/build-page-head.ts). */
  pageUrls: (routerPath: string) => PageUrls
  upstream: TenantData
  /** Upstream markdown and rich text made safe, memoized per server. */
  markdown: Markdown
  /** The clock (ms since the epoch), for data that depends on when it is read ("3 hours ago"). */
  now: () => number
  /**
   * How long the page built from this data may still be answered after it is loaded (the HTML
   * cache, then shared caches): data that depends on the clock must hold for that long. 0 when
   * nothing keeps the page.
   */
  pageLifetimeMs: number
}

/** Loads one route's data on the server; throws react-router `data()` responses for 4xx. */
export type ServerLoader = (env: LoaderEnv) => Promise<unknown>
