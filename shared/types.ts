/**
 * Domain types of the upstream API (docs/API.md "Shapes"). Field names follow the contract exactly.
 * Upstream JSON is parsed into these shapes on the server (server/upstream/); nothing here is trusted raw.
 */

export const LANGUAGES = [
  'zh',
  'en',
  'fr',
  'zh-TW',
  'de',
  'ja',
  'ko',
  'ru',
  'pt',
  'it',
  'th',
  'id',
  'ms',
  'vi',
  'hi',
  'nl',
  'sv',
  'tr',
  'pl',
  'fil',
  'ar',
] as const
export type Lang = (typeof LANGUAGES)[number]

export const PAGE_TYPES = ['nav', 'ai', 'custom', 'rss', 'land', 'list', 'resource', 'outline', 'ugc_post'] as const
export type PageType = (typeof PAGE_TYPES)[number]

export type Flag = 0 | 1

export const LOGIN_WAYS = ['email', 'google'] as const
export type LoginWay = (typeof LOGIN_WAYS)[number]

export const ASIDE_KINDS = ['contact', 'search', 'hot', 'newest', 'res_tag'] as const
export type AsideKind = (typeof ASIDE_KINDS)[number]

export const TDK_KEYS = [
  'index_page_config',
  'search_page_config',
  'detail_page_config',
  'new_page_config',
  'hot_page_config',
  'search_rank_page_config',
  'db_rank_page_config',
  'res_tags_page_config',
  'res_tag_page_config',
  'post_page_config',
  'post_detail_page_config',
  'post_category_page_config',
  'post_search_page_config',
  'doc_page_config',
] as const
export type TdkKey = (typeof TDK_KEYS)[number]

export interface Tdk {
  title: string
  description: string
  keywords: string
}

export interface MenuItem {
  name: string
  url: string
  icon?: string
  is_show: Flag
  children?: MenuItem[]
}
export interface Pendant {
  is_show: Flag
  icon: string
  text: string
  img?: string
  url?: string
}
interface BlockSwitch {
  is_enable: Flag
}

export interface HeaderConfig extends BlockSwitch {
  enable_custom_header: Flag
  login_config: { login_ways: LoginWay[] }
  logo_config: { logo: string; text: string; link?: string }
  google_config: { client_id: string }
  menu: MenuItem[]
}
export interface FooterConfig extends BlockSwitch {
  enable_custom_footer: Flag
  friendship_links: { name: string; url: string }[]
  statement: string
  links: MenuItem[]
}
export interface PendantConfig extends BlockSwitch {
  enable_custom_pendant: Flag
  list: Pendant[]
}
export interface SearchConfig {
  enable_search_bar: Flag
  search_bar_path: string
  enable_custom_search: Flag
  placeholder?: string
}

export interface GlobalConfig {
  theme: 'day' | 'night'
  wx_avoid: { is_enabled: Flag; style: 0 | 1 }
  /** 1 search mode, 2 single page */
  home_page_model: 1 | 2
  home_single_page_path?: string
  home_single_page_id?: string
  default_language: Lang
  search_route: string
  search_type?: number
  fuzzy_matching_switch?: Flag
  /** key: 'head' | 'body' | a page type */
  customize_code?: Record<string, { is_enabled: Flag; data: string[] }>
}

export interface AsideEntry {
  label: string
  value: AsideKind
  is_show: Flag
}

export interface SiteConfig {
  site_id: string
  domain: string
  alias_domain: string[]
  base_info: {
    app_name: string
    logo: string
    description?: string
    disclaimer?: string
    announcement?: { is_show: Flag; content: string }
  }
  header_config: HeaderConfig
  footer_config: FooterConfig
  pendant_config: PendantConfig
  search_config: SearchConfig
  seo_config: {
    tdk: Partial<Record<TdkKey, Tdk>>
    canonical_link: string
    favicon: string
    /** model 1: head, 2: end of body */
    customize_code: { model: 1 | 2; data: string[] }
  }
  language_config: { language_list: { language: Lang; status: Flag }[] }
  page_config: {
    global_config: GlobalConfig
    resource?: {
      aside_config: { aside_list: AsideEntry[] }
      transfer_save_config?: { list: { cookie_id: string }[] }
    }
    /**
     * The fields of the site's feedback form (`/feedback`), submitted as `form_id` to
     * `/v1/feedback/submit`. Optional: without it the form asks for a message and a contact.
     * Items stay raw here; the feedback loader keeps the ones it can render.
     */
    feedback_config?: { form_id: string; items: unknown[] }
  }
  /** Browser address rewrite, longest prefix first. */
  path_mapping?: { from: string; to: string }[]
}

export interface SitePageConfig {
  page_id: string
  page_type: PageType
  page_path: string
  group_path: string
  title: string
  /** Per page type: see the *PageConfig types below. */
  page_config: unknown
  header_config?: Partial<HeaderConfig>
  footer_config?: Partial<FooterConfig>
  pendant_config?: Partial<PendantConfig>
  search_config?: Partial<SearchConfig>
  seo_config?: { tdk?: Tdk; canonical_link?: string }
}

export interface ShowPath {
  page_id: string
  page_path: string
  page_type: PageType
  group_path: string
  title: string
}
export interface PageSummary extends ShowPath {
  description: string
  cover?: string
  updated_at: number
}
