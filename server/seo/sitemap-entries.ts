import pLimit from 'p-limit'
import { postCategoryPath, postPath } from '../../shared/data/post-data.ts'
import { categoryPath, detailPath, rankPath, tagPath } from '../../shared/data/resource-data.ts'
import { safeHttpUrl } from '../../shared/rules/safe-url.ts'
import type { ShowPath } from '../../shared/types.ts'
import { isoTime } from '../../shared/seo/json-ld.ts'
import { UpstreamStatusError } from '../errors.ts'
import type { TenantData } from '../tenant/tenant-data.ts'
import { routerPathOf } from '../../shared/routing/router-path.ts'
import {
  postCategoriesSchema,
  postPageSchema,
  rankSchema,
  resourceListSchema,
  tagListSchema,
} from '../upstream/schemas.ts'

/** One page of the site for the sitemap: its router path and, when known, when it last changed. */
export interface SitemapEntry {
  routerPath: string
  lastmod?: string
  /**
   * A page that is one address in every language, listed once with no alternates: its own
   * `canonical_link` when it names one (the page's head says the same), else its address in the
   * default language (a whole document served as the site wrote it).
   */
  single?: { canonical?: string }
}

/** Custom content served as itself (text, script, data, style): no page, no sitemap entry. */
const RAW_CONTENT = new Set(['txt', 'js', 'json', 'css', 'xml'])
/** Page configs read at once while a sitemap is built (each is cached like a visit's). */
const PAGE_READS = 8

export interface CollectOptions {
  /** Rows asked per upstream page of posts and tags. */
  pageSize?: number
  /** Most upstream pages read per list, so one site cannot make a sitemap request endless. */
  maxPages?: number
}

/**
 * Every indexable page of a site (router paths, without language): the home page, the content pages
 * of `show_path` that are HTML pages, posts, post categories, tags, resource lists with their
 * categories, resource details and rankings. A list the site does not have (the upstream answers
 * "not found", or has no rows) adds nothing; any other upstream failure propagates, so a broken
 * sitemap is never served as a complete one.
 */
export async function collectSitemapEntries(data: TenantData, options: CollectOptions = {}): Promise<SitemapEntry[]> {
  const pageSize = options.pageSize ?? 100
  const maxPages = options.maxPages ?? 1000
  const [pages, posts, categories, tags, lists, resources, rank] = await Promise.all([
    data.showPaths().then((rows) => contentEntries(data, rows)),
    readAll(maxPages, (page) => data.data('/v1/post/list', { page, page_size: pageSize }, postPageSchema)),
    orEmpty(data.data('/v1/post/category/list', {}, postCategoriesSchema).then((result) => result.rows)),
    readAll(maxPages, (page) => data.data('/v1/resource/tags', { page, page_size: pageSize }, tagListSchema)),
    Promise.all(
      (['new', 'hot'] as const).map((kind) =>
        orEmpty(
          data
            .data('/v1/resource/list', { kind, page: 1, page_size: 1 }, resourceListSchema)
            .then((result) => (result.rows.length > 0 ? [result] : [])),
        ),
      ),
    ),
    readAll(maxPages, (page) =>
      data.data('/v1/resource/list', { kind: 'new', page, page_size: pageSize }, resourceListSchema),
    ),
    orEmpty(data.data('/v1/resource/rank', {}, rankSchema)),
  ])

  const entries: SitemapEntry[] = [{ routerPath: '/' }, ...pages]
  if (posts.length > 0)
    entries.push({ routerPath: '/post', ...lastmodOf(Math.max(...posts.map((post) => post.updated_at))) })
  for (const post of posts) entries.push({ routerPath: postPath(post), ...lastmodOf(post.updated_at) })
  for (const category of categories) if (category.id) entries.push({ routerPath: postCategoryPath(category.id) })
  if (tags.length > 0) entries.push({ routerPath: '/res_tags' })
  for (const tag of tags) if (tag.slug) entries.push({ routerPath: tagPath(tag.slug) })
  ;(['new', 'hot'] as const).forEach((kind, index) => {
    const list = lists[index]?.[0]
    if (!list) return
    entries.push({ routerPath: `/res/${kind}` })
    for (const category of list.categories)
      if (category.key) entries.push({ routerPath: categoryPath(category.key, kind) })
  })
  for (const resource of resources)
    if (resource.seo_title)
      entries.push({ routerPath: detailPath(resource.seo_title), ...lastmodOf(resource.updated_at) })
  if (!Array.isArray(rank) && rank.platforms.length > 0) entries.push(...rankEntries(rank.platforms))
  return dedupe(entries)
}

