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
  const tags: HeadTag[] = [{ tag: 'title', text: page.title }]
  const meta = (name: string, content: string | undefined) => {
    if (content) tags.push({ tag: 'meta', attrs: { name, content } })
  }
  const property = (name: string, content: string | undefined) => {
    if (content) tags.push({ tag: 'meta', attrs: { property: name, content } })
  }
  meta('description', page.description)
  meta('keywords', page.keywords)
  meta('robots', page.robots)
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

  // Open Graph and Twitter cards (docs/STANDARDS.md): what a link preview shows.
  const image = page.image || site.image
  // The preview's alt is the page's own alt for the same picture (the logo's: the site's name).
  const imageAlt = page.image ? page.imageAlt : site.image ? site.imageAlt : undefined
  property('og:type', page.ogType ?? 'website')
  property('og:title', page.title)
  property('og:description', page.description)
  property('og:url', page.canonical ?? undefined)
  property('og:site_name', site.siteName)
  property('og:locale', site.locale)
  for (const locale of site.localeAlternates) property('og:locale:alternate', locale)
  property('og:image', image)
  property('og:image:alt', imageAlt)
  if (page.ogType === 'article' && page.published) {
    property('article:published_time', page.published.at)
    property('article:modified_time', page.published.modified)
  }
  meta('twitter:card', page.image ? 'summary_large_image' : 'summary')
  meta('twitter:title', page.title)
  meta('twitter:description', page.description)
  meta('twitter:image', image)
  meta('twitter:image:alt', imageAlt)

  for (const entity of page.jsonLd ?? []) {
    tags.push({
      tag: 'script',
      attrs: { type: 'application/ld+json' },
      html: serializeForScript({ '@context': 'https://schema.org', ...entity }),
    })
  }
  // Site code once, even when the head and the page-type entries repeat an element.
  const seen = new Set<string>()
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
