import type { PageHead } from '../data/page-head.ts'
import type { SiteConfig, Tdk, TdkKey } from '../types.ts'

/** Values for the TDK placeholders (API.md "Placeholders in TDK"). */
export interface TdkValues {
  searchTerm?: string
  resourceName?: string
  categoryName?: string
  rankPlatform?: string
  rankCategory?: string
  rankTag?: string
  resourceDescription?: string
  tagName?: string
  tagDescription?: string
  articleName?: string
  articleDescription?: string
}

const PLACEHOLDERS: [string, keyof TdkValues | 'siteName'][] = [
  ['#网站名称#', 'siteName'], ['#搜索词#', 'searchTerm'], ['#资源名称#', 'resourceName'], ['#分类名称#', 'categoryName'],
  ['#榜单平台#', 'rankPlatform'], ['#榜单分类#', 'rankCategory'], ['#榜单标签#', 'rankTag'], ['#资源描述#', 'resourceDescription'],
  ['#标签名称#', 'tagName'], ['#标签描述#', 'tagDescription'], ['#文章名称#', 'articleName'], ['#文章描述#', 'articleDescription'],
]

/** SPEC §5 / §9: the meta description is cut to 160 characters. */
export const DESCRIPTION_MAX = 160

/** Fills the placeholders of one template; unknown values become empty, whitespace is tidied. */
export function fillTemplate(template: string, values: TdkValues & { siteName: string }): string {
  let out = template
  for (const [token, key] of PLACEHOLDERS) {
    if (out.includes(token)) out = out.split(token).join(values[key] ?? '')
  }
  return out.replace(/\s+/g, ' ').trim()
}

/** Cuts at 160 characters (code points, so no half surrogate pair is left behind). */
export function cutDescription(text: string): string {
  const chars = Array.from(text)
  return chars.length <= DESCRIPTION_MAX ? text : chars.slice(0, DESCRIPTION_MAX).join('')
}

export interface PageHeadInput {
  site: SiteConfig
  /** Which site TDK entry applies (per page kind). */
  tdkKey?: TdkKey
  /** A page's own TDK overrides the site entry (API.md "Merge"). */
  pageTdk?: Tdk
  values?: TdkValues
  /** Used when no template gives a title: e.g. the page or resource name. */
  fallbackTitle?: string
  fallbackDescription?: string
  canonical: string | null
  robots?: string
}

/** The head of a page from the site's TDK templates (SPEC §3 "Meta title, description and keywords"). */
export function buildPageHead(input: PageHeadInput): PageHead {
  const siteName = input.site.base_info.app_name
  const values = { ...input.values, siteName }
  const tdk = input.pageTdk ?? (input.tdkKey ? input.site.seo_config.tdk[input.tdkKey] : undefined)
  const title = tdk?.title ? fillTemplate(tdk.title, values) : ''
  const description = tdk?.description ? fillTemplate(tdk.description, values) : ''
  const fallbackTitle = input.fallbackTitle ? `${input.fallbackTitle} - ${siteName}` : siteName
  return {
    title: title || fallbackTitle,
    description: cutDescription(description || input.fallbackDescription || input.site.base_info.description || ''),
    keywords: tdk?.keywords ? fillTemplate(tdk.keywords, values) : '',
    canonical: input.canonical,
    ...(input.robots ? { robots: input.robots } : {}),
  }
}
