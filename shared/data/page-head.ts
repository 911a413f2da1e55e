/** The document head of a page, computed with its data (SEO rules live in shared/seo/). */
export interface PageHead {
  title: string
  description: string
  keywords: string
  /** Absolute canonical URL, or null when the site sets none. */
  canonical: string | null
  /** e.g. 'noindex' for error and search pages. */
  robots?: string
}

/** Every page route's loader data carries its head; content pages may also override site blocks. */
export interface PageDataBase {
  head: PageHead
  blocks?: import('./public-site.ts').SiteBlocks
  /** The outcome of a form posted to this page without JavaScript (server/routes/form-post.ts). */
  formResult?: import('../forms/form-result.ts').FormResult
}

/** Root route data: the public site and the page language. */
export interface RootData {
  site: import('./public-site.ts').PublicSite
  language: import('../types.ts').Lang
  /** Router paths the site's menus link to that the browser must load as documents (files, whole documents). */
  documentPaths: string[]
}
