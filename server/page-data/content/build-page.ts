import type { ContentBody, ContentPageData, ResourceHotData, RssHotView } from '../../../shared/data/content-data.ts'
import { notFound } from '../../../shared/data/page-errors.ts'
import type { JsonLd } from '../../../shared/data/page-head.ts'
import { faqLd } from '../../../shared/seo/json-ld.ts'
import type { SitePageConfig } from '../../../shared/types.ts'
import { absoluteHttpUrl } from '../../../shared/rules/safe-url.ts'
import { listLd, trailLd, websiteOf } from '../../seo/structured-data.ts'
import { ugcPostPageConfigSchema } from '../../upstream/schemas.ts'
import type { LoaderEnv } from '../loader-env.ts'
import { parsePage } from '../params.ts'
import { htmlExcerpt } from './excerpt.ts'
import { contentHead } from './head.ts'
import { mergePageBlocks } from './merge-blocks.ts'
import { parsePageConfig } from './page-config.ts'
import { loadPosts } from './posts.ts'
import { shapeCustom } from './shapes/shape-custom.ts'
import { shapeLand } from './shapes/shape-land.ts'
import { shapeList } from './shapes/shape-list.ts'
import { shapeNav } from './shapes/shape-nav.ts'
import { shapeOutline } from './shapes/shape-outline.ts'
import { shapeResource } from './shapes/shape-resource.ts'
import { shapeRss } from './shapes/shape-rss.ts'
import { routerPathOf } from '../../../shared/routing/router-path.ts'

const UGC_PAGE_SIZE = 20

export interface BuildPageOptions {
  /** Where the page is shown (a content route, or `/` for the home page). */
  routerPath: string
  /** The extra segment of `/sp/:group/:path/:param`, if any. */
  param: string | null
  /** True when the page renders as the site's home page. */
  home: boolean
}

interface Shaped {
  body: ContentBody
  description?: string
  articleName?: string
  rssHot?: Promise<RssHotView[]>
  resourceHot?: Promise<ResourceHotData>
}

/** Loads and shapes everything a content page shows, its head and its merged site blocks. */
export async function buildContentPage(
  env: LoaderEnv,
  page: SitePageConfig,
  options: BuildPageOptions,
): Promise<ContentPageData> {
  const shaped = await shapeBody(env, page, options.param)
  const blocks = mergePageBlocks(env.tenant.site, page)
  const data: ContentPageData = {
    kind: 'content',
    head: contentHead(env, page, {
      routerPath: options.routerPath,
      description: shaped.description ?? '',
      articleName: shaped.articleName,
      home: options.home,
      ...shareImage(env, shaped.body),
      jsonLd: structuredData(env, page, shaped.body, options),
    }),
    page: { id: page.page_id, type: page.page_type, title: page.title.trim(), routerPath: options.routerPath },
    body: shaped.body,
    ...(blocks ? { blocks } : {}),
    ...(shaped.rssHot ? { rssHot: shaped.rssHot } : {}),
    ...(shaped.resourceHot ? { resourceHot: shaped.resourceHot } : {}),
  }
  return data
}

async function shapeBody(env: LoaderEnv, page: SitePageConfig, param: string | null): Promise<Shaped> {
  // Only rss (a source) and list (a page number) pages take the extra segment.
  if (param !== null && page.page_type !== 'rss' && page.page_type !== 'list')
    throw notFound('invalid', env.browserPath)
  switch (page.page_type) {
    case 'nav':
    case 'ai': {
      const body = shapeNav(page.page_config, page.page_type, env.upstream.derived)
      return { body, description: body.intro ?? '' }
    }
    case 'custom': {
      const body = shapeCustom(page.page_config, env.markdown, env.upstream.derived)
      return { body, description: body.format === 'html' ? htmlExcerpt(body.html) : '' }
    }
    case 'rss': {
      const { body, hot } = await shapeRss(env, page.page_config, page.page_path, param, paramBase(page))
      return { body, rssHot: hot }
    }
    case 'land': {
      const body = await shapeLand(env, page.page_config)
      const lead = body.modules.find(
        (module) => module.type === 'product_overview' || module.type === 'product_image_overview',
      )
      return { body, description: lead && 'description' in lead ? lead.description : '' }
    }
    case 'list': {
      const body = await shapeList(env, page.page_config, {
        pageId: page.page_id,
        page: parsePage(param, env),
        pageBase: paramBase(page),
      })
      // A page number past the end is an address that shows nothing.
      if (body.page > body.pages) throw notFound('invalid', env.browserPath)
      return { body }
    }
    case 'resource': {
      const { body, hot } = await shapeResource(env, page.page_config)
      return { body, resourceHot: hot, description: body.description }
    }
    case 'outline': {
      // The document opens at its first node with content: that node is the "article" of the doc TDK.
      const { body, excerpt, firstTitle } = shapeOutline(page.page_config, env.markdown, env.upstream.derived)
      return { body, description: excerpt, articleName: firstTitle || page.title }
    }
    case 'ugc_post': {
      const config = parsePageConfig(ugcPostPageConfigSchema, page.page_config, 'ugc_post', env.upstream.derived)
      const categoryId = config.category_id?.trim() || null
      const { posts, total } = await loadPosts(env, { categoryId, limit: UGC_PAGE_SIZE })
      return { body: { kind: 'ugc_post', categoryId, posts, total } }
    }
  }
}

/** JSON-LD of a content page: the site on the home page, the trail to a document, a landing page's FAQ. */
function structuredData(
  env: LoaderEnv,
  page: SitePageConfig,
  body: ContentBody,
  options: BuildPageOptions,
): (JsonLd | null)[] {
  const entities: (JsonLd | null)[] = []
  if (options.home) entities.push(websiteOf(env))
  if (body.kind === 'outline' && !options.home) entities.push(trailLd(env, [[page.title, options.routerPath]]))
  if (body.kind === 'land')
    entities.push(faqLd(body.modules.flatMap((module) => (module.type === 'faq' ? module.items : []))))
  if (body.kind === 'list')
    entities.push(
      listLd(
        env,
        body.items.map((item) => ({ name: item.title, path: item.routerPath })),
      ),
    )
  return entities
}

/**
 * A landing page's share image: the picture of its first overview module that has one, with the
 * alt the page gives it (the module's heading, land-view.tsx).
 */
function shareImage(env: LoaderEnv, body: ContentBody): { image?: string; imageAlt?: string } {
  if (body.kind !== 'land') return {}
  for (const module of body.modules) {
    if (
      (module.type === 'product_overview' || module.type === 'product_image_overview') &&
      module.media?.type === 'image'
    ) {
      const url = absoluteHttpUrl(module.media.url, env.absoluteUrl)
      if (url) return { image: url, imageAlt: module.heading }
    }
  }
  return {}
}

/**
 * The router path that `/sp/:group/:path/:param` addresses of this page extend, or null: that route
 * exists only for pages with a group.
 */
function paramBase(page: SitePageConfig): string | null {
  return page.group_path ? routerPathOf(page) : null
}
