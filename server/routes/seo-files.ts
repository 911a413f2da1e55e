import type { Context, Handler, MiddlewareHandler } from 'hono'
import { decideRedirect } from '../../shared/rules/redirect-decision.ts'
import type { Lang } from '../../shared/types.ts'
import type { Post } from '../../shared/content-types.ts'
import type { AppEnv } from '../app-env.ts'
import { sharedFile } from '../http/answer-policy.ts'
import { etagOf } from '../http/conditional-request.ts'
import { htmlError } from '../render/html-error.ts'
import { renderPostFeed } from '../seo/post-feed.ts'
import { robotsTxt } from '../seo/robots.ts'
import { absoluteHttpUrl } from '../../shared/rules/safe-url.ts'
import { FEED_PATH } from '../seo/site-head.ts'
import { collectSitemapEntries, type CollectOptions } from '../seo/sitemap-entries.ts'
import {
  chunkSitemap,
  renderSitemapIndex,
  renderUrlset,
  SITEMAP_LIMITS,
  toSitemapItems,
  type SitemapLimits,
} from '../seo/sitemap-xml.ts'
import { createTenantData } from '../tenant/tenant-data.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import { postPageSchema } from '../upstream/schemas.ts'

export interface SeoFileOptions {
  sites: SiteRepository
  /** Per-file limits of the sitemap protocol (tests lower them). */
  sitemapLimits?: SitemapLimits
  sitemap?: CollectOptions
}

/** Posts in the feed. */
const FEED_SIZE = 30
// The files change when the site's content does; crawlers may keep them for an hour.
const CACHE = 'public, max-age=3600'

/** `/robots.txt` of the tenant (server/seo/robots.ts). */
export function robotsRoute(): Handler<AppEnv> {
  return function robots(c) {
    c.set('routeName', 'robots')
    return seoFile(c, robotsTxt(c.get('tenant'), c.get('publicOrigin')), 'text/plain; charset=utf-8')
  }
}

/**
 * `/sitemap.xml`, and `/sitemap-N.xml` when the site needs more than one file: then `/sitemap.xml`
 * is the index naming them. Only the tenant's own absolute URLs, on its published origin.
 */
export function sitemapRoute(options: SeoFileOptions): MiddlewareHandler<AppEnv> {
  const limits = options.sitemapLimits ?? SITEMAP_LIMITS
  return async function sitemap(c, next) {
    if (!SITEMAP_NAME.test(c.req.path)) return next()
    c.set('routeName', 'sitemap')
    const file = parseSitemapFile(c.req.path)
    if (file === null) return notFound()
    const tenant = c.get('tenant')
    const origin = c.get('publicOrigin')
    const data = createTenantData(options.sites, tenant.host, tenant.defaultLanguage, c.get('upstreamContext'))
    let entries: Awaited<ReturnType<typeof collectSitemapEntries>>
    try {
      entries = await collectSitemapEntries(data, options.sitemap)
    } catch (error) {
      c.get('log').error({ err: error, url: c.req.url }, 'sitemap data failed')
      return c.body('Sitemap temporarily unavailable', 503, {
        'content-type': 'text/plain; charset=utf-8',
        'retry-after': '60',
      })
    }
    const items = toSitemapItems(entries, {
      languages: tenant.languages,
      defaultLanguage: tenant.defaultLanguage,
      url: (language, routerPath) => origin + tenant.address(language as Lang)(routerPath),
    })
    const xml = await sitemapFile(file, chunkSitemap(items, limits), origin)
    return xml === null ? notFound() : seoFile(c, xml, 'application/xml; charset=utf-8')
  }
}

/**
 * Sitemap file `file` (0 for `/sitemap.xml`) of a site's URLs in `chunks`: `/sitemap.xml` is the
 * only file of a site that needs one, else the index naming `/sitemap-N.xml`; null when there is no
 * such file.
 */
async function sitemapFile(
  file: number,
  chunks: ReturnType<typeof chunkSitemap>,
  origin: string,
): Promise<string | null> {
  if (file === 0) {
    return chunks.length === 1
      ? renderUrlset(chunks[0] ?? [])
      : renderSitemapIndex(chunks.map((_, index) => `${origin}/sitemap-${index + 1}.xml`))
  }
  const chunk = chunks.length > 1 ? chunks[file - 1] : undefined
  return chunk === undefined ? null : renderUrlset(chunk)
}

/**
 * Every address answered as a sitemap file, those that name none (`/sitemap-0.xml`) with 404. Tested
 * here rather than as a route pattern, so the route table stays within Hono's regular-expression
 * router (a pattern parameter beside the catch-all routes would send it to the slower trie router).
 */
const SITEMAP_NAME = /^\/sitemap(-[0-9]+)?\.xml$/

/** 0 for `/sitemap.xml`, N for `/sitemap-N.xml`, null for anything else. */
function parseSitemapFile(path: string): number | null {
  if (path === '/sitemap.xml') return 0
  const match = /^\/sitemap-([1-9]\d{0,5})\.xml$/.exec(path)
  return match ? Number(match[1]) : null
}

/**
 * The post feed at `/post/feed.xml` in each language, under the same rules as pages: the language
 * prefix and the site's path mapping apply (`/en/articles/feed.xml`). Anything else passes on.
 */
export function feedRoute(options: SeoFileOptions): MiddlewareHandler<AppEnv> {
  return async function feed(c, next) {
    if (!c.req.path.endsWith('/feed.xml')) return next()
    const tenant = c.get('tenant')
    const origin = c.get('publicOrigin')
    const decision = decideRedirect({
      pathname: new URL(c.req.url).pathname,
      search: '',
      site: tenant.rules,
      // The feed's language comes from its address alone, so one URL is one cacheable file.
      langCookie: undefined,
      acceptLanguage: undefined,
      allowBrowserLanguageRedirect: false,
    })
    // Redirects (another spelling, an unmapped form) and bad addresses are the page route's job.
    if (decision.kind !== 'render' || decision.routePath !== FEED_PATH) return next()
    c.set('routeName', 'feed')
    const language = decision.language
    const data = createTenantData(options.sites, tenant.host, language, c.get('upstreamContext'))
    let posts: Post[]
    try {
      posts = (await data.data('/v1/post/list', { page: 1, page_size: FEED_SIZE }, postPageSchema)).rows
    } catch (error) {
      c.get('log').error({ err: error, url: c.req.url }, 'feed data failed')
      return c.body('Feed temporarily unavailable', 503, {
        'content-type': 'text/plain; charset=utf-8',
        'retry-after': '60',
      })
    }
    const url = (routerPath: string) => origin + tenant.address(language)(routerPath)
    const xml = renderPostFeed({
      siteName: tenant.site.base_info.app_name,
      description: tenant.site.base_info.description ?? '',
      language,
      url,
      self: url(FEED_PATH),
      image: absoluteHttpUrl(tenant.site.base_info.logo, url),
      posts,
    })
    return seoFile(c, xml, 'application/rss+xml; charset=utf-8')
  }
}

/** A file's answer, with the entity tag of its text (answer/answer-writer.ts answers 304s). */
function seoFile(c: Context<AppEnv>, text: string, contentType: string): Response {
  c.set('answer', { ...sharedFile(CACHE), etag: etagOf([text]) })
  return c.body(text, 200, { 'content-type': contentType })
}

function notFound(): Response {
  return htmlError('no-such-file')
}
