import { Readable } from 'node:stream'
import { ErrorLevel, SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap'
import type { SitemapEntry } from './sitemap-entries.ts'

/** The limits per file of the Sitemaps protocol (docs/STANDARDS.md). */
export interface SitemapLimits {
  maxUrls: number
  maxBytes: number
}
export const SITEMAP_LIMITS: SitemapLimits = { maxUrls: 50_000, maxBytes: 50 * 1024 * 1024 }

export interface SitemapSite {
  languages: readonly string[]
  defaultLanguage: string
  /** Absolute URL of a router path in a language (published origin, prefix and mapping applied). */
  url(language: string, routerPath: string): string
}

/**
 * One `<url>` per page and language, each listing every language version and `x-default` as
 * `xhtml:link` alternates (Sitemap `xhtml:link` alternates, docs/STANDARDS.md). A page that is one
 * address in every language is one `<url>` with none, as its head says; one whose own canonical
 * address is on another origin is left to that origin's sitemap.
 */
export function toSitemapItems(entries: readonly SitemapEntry[], site: SitemapSite): SitemapItemLoose[] {
  const items: SitemapItemLoose[] = []
  const home = site.url(site.defaultLanguage, '/')
  for (const entry of entries) {
    const lastmod = entry.lastmod ? { lastmod: entry.lastmod } : {}
    if (entry.single) {
      const url = entry.single.canonical ?? site.url(site.defaultLanguage, entry.routerPath)
      if (new URL(url).origin === new URL(home).origin) items.push({ url, ...lastmod, links: [] })
      continue
    }
    const links =
      site.languages.length < 2
        ? []
        : [
            ...site.languages.map((lang) => ({ lang, url: site.url(lang, entry.routerPath) })),
            { lang: 'x-default', url: site.url(site.defaultLanguage, entry.routerPath) },
          ]
    for (const language of site.languages) items.push({ url: site.url(language, entry.routerPath), ...lastmod, links })
  }
  return dedupeUrls(items)
}

/** A page's own canonical address may be another entry's address too: each URL once. */
function dedupeUrls(items: SitemapItemLoose[]): SitemapItemLoose[] {
  const seen = new Set<string>()
  return items.filter((item) => !seen.has(item.url) && seen.add(item.url))
}

/** Splits items into files within the limits (bytes estimated generously from the URL lengths). */
export function chunkSitemap(
  items: readonly SitemapItemLoose[],
  limits: SitemapLimits = SITEMAP_LIMITS,
): SitemapItemLoose[][] {
  const chunks: SitemapItemLoose[][] = []
  let current: SitemapItemLoose[] = []
  let bytes = 0
  // Header and footer of a urlset, with room to spare.
  const overhead = 512
  for (const item of items) {
    const size = estimateBytes(item)
    if (current.length > 0 && (current.length >= limits.maxUrls || overhead + bytes + size > limits.maxBytes)) {
      chunks.push(current)
      current = []
      bytes = 0
    }
    current.push(item)
    bytes += size
  }
  if (current.length > 0 || chunks.length === 0) chunks.push(current)
  return chunks
}

function estimateBytes(item: SitemapItemLoose): number {
  // Escaping can at most multiply a URL by 5 (`&` → `&amp;`), but URLs here are percent-encoded: ×1.2 is ample.
  let size = 64 + item.url.length * 1.2 + (item.lastmod ? 48 : 0)
  for (const link of item.links ?? []) size += 64 + link.url.length * 1.2 + link.lang.length
  return Math.ceil(size)
}

/** A `<urlset>` with the xhtml namespace for the language alternates. */
export async function renderUrlset(items: readonly SitemapItemLoose[]): Promise<string> {
  const stream = new SitemapStream({
    xmlns: { news: false, video: false, image: false, xhtml: true },
    level: ErrorLevel.THROW,
  })
  return (await streamToPromise(Readable.from(items).pipe(stream))).toString('utf8')
}

/** A `<sitemapindex>` naming the child sitemaps. */
export async function renderSitemapIndex(urls: readonly string[], lastmod?: string): Promise<string> {
  const stream = new SitemapIndexStream({ level: ErrorLevel.THROW })
  return (
    await streamToPromise(Readable.from(urls.map((url) => ({ url, ...(lastmod ? { lastmod } : {}) }))).pipe(stream))
  ).toString('utf8')
}
