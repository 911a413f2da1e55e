import type {
  FooterConfig,
  GlobalConfig,
  HeaderConfig,
  Lang,
  LoginWay,
  MenuItem,
  Pendant,
  PendantConfig,
  SearchConfig,
  SiteConfig,
} from '../types.ts'

/**
 * The part of a site config that reaches the browser (it is serialised into every page). A
 * whitelist: nothing else of the upstream config, such as `site_id` or customer code snippets,
 * is ever copied here (STYLE.md "Hydration data is public").
 */
export interface PublicSite {
  name: string
  logo: string
  description: string
  favicon: string
  theme: GlobalConfig['theme']
  languages: Lang[]
  defaultLanguage: Lang
  pathMapping: { from: string; to: string }[]
  searchRoute: string
  wxAvoid: { enabled: boolean; style: 0 | 1 }
  announcement: string | null
  header: PublicHeader
  footer: PublicFooter
  pendant: PublicPendant
  search: PublicSearch
  /** Content images go through the same-origin optimising endpoint (`/_img/…`); else original URLs. */
  imageOptimizer: boolean
}

/**
 * What the root route's data carries of the public site (the browser reads it on every page): the
 * public site without the fields only the server reads, which it writes into the document itself
 * (the favicon and the share image are in the head, the description is the head's fallback).
 */
export type BrowserSite = Omit<PublicSite, 'logo' | 'description' | 'favicon'>

/** The browser's view of a public site (built once per tenant, like the public site). */
export function toBrowserSite({
  logo: _logo,
  description: _description,
  favicon: _favicon,
  ...site
}: PublicSite): BrowserSite {
  return site
}

/** A visible menu entry, as the header and footer link it (hidden ones are dropped, so no flag). */
export interface MenuLink {
  name: string
  url: string
  icon?: string
  children?: MenuLink[]
}

/** A visible pendant entry. */
export type PendantLink = Omit<Pendant, 'is_show'>

export interface PublicHeader {
  enabled: boolean
  logo: string
  text: string
  link: string
  menu: MenuLink[]
  loginWays: LoginWay[]
  googleClientId: string
}
export interface PublicFooter {
  enabled: boolean
  statement: string
  links: MenuLink[]
  friendshipLinks: { name: string; url: string }[]
}
export interface PublicPendant {
  enabled: boolean
  list: PendantLink[]
}
export interface PublicSearch {
  enabled: boolean
  placeholder: string
}

/** Header, footer, pendant and search blocks, after a page's own blocks are merged in. */
export interface SiteBlocks {
  header: PublicHeader
  footer: PublicFooter
  pendant: PublicPendant
  search: PublicSearch
}

export function toPublicHeader(header: HeaderConfig): PublicHeader {
  return {
    enabled: header.is_enable === 1,
    logo: header.logo_config.logo,
    text: header.logo_config.text,
    link: header.logo_config.link ?? '/',
    menu: visibleMenu(header.menu),
    loginWays: header.login_config.login_ways,
    googleClientId: header.google_config.client_id,
  }
}

export function toPublicFooter(footer: FooterConfig): PublicFooter {
  return {
    enabled: footer.is_enable === 1,
    statement: footer.statement,
    links: visibleMenu(footer.links),
    friendshipLinks: footer.friendship_links,
  }
}

export function toPublicPendant(pendant: PendantConfig): PublicPendant {
  return {
    enabled: pendant.is_enable === 1,
    list: pendant.list.filter((item) => item.is_show === 1).map(({ is_show: _shown, ...item }) => item),
  }
}

export function toPublicSearch(search: SearchConfig): PublicSearch {
  return { enabled: search.enable_search_bar === 1, placeholder: search.placeholder ?? '' }
}

function visibleMenu(items: MenuItem[]): MenuLink[] {
  return items
    .filter((item) => item.is_show === 1)
    .map(({ is_show: _shown, children, ...item }) => (children ? { ...item, children: visibleMenu(children) } : item))
}

/** What the public site needs from the routing rules, computed once per tenant by the caller. */
export interface PublicRouting {
  languages: Lang[]
  defaultLanguage: Lang
  searchRoute: string
  pathMapping: { from: string; to: string }[]
}

/** Builds the public view of a site config (once per tenant and config version). */
export function toPublicSite(
  site: SiteConfig,
  routing: PublicRouting,
  features: { imageOptimizer: boolean },
): PublicSite {
  const announcement = site.base_info.announcement
  return {
    name: site.base_info.app_name,
    logo: site.base_info.logo,
    description: site.base_info.description ?? '',
    favicon: site.seo_config.favicon,
    theme: site.page_config.global_config.theme,
    languages: routing.languages,
    defaultLanguage: routing.defaultLanguage,
    pathMapping: routing.pathMapping,
    searchRoute: routing.searchRoute,
    wxAvoid: {
      enabled: site.page_config.global_config.wx_avoid.is_enabled === 1,
      style: site.page_config.global_config.wx_avoid.style,
    },
    announcement: announcement?.is_show === 1 ? announcement.content : null,
    header: toPublicHeader(site.header_config),
    footer: toPublicFooter(site.footer_config),
    pendant: toPublicPendant(site.pendant_config),
    search: toPublicSearch(site.search_config),
    imageOptimizer: features.imageOptimizer,
  }
}
