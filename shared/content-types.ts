import type { Flag, PageType } from './types.ts'

/**
 * Page-kind configs and content entities of the upstream API (docs/API.md "Shapes"), beside the
 * site-wide types in types.ts. Field names follow the contract exactly; upstream JSON is parsed into
 * these shapes on the server (server/upstream/), nothing here is trusted raw.
 */

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
