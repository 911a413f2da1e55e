import { postCategoryPath, postPath } from '../../shared/data/post-data.ts'
import { categoryPath, tagPath } from '../../shared/data/resource-data.ts'
import { isoTime } from '../../shared/seo/json-ld.ts'
import { UpstreamStatusError } from '../errors.ts'
import type { TenantData } from '../tenant/tenant-data.ts'
import { routerPathOf } from '../../shared/routing/router-path.ts'
import { postCategoriesSchema, postPageSchema, resourceListSchema, tagListSchema } from '../upstream/schemas.ts'

/** One page of the site for the sitemap: its router path and, when known, when it last changed. */
export interface SitemapEntry {
  routerPath: string
  lastmod?: string
}

export interface CollectOptions {
  /** Rows asked per upstream page of posts and tags. */
  pageSize?: number
  /** Most upstream pages read per list, so one site cannot make a sitemap request endless. */
  maxPages?: number
}

/**
 * Every indexable page of a site (router paths, without language): the home page, the content pages
 * of `show_path`, posts, post categories, tags and resource lists with their categories. A list the
 * site does not have (the upstream answers "not found", or has no rows) adds nothing; any other
 * upstream failure propagates, so a broken sitemap is never served as a complete one.
 */
export async function collectSitemapEntries(data: TenantData, options: CollectOptions = {}): Promise<SitemapEntry[]> {
  const pageSize = options.pageSize ?? 100
  const maxPages = options.maxPages ?? 1000
  const [pages, posts, categories, tags, lists] = await Promise.all([
    data.showPaths(),
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
  ])

  const entries: SitemapEntry[] = [{ routerPath: '/' }]
  for (const row of pages) {
    const routerPath = routerPathOf(row)
    if (routerPath !== null) entries.push({ routerPath })
  }
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
  return dedupe(entries)
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
