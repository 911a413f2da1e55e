import { normalizeHost } from '../tenant/normalize-host.ts'
import type { Lang, PageSummary, SiteConfig, SitePageConfig } from '../../shared/types.ts'
import type {
  Category,
  Contact,
  Feedback,
  FormItem,
  HotSearch,
  LinkGroup,
  Post,
  PostCategory,
  Promo,
  RankPlatform,
  Resource,
  RssHot,
  RssSource,
  Tag,
} from '../../shared/content-types.ts'

/** A content page of a tenant: its config plus what page lists show about it. */
export interface DemoPage {
  config: SitePageConfig
  description: string
  cover?: string
  updated_at: number
  /** The page group it belongs to (`/v1/site_page/group/get`), if any. */
  group_id?: string
}

export interface DemoPageGroup {
  group_id: string
  group_name: string
  group_path: string
}

/** A rank entry before it is numbered; rows are filtered by platform, category and tag. */
export interface DemoRankEntry {
  platform: string
  category: string
  tags: string[]
  title: string
  score: number
  seo_title?: string
}

export interface DemoRssSource extends RssSource {
  docs: { title: string; link: string; published_at: number; summary?: string }[]
}

export interface DemoForm {
  form_id: string
  items: FormItem[]
}

/** Texts that change with the requested `page_language` (the rest of the config stays as is). */
export interface DemoSiteTranslation {
  app_name?: string
  description?: string
  announcement?: string
  search_placeholder?: string
  /** Menu item names by their url. */
  menu?: Record<string, string>
}

/** Everything the demo upstream knows about one site. Mutable lists (posts, feedback, hot rows) change per API instance. */
export interface DemoTenant {
  site: SiteConfig
  translations: Partial<Record<Lang, DemoSiteTranslation>>
  pages: DemoPage[]
  groups: DemoPageGroup[]
  promos: Record<string, Promo>
  categories: Category[]
  tags: Tag[]
  resources: Resource[]
  hotSearches: HotSearch[]
  contact: Contact
  rankPlatforms: RankPlatform[]
  rankEntries: DemoRankEntry[]
  postCategories: PostCategory[]
  posts: Post[]
  feedback: Feedback[]
  forms: DemoForm[]
  links: LinkGroup[]
  rssSources: DemoRssSource[]
  /** Hot rows per rss page_path. */
  rssHot: Record<string, RssHot[]>
}

export type { PageSummary }

export interface FindTenantOptions {
  /**
   * Answer `t<N>.<host>` as a copy of the tenant of `<host>` (any N): as many distinct tenants as a
   * benchmark asks for, to measure what a never-seen tenant costs the front end. Never in production.
   */
  copies?: boolean
}

const TENANT_COPY = /^t\d+\.(.+)$/

/**
 * The tenant whose `domain` or one of whose `alias_domain` entries equals the host. The contract says
 * `app-domain` arrives without a port; the front end's host rule (case, port, trailing dot) applies
 * anyway so hand-made requests work.
 */
export function findTenant(
  tenants: readonly DemoTenant[],
  rawHost: string | undefined,
  options: FindTenantOptions = {},
): DemoTenant | undefined {
  const host = normalizeHost(rawHost?.trim())
  if (!host) return undefined
  const named = tenants.find((tenant) => isNamed(tenant, host))
  if (named !== undefined || !options.copies) return named
  const original = TENANT_COPY.exec(host)?.[1]
  return original === undefined ? undefined : tenants.find((tenant) => isNamed(tenant, original))
}

function isNamed(tenant: DemoTenant, host: string): boolean {
  return (
    tenant.site.domain.toLowerCase() === host || tenant.site.alias_domain.some((alias) => alias.toLowerCase() === host)
  )
}

/** The show_path row of a page. */
export function toShowPath(page: DemoPage): {
  page_id: string
  page_path: string
  page_type: SitePageConfig['page_type']
  group_path: string
  title: string
} {
  const { page_id, page_path, page_type, group_path, title } = page.config
  return { page_id, page_path, page_type, group_path, title }
}

export function toPageSummary(page: DemoPage): PageSummary {
  return {
    ...toShowPath(page),
    description: page.description,
    ...(page.cover ? { cover: page.cover } : {}),
    updated_at: page.updated_at,
  }
}
