import type { Lang, PageType } from '../types.ts'

/** Attribute name → value, in output order. */
type HeadAttrs = Readonly<Record<string, string>>

/**
 * One element the server writes into the document (head, or end of body for site code) and the
 * browser keeps in step on navigation. `html` is the element's content, already safe to write
 * as-is (JSON-LD escaped like hydration data, site code re-serialised by the server's HTML parser).
 * Rendering and keying them is shared/seo/head-tag.ts.
 */
export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta' | 'link'; attrs: HeadAttrs }
  | { tag: 'script' | 'style' | 'noscript'; attrs: HeadAttrs; html: string }

/** One hreflang alternate of a page: a language code (or `x-default`) and an absolute URL. */
export interface HrefLang {
  hreflang: string
  href: string
}

/** A JSON-LD entity (schema.org), one `<script type="application/ld+json">` each. */
export type JsonLd = Record<string, unknown> & { '@type': string }

/**
 * The document head of a page, computed with its data (SEO rules live in shared/seo/). Turned into
 * head tags by shared/seo/head-tags.ts, on the server for the first page and in the browser after
 * each navigation.
 */
export interface PageHead {
  title: string
  description: string
  keywords: string
  /** Absolute canonical URL, or null for pages that have none (errors). */
  canonical: string | null
  /** e.g. 'noindex' for error pages, 'noindex, follow' for search results. */
  robots?: string
  /** The same page in every language of the site, with `x-default`; its own entry is `canonical`. */
  alternates?: HrefLang[]
  /** Open Graph type: `article` for posts. */
  ogType?: 'website' | 'article'
  /** Absolute http(s) URL of the share image (poster, cover), when the page has one. */
  image?: string
  /** What the share image shows: the same text as the picture's alt on the page. */
  imageAlt?: string
  /** ISO 8601 publication and change times of an article. */
  published?: { at: string; modified: string }
  jsonLd?: JsonLd[]
  /** Selects `global_config.customize_code[pageType]` (API.md). */
  pageType?: PageType
}

/**
 * The site's part of every head, computed once per tenant and language on the server and carried in
 * the root data (it never changes without a full page load).
 */
export interface SiteHead {
  siteName: string
  /** Favicon href, or ''. */
  favicon: string
  /** Absolute http(s) URL of the default share image (the site logo), or ''. */
  image: string
  /** What the default share image shows (the site's name, for its logo). */
  imageAlt: string
  /** Open Graph locale of the page language (`en_US`) and of the site's other languages. */
  locale: string
  localeAlternates: string[]
  /** Absolute URL of the post feed in this language. */
  feed: string
  /** Site code for the head (`customize_code`, already filtered), and per page type. */
  code: HeadTag[]
  pageCode: Partial<Record<PageType, HeadTag[]>>
}

/** Every page route's loader data carries its head; content pages may also override site blocks. */
export interface PageDataBase {
  /**
   * Left out of a document's hydration data (server/render/hydration.ts withoutPageHeads): the server
   * wrote it into that document, and only head-sync.tsx reads it in the browser, for later pages.
   */
  head: PageHead
  blocks?: import('./public-site.ts').SiteBlocks
}

/** Root route data: the public site, the page language and the site's part of the head. */
export interface RootData {
  site: import('./public-site.ts').BrowserSite
  language: Lang
  head: SiteHead
}
