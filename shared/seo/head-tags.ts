import type { HeadTag, PageHead, SiteHead } from '../data/page-head.ts'
import { serializeForScript } from '../html/serialize.ts'
import { headTagKey } from './head-tag.ts'

/**
 * The managed head of a page: the one list the server writes (server/render/document-shell.ts) and the
 * browser applies after a client navigation (shared/components/head-sync.tsx), so both always agree.
 * Order: title and TDK, robots, canonical and language alternates, icon and feed, Open Graph and
 * Twitter cards, JSON-LD, then the site's own code.
 */
export function toHeadTags(page: PageHead, site: SiteHead): HeadTag[] {
  return [
    ...documentTags(page, site),
    ...previewTags(page, site),
    ...(page.jsonLd ?? []).map(
      (entity): HeadTag => ({
        tag: 'script',
        attrs: { type: 'application/ld+json' },
        html: serializeForScript({ '@context': 'https://schema.org', ...entity }),
      }),
    ),
    ...siteCodeTags(page, site),
  ]
}

/** A `<meta name>` or `<meta property>` tag, none when there is no content. */
function metaTag(key: 'name' | 'property', name: string, content: string | undefined): HeadTag[] {
  return content ? [{ tag: 'meta', attrs: { [key]: name, content } }] : []
}

/** Title and TDK, robots, canonical and language alternates, icon and feed. */
function documentTags(page: PageHead, site: SiteHead): HeadTag[] {
  const tags: HeadTag[] = [
    { tag: 'title', text: page.title },
    ...metaTag('name', 'description', page.description),
    ...metaTag('name', 'keywords', page.keywords),
    ...metaTag('name', 'robots', page.robots),
  ]
  if (page.canonical) tags.push({ tag: 'link', attrs: { rel: 'canonical', href: page.canonical } })
  for (const alternate of page.alternates ?? []) {
    tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: alternate.hreflang, href: alternate.href } })
  }
  if (site.favicon) tags.push({ tag: 'link', attrs: { rel: 'icon', href: site.favicon } })
  if (site.feed)
    tags.push({
      tag: 'link',
      attrs: { rel: 'alternate', type: 'application/rss+xml', title: site.siteName, href: site.feed },
    })
  return tags
}

/** Open Graph and Twitter cards (docs/STANDARDS.md): what a link preview shows. */
function previewTags(page: PageHead, site: SiteHead): HeadTag[] {
  const image = page.image || site.image
  // The preview's alt is the page's own alt for the same picture (the logo's: the site's name).
  const imageAlt = page.image ? page.imageAlt : site.image ? site.imageAlt : undefined
  const article = page.ogType === 'article' ? page.published : undefined
  return [
    ...metaTag('property', 'og:type', page.ogType ?? 'website'),
    ...metaTag('property', 'og:title', page.title),
    ...metaTag('property', 'og:description', page.description),
    ...metaTag('property', 'og:url', page.canonical ?? undefined),
    ...metaTag('property', 'og:site_name', site.siteName),
    ...metaTag('property', 'og:locale', site.locale),
    ...site.localeAlternates.flatMap((locale) => metaTag('property', 'og:locale:alternate', locale)),
    ...metaTag('property', 'og:image', image),
    ...metaTag('property', 'og:image:alt', imageAlt),
    ...metaTag('property', 'article:published_time', article?.at),
    ...metaTag('property', 'article:modified_time', article?.modified),
    ...metaTag('name', 'twitter:card', page.image ? 'summary_large_image' : 'summary'),
    ...metaTag('name', 'twitter:title', page.title),
    ...metaTag('name', 'twitter:description', page.description),
    ...metaTag('name', 'twitter:image', image),
    ...metaTag('name', 'twitter:image:alt', imageAlt),
  ]
}

/** The site's own code, once, even when the head and the page-type entries repeat an element. */
function siteCodeTags(page: PageHead, site: SiteHead): HeadTag[] {
  const seen = new Set<string>()
  const tags: HeadTag[] = []
  for (const tag of [...site.code, ...(page.pageType ? (site.pageCode[page.pageType] ?? []) : [])]) {
    const key = headTagKey(tag)
    if (!seen.has(key)) {
      seen.add(key)
      tags.push(tag)
    }
  }
  return tags
}

/** The head of an error page: its title, never indexed, no canonical address. */
export function errorHead(title: string): PageHead {
  return { title, description: '', keywords: '', canonical: null, robots: 'noindex' }
}
