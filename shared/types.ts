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

export interface NavSite {
  title: string
  url: string
  icon: string
  description: string
  is_show: Flag
  tags?: string[]
  pricing?: string
}
export interface NavPageConfig {
  intro?: string
  groups: { group_name: string; tabs: { tab_name: string; sites: NavSite[] }[] }[]
}
export const CUSTOM_CONTENT_TYPES = ['markdown', 'html', 'txt', 'js', 'json', 'css', 'xml', 'pure_html'] as const
export type CustomContentType = (typeof CUSTOM_CONTENT_TYPES)[number]
export interface CustomPageConfig {
  content_type: CustomContentType
  content: string
}
export interface RssSource {
  rss_id: string
  rss_name: string
  logo: string
  description: string
}
export interface RssPageConfig {
  rss_ids: string[]
  sources: RssSource[]
}

export const MODULE_TYPES = [
  'product_overview',
  'product_image_overview',
  'title',
  'carousel',
  'video_introduce',
  'step',
  'faq',
  'posts',
  'social_media',
  'video',
  'video_carousel',
  'useful_code',
  'invalid_code',
  'superiority',
  'superiority_image',
  'comment',
  'form',
  'price',
  'image_list',
  'html',
] as const
type ModuleType = (typeof MODULE_TYPES)[number]
export interface LandModule {
  id: string
  type: ModuleType
  is_show: Flag
  title?: string
  subtitle?: string
  data: Record<string, unknown>
}
export interface LandPageConfig {
  theme: 0 | 1 | 2
  banner_style: 0 | 1
  modules: LandModule[]
}
export interface ListPageConfig {
  group_id?: string
  page_type?: PageType
  style: 1 | 2 | 3
}
export interface ResourcePageConfig {
  mode: 1 | 2
  hot_kind: 1 | 2
  style: 1 | 2 | 3
}
export interface OutlineNode {
  id: string
  title: string
  path: string
  content?: string
  children?: OutlineNode[]
}
export interface OutlinePageConfig {
  outline: OutlineNode[]
}
export interface UgcPostPageConfig {
  category_id?: string
}

export const FORM_ITEM_TYPES = ['text', 'input', 'textarea', 'file', 'image', 'select', 'checkbox'] as const
export interface FormItem {
  type: (typeof FORM_ITEM_TYPES)[number]
  field: string
  label: string
  placeholder?: string
  required?: Flag
  options?: { label: string; value: string }[]
  max_length?: number
}

export interface Promo {
  title: string
  description?: string
  url: string
  img_url: string
  /** 1 picture, 2 text, 3 picture and text */
  type: 1 | 2 | 3
  /** 1 center, 2 bottom right, 3 top right, 4 bottom, 5 article banner, 6 article four, 7 right */
  position: 1 | 2 | 3 | 4 | 5 | 6 | 7
  allowed_close: Flag
  is_show: Flag
  /** seconds */
  start_ts: number
  end_ts: number
  web_path: string
}
export interface UserInfo {
  user_id: string
  email: string
  nick_name: string
  avatar: string
  token?: string
}

export interface Category {
  key: string
  name: string
  count?: number
}
export interface Tag {
  slug: string
  name: string
  description?: string
  count?: number
}
export interface Resource {
  id: string
  seo_title: string
  title: string
  description: string
  image?: string
  category: Category
  tags: Tag[]
  pan_type: string
  target_urls: { target_url: string; code?: string; pan_type: string }[]
  view_count: number
  hot_count: number
  created_at: number
  updated_at: number
}
export interface RankPlatform {
  key: string
  name: string
  categories: { key: string; name: string; tags: { key: string; name: string }[] }[]
}
export interface RankRow {
  index: number
  title: string
  seo_title?: string
  query?: string
  score: number
}
export interface HotSearch {
  query: string
  count: number
}
export interface Contact {
  title: string
  img: string
  tips: string
}
interface RssDoc {
  title: string
  link: string
  publish_str: string
  published_at: number
  summary?: string
}
export interface RssGroup {
  rss_id: string
  rss_name: string
  total: number
  docs: RssDoc[]
}
export interface RssHot {
  title: string
  link: string
  source: string
  score: number
  created_at: number
}
export interface PostCategory {
  id: string
  name: string
  description?: string
  count?: number
}
export interface Post {
  id: string
  path: string
  title: string
  description: string
  cover?: string
  /** markdown */
  content: string
  category: PostCategory
  tags: string[]
  author: { nick_name: string; avatar: string }
  view_count: number
  created_at: number
  updated_at: number
}
export interface Feedback {
  id: string
  content: string
  reply?: string
  created_at: number
}
export interface LinkGroup {
  name: string
  list: { name: string; url: string; logo_url?: string; description?: string }[]
}
export interface Paged<T> {
  rows: T[]
  total: number
}
