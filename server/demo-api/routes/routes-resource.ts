import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { RankRow } from '../../../shared/content-types.ts'
import { defineCall } from '../call.ts'
import { fail, ok, paginate, STATUS } from '../envelope.ts'
import {
  categoriesWithCounts,
  defaultSearchType,
  recommendationsFor,
  recordSearch,
  searchResources,
  tagsWithCounts,
} from '../resource-query.ts'
import { asideKind, optionalKey, page, pageSize } from '../schemas.ts'

const ASIDE_LIMIT = 10

export const resourceCalls = [
  defineCall(
    '/v1/resource/search',
    z.object({
      query: z.string().max(100).default(''),
      page,
      page_size: pageSize,
      search_type: z.union([z.literal(1), z.literal(2)]).optional(),
      category: optionalKey,
      pan_type: optionalKey,
    }),
    (body, { tenant }) => {
      const rows = searchResources(tenant.resources, {
        query: body.query,
        type: body.search_type ?? defaultSearchType(tenant),
        category: body.category,
        panType: body.pan_type,
      })
      if (body.page === 1) recordSearch(tenant.hotSearches, body.query)
      return ok(paginate(rows, body.page, body.page_size))
    },
  ),

  defineCall('/v1/resource/detail', z.object({ seo_title: z.string().trim().min(1) }), (body, { tenant }) => {
    const resource = tenant.resources.find((r) => r.seo_title === body.seo_title)
    if (!resource) return fail(STATUS.notFound, 'resource not found')
    resource.view_count += 1
    return ok({ detail_info: resource, recommend: recommendationsFor(tenant, resource) })
  }),

  defineCall(
    '/v1/resource/list',
    z.object({ kind: z.enum(['new', 'hot']), category: optionalKey, page, page_size: pageSize }),
    (body, { tenant }) => {
      if (body.category && !tenant.categories.some((c) => c.key === body.category)) {
        return fail(STATUS.notFound, 'category not found')
      }
      const rows = tenant.resources
        .filter((r) => !body.category || r.category.key === body.category)
        .sort((a, b) => (body.kind === 'new' ? b.created_at - a.created_at : b.hot_count - a.hot_count))
      return ok({ ...paginate(rows, body.page, body.page_size), categories: categoriesWithCounts(tenant) })
    },
  ),

  defineCall(
    '/v1/resource/rank',
    z.object({ platform: optionalKey, category: optionalKey, tag: optionalKey }),
    (body, { tenant }) => {
      const platforms = tenant.rankPlatforms
      if (platforms.length === 0) return ok({ platforms, rows: [] })
      const platform = body.platform ? platforms.find((p) => p.key === body.platform) : platforms[0]
      if (!platform) return fail(STATUS.notFound, 'rank platform not found')
      const category = body.category ? platform.categories.find((c) => c.key === body.category) : undefined
      if (body.category && !category) return fail(STATUS.notFound, 'rank category not found')
      if (body.tag && !category?.tags.some((t) => t.key === body.tag))
        return fail(STATUS.notFound, 'rank tag not found')
      const rows: RankRow[] = tenant.rankEntries
        .filter((e) => e.platform === platform.key)
        .filter((e) => !category || e.category === category.key)
        .filter((e) => !body.tag || e.tags.includes(body.tag))
        .sort((a, b) => b.score - a.score)
        .slice(0, 50)
        .map((e, i) => ({
          index: i + 1,
          title: e.title,
          score: e.score,
          ...(e.seo_title ? { seo_title: e.seo_title } : { query: e.title }),
        }))
      return ok({ platforms, rows })
    },
  ),

  defineCall('/v1/resource/tags', z.object({ tag: optionalKey, page, page_size: pageSize }), (body, { tenant }) => {
    const tags = tagsWithCounts(tenant)
    if (!body.tag) return ok(paginate(tags, body.page, body.page_size))
    const tag = tags.find((t) => t.slug === body.tag)
    if (!tag) return fail(STATUS.notFound, 'tag not found')
    const rows = tenant.resources
      .filter((r) => r.tags.some((t) => t.slug === tag.slug))
      .sort((a, b) => b.updated_at - a.updated_at)
    return ok({ tag, ...paginate(rows, body.page, body.page_size) })
  }),

  defineCall('/v1/resource/aside', z.object({ kinds: z.array(asideKind).max(5) }), (body, { tenant }) => {
    const kinds = new Set(body.kinds)
    const byHot = () => [...tenant.resources].sort((a, b) => b.hot_count - a.hot_count).slice(0, ASIDE_LIMIT)
    const byNew = () => [...tenant.resources].sort((a, b) => b.created_at - a.created_at).slice(0, ASIDE_LIMIT)
    return ok({
      ...(kinds.has('search')
        ? { search: [...tenant.hotSearches].sort((a, b) => b.count - a.count).slice(0, ASIDE_LIMIT) }
        : {}),
      ...(kinds.has('hot') ? { hot: byHot() } : {}),
      ...(kinds.has('newest') ? { newest: byNew() } : {}),
      ...(kinds.has('res_tag') ? { res_tag: tagsWithCounts(tenant).slice(0, 20) } : {}),
      ...(kinds.has('contact') ? { contact: tenant.contact } : {}),
    })
  }),

  defineCall(
    '/v1/local_resource_save',
    z.object({
      url: z.string().trim().min(1).max(500),
      cookie_id: z.string().trim().min(1),
      doc_id: z.string().trim().default(''),
      filter_words: z.array(z.string()).max(50).default([]),
    }),
    (body, { tenant, log }) => {
      const accounts = tenant.site.page_config.resource?.transfer_save_config?.list ?? []
      if (!accounts.some((a) => a.cookie_id === body.cookie_id))
        return fail(STATUS.invalidInput, 'cookie_id is not configured for this site')
      let url: URL
      try {
        url = new URL(body.url)
      } catch {
        return fail(STATUS.shareLinkError, 'share link error')
      }
      // Demo rule: links whose path says "expired" have expired, "broken" ones or non-http links are wrong.
      if (/expired/i.test(url.pathname)) return fail(STATUS.shareLinkExpired, 'share link expired')
      if (!/^https?:$/.test(url.protocol) || /broken|invalid/i.test(url.pathname))
        return fail(STATUS.shareLinkError, 'share link error')
      const id = createHash('sha256')
        .update(`${body.cookie_id}|${body.doc_id}|${url.href}`)
        .digest('base64url')
        .slice(0, 12)
      log.info(
        { site_id: tenant.site.site_id, url: url.href, doc_id: body.doc_id },
        'share link saved to the site drive',
      )
      return ok({ final_share_url: `${url.origin}/s/${id}` })
    },
  ),
]