/**
 * The content pages that are HTML pages, read from their configs (as a visit would, and cached the
 * same way): custom content served as itself is left out, and a page that names its own canonical
 * address, or is a whole document, is listed once.
 */
async function contentEntries(data: TenantData, rows: ShowPath[]): Promise<SitemapEntry[]> {
  const limit = pLimit(PAGE_READS)
  const entries = await Promise.all(rows.map((row) => limit(() => contentEntry(data, row))))
  return entries.filter((entry) => entry !== null)
}

/** One content page's entry; none for a row no route serves, a page gone, or content served as itself. */
async function contentEntry(data: TenantData, row: ShowPath): Promise<SitemapEntry | null> {
  const routerPath = routerPathOf(row)
  if (routerPath === null) return null
  const page = await data.page({ groupPath: row.group_path, pagePath: row.page_path })
  if (page === null) return null
  const contentType = page.page_type === 'custom' ? customContentType(page.page_config) : undefined
  if (contentType !== undefined && RAW_CONTENT.has(contentType)) return null
  const canonical = safeHttpUrl(page.seo_config?.canonical_link)
  if (canonical !== null) return { routerPath, single: { canonical } }
  if (contentType === 'pure_html') return { routerPath, single: {} }
  return { routerPath }
}

function customContentType(config: unknown): string | undefined {
  if (typeof config !== 'object' || config === null) return undefined
  const type = (config as { content_type?: unknown }).content_type
  return typeof type === 'string' ? type : undefined
}

/** `/rank` and every platform, category and tag of the ranking tree (rank-loader.ts accepts exactly these). */
function rankEntries(platforms: { key: string; categories: { key: string; tags: { key: string }[] }[] }[]) {
  const entries: SitemapEntry[] = [{ routerPath: '/rank' }]
  for (const platform of platforms) {
    if (!platform.key) continue
    entries.push({ routerPath: rankPath(platform.key) })
    for (const category of platform.categories) {
      if (!category.key) continue
      entries.push({ routerPath: rankPath(platform.key, category.key) })
      for (const tag of category.tags)
        if (tag.key) entries.push({ routerPath: rankPath(platform.key, category.key, tag.key) })
    }
  }
  return entries
}

/** Every row of a paginated list (API.md "Paginated data": `{ rows, total }`, 1-based pages), up to `maxPages` pages. */
async function readAll<T>(
  maxPages: number,
  read: (page: number) => Promise<{ rows: T[]; total: number }>,
): Promise<T[]> {
  const rows: T[] = []
  for (let page = 1; page <= maxPages; page++) {
    const result = await orEmpty(read(page))
    if (Array.isArray(result) || result.rows.length === 0) break
    rows.push(...result.rows)
    if (rows.length >= result.total) break
  }
  return rows
}

/** A list the upstream says the site does not have is empty. */
async function orEmpty<T>(read: Promise<T>): Promise<T | never[]> {
  try {
    return await read
  } catch (error) {
    if (error instanceof UpstreamStatusError && error.status === 404) return []
    throw error
  }
}

function lastmodOf(seconds: number): { lastmod?: string } {
  const iso = isoTime(seconds)
  return iso ? { lastmod: iso } : {}
}

function dedupe(entries: SitemapEntry[]): SitemapEntry[] {
  const seen = new Set<string>()
  return entries.filter((entry) => !seen.has(entry.routerPath) && seen.add(entry.routerPath))
}
