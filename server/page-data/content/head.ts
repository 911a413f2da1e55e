import type { JsonLd, PageHead } from '../../../shared/data/page-head.ts'
import { buildPageHead } from '../../../shared/seo/build-page-head.ts'
import type { SitePageConfig, Tdk, TdkKey } from '../../../shared/types.ts'
import type { LoaderEnv } from '../loader-env.ts'
import { safeHttpUrl } from '../../../shared/rules/safe-url.ts'

/**
 * The head of a content page: the page's own TDK when it sets one; outline pages otherwise use the
 * site's doc_page_config (article name = the node it opens at, description = its first paragraph); other pages
 * "page title - site name". On the home page the site's index TDK comes before the fallback.
 * The page's canonical_link overrides the computed canonical address.
 */
export function contentHead(
  env: Pick<LoaderEnv, 'tenant' | 'pageUrls'>,
  page: SitePageConfig,
  options: {
    routerPath: string
    description: string
    articleName?: string | undefined
    home: boolean
    image?: string | null
    imageAlt?: string
    jsonLd?: (JsonLd | null)[]
  },
): PageHead {
  const tdkKey: TdkKey | undefined =
    page.page_type === 'outline' ? 'doc_page_config' : options.home ? 'index_page_config' : undefined
  const ownCanonical = safeHttpUrl(page.seo_config?.canonical_link)
  return buildPageHead({
    site: env.tenant.site,
    pageTdk: ownTdk(page.seo_config?.tdk),
    tdkKey,
    values: { articleName: options.articleName ?? page.title, articleDescription: options.description },
    fallbackTitle: page.title,
    fallbackDescription: options.description,
    urls: env.pageUrls(options.routerPath),
    ownCanonical,
    pageType: page.page_type,
    image: options.image,
    imageAlt: options.imageAlt,
    ...(options.jsonLd ? { jsonLd: options.jsonLd } : {}),
  })
}

/** A page TDK counts only when it says something; an all-empty entry means "not set". */
function ownTdk(tdk: Tdk | undefined): Tdk | undefined {
  if (!tdk) return undefined
  return tdk.title.trim() || tdk.description.trim() || tdk.keywords.trim() ? tdk : undefined
}
