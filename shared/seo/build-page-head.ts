import type { HrefLang, JsonLd, PageHead } from '../data/page-head.ts'
import type { PageType, SiteConfig, Tdk, TdkKey } from '../types.ts'

/** Values for the TDK placeholders (API.md "Placeholders in TDK"). */
interface TdkValues {
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
  ['#网站名称#', 'siteName'],
  ['#搜索词#', 'searchTerm'],
  ['#资源名称#', 'resourceName'],
  ['#分类名称#', 'categoryName'],
  ['#榜单平台#', 'rankPlatform'],
  ['#榜单分类#', 'rankCategory'],
  ['#榜单标签#', 'rankTag'],
  ['#资源描述#', 'resourceDescription'],
  ['#标签名称#', 'tagName'],
  ['#标签描述#', 'tagDescription'],
  ['#文章名称#', 'articleName'],
  ['#文章描述#', 'articleDescription'],
]

/** SPEC §5 / §9: the meta description is cut to 160 characters. */
const DESCRIPTION_MAX = 160

// Marks where a placeholder had no value, so the punctuation around it can go too.
const EMPTY = '\u0000'
const SEPARATOR = '[,，、|｜·\\-–—/:：;；]'
const EMPTY_BRACKETS = new RegExp(`[(（\\[【「『《]\\s*${EMPTY}+\\s*[)）\\]】」』》]`, 'g')
const EMPTY_THEN_SEPARATOR = new RegExp(`${EMPTY}\\s*${SEPARATOR}\\s*`, 'g')
const SEPARATOR_THEN_EMPTY_AT_END = new RegExp(`\\s*${SEPARATOR}\\s*${EMPTY}+\\s*$`)

/**
 * Fills the placeholders of one template. A placeholder without a value becomes empty, never left raw,
 * and takes its brackets or one separator with it (`#分类名称# - Site` → `Site`, `a,#榜单标签#` → `a`);
 * whitespace is tidied.
 */
export function fillTemplate(template: string, values: TdkValues & { siteName: string }): string {
  let out = template.replaceAll(EMPTY, '')
  for (const [token, key] of PLACEHOLDERS) {
    if (out.includes(token)) out = out.split(token).join(values[key]?.trim() || EMPTY)
  }
  if (out.includes(EMPTY)) {
    out = out
      .replace(EMPTY_BRACKETS, EMPTY)
      .replace(EMPTY_THEN_SEPARATOR, EMPTY)
      .replace(SEPARATOR_THEN_EMPTY_AT_END, '')
      .replaceAll(EMPTY, '')
  }
  return out.replace(/\s+/g, ' ').trim()
}

/**
 * Cuts at 160 characters, counted in code points so no half surrogate pair is left behind, and never
 * inside a user-perceived character (an emoji sequence or a letter with its combining marks).
 */
export function cutDescription(text: string): string {
  if (Array.from(text).length <= DESCRIPTION_MAX) return text
  let out = ''
  let count = 0
  for (const { segment } of graphemes(text)) {
    const length = Array.from(segment).length
    if (count + length > DESCRIPTION_MAX) break
    out += segment
    count += length
  }
  return out.trimEnd()
}

let graphemeSegmenter: Intl.Segmenter | null | undefined

function graphemes(text: string): Iterable<{ segment: string }> {
  graphemeSegmenter ??=
    typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null
  return graphemeSegmenter ? graphemeSegmenter.segment(text) : Array.from(text, (segment) => ({ segment }))
}

/** A page's absolute address and the same page in each language of the site (see LoaderEnv.pageUrls). */
export interface PageUrls {
  canonical: string
  alternates: HrefLang[]
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
  fallbackDescription?: string | undefined
  /** The page's addresses; null for pages that have none. */
  urls: PageUrls | null
  /** The page's own `canonical_link`: replaces the computed address; the page then lists no alternates. */
  ownCanonical?: string | null
  robots?: string
  ogType?: PageHead['ogType']
  image?: string | null | undefined
  /** The alt the page gives that picture. */
  imageAlt?: string | undefined
  published?: PageHead['published']
  jsonLd?: (JsonLd | null)[]
  pageType?: PageType
}

/** The head of a page from the site's TDK templates (SPEC §3 "Meta title, description and keywords"). */
export function buildPageHead(input: PageHeadInput): PageHead {
  const canonical = input.ownCanonical ?? input.urls?.canonical ?? null
  // A page that names its own canonical address is one page at that address, in whatever language
  // it is asked for: it has no language versions to list (the sitemap lists it once, as itself).
  const alternates = input.ownCanonical ? [] : (input.urls?.alternates ?? [])
  const jsonLd = (input.jsonLd ?? []).filter((entity): entity is JsonLd => entity !== null)
  return {
    ...filledTdk(input),
    canonical,
    ...(input.robots ? { robots: input.robots } : {}),
    ...(alternates.length > 0 ? { alternates } : {}),
    ...(input.ogType ? { ogType: input.ogType } : {}),
    ...(input.image ? { image: input.image } : {}),
    ...(input.image && input.imageAlt?.trim() ? { imageAlt: tidy(input.imageAlt) } : {}),
    ...(input.published ? { published: input.published } : {}),
    ...(jsonLd.length > 0 ? { jsonLd } : {}),
    ...(input.pageType ? { pageType: input.pageType } : {}),
  }
}

/** Title, description and keywords from the page's TDK template, or the fallbacks where it says nothing. */
function filledTdk(input: PageHeadInput): Pick<PageHead, 'title' | 'description' | 'keywords'> {
  const siteName = input.site.base_info.app_name
  const values = { ...input.values, siteName }
  const tdk = input.pageTdk ?? (input.tdkKey ? input.site.seo_config.tdk[input.tdkKey] : undefined)
  const title = tdk?.title ? fillTemplate(tdk.title, values) : ''
  const description = tdk?.description ? fillTemplate(tdk.description, values) : ''
  const fallbackTitle = input.fallbackTitle?.trim() ? `${input.fallbackTitle.trim()} - ${siteName}` : siteName
  return {
    title: title || fallbackTitle,
    description: cutDescription(
      tidy(description || input.fallbackDescription || input.site.base_info.description || ''),
    ),
    keywords: tdk?.keywords ? fillTemplate(tdk.keywords, values) : '',
  }
}

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
