import { z } from 'zod'
import type { RssGroup, RssHot } from '../../../shared/content-types.ts'
import { defineCall, nowSeconds } from '../call.ts'
import { fail, ok, STATUS } from '../envelope.ts'
import { page, pageSize } from '../schemas.ts'
import type { DemoTenant } from '../tenant.ts'

const AGE_LABELS = {
  zh: { day: ' 天前', hour: ' 小时前', minute: ' 分钟前', now: '刚刚' },
  'zh-TW': { day: ' 天前', hour: ' 小時前', minute: ' 分鐘前', now: '剛剛' },
  en: { day: 'd ago', hour: 'h ago', minute: 'min ago', now: 'just now' },
}

/** "3 小時前"-style age in the site's default language, the way feed readers label items. */
function publishLabel(publishedAt: number, now: number, lang: string): string {
  const labels = lang === 'zh' || lang === 'zh-TW' ? AGE_LABELS[lang] : AGE_LABELS.en
  const minutes = Math.max(0, Math.floor((now - publishedAt) / 60))
  if (minutes >= 24 * 60) return `${Math.floor(minutes / (24 * 60))}${labels.day}`
  if (minutes >= 60) return `${Math.floor(minutes / 60)}${labels.hour}`
  if (minutes >= 1) return `${minutes}${labels.minute}`
  return labels.now
}

function rssPage(tenant: DemoTenant, pagePath: string) {
  return tenant.pages.find((p) => p.config.page_type === 'rss' && p.config.page_path === pagePath)
}

const byPagePath = z.object({ page_path: z.string().trim().min(1) })

export const rssCalls = [
  defineCall(
    '/v1/site_page/rss/list',
    z.object({ rss_ids: z.array(z.string().trim().min(1)).min(1).max(30), page, page_size: pageSize }),
    (body, ctx) => {
      const now = nowSeconds(ctx)
      const lang = ctx.tenant.site.page_config.global_config.default_language
      // page and page_size apply to the documents of each source: the page shows one column per source.
      const rows: RssGroup[] = body.rss_ids.flatMap((id) => {
        const source = ctx.tenant.rssSources.find((s) => s.rss_id === id)
        if (!source) return []
        const start = (body.page - 1) * body.page_size
        const docs = [...source.docs]
          .sort((a, b) => b.published_at - a.published_at)
          .slice(start, start + body.page_size)
          .map((doc) => ({ ...doc, publish_str: publishLabel(doc.published_at, now, lang) }))
        return [{ rss_id: source.rss_id, rss_name: source.rss_name, total: source.docs.length, docs }]
      })
      return ok({ rows })
    },
  ),

  defineCall('/v1/site_page/rss/list_hot', byPagePath, (body, { tenant }) => {
    if (!rssPage(tenant, body.page_path)) return fail(STATUS.notFound, 'rss page not found')
    const rows = [...(tenant.rssHot[body.page_path] ?? [])].sort((a, b) => b.score - a.score).slice(0, 20)
    return ok({ rows })
  }),

  defineCall('/v1/site_page/rss/new_list_hot', byPagePath, (body, ctx) => {
    if (!rssPage(ctx.tenant, body.page_path)) return fail(STATUS.notFound, 'rss page not found')
    // "New hot": what was clicked within the last three days, newest first.
    const since = nowSeconds(ctx) - 3 * 86400
    const rows = (ctx.tenant.rssHot[body.page_path] ?? [])
      .filter((row) => row.created_at >= since)
      .sort((a, b) => b.created_at - a.created_at)
      .slice(0, 20)
    return ok({ rows })
  }),

  defineCall(
    '/v1/rss_page_add_hot',
    z.object({
      page_path: z.string().trim().min(1),
      title: z.string().trim().min(1).max(300),
      link: z.url({ protocol: /^https?$/ }),
      rss_name: z.string().trim().max(100).default(''),
    }),
    (body, ctx) => {
      if (!rssPage(ctx.tenant, body.page_path)) return fail(STATUS.notFound, 'rss page not found')
      const rows = ctx.tenant.rssHot[body.page_path] ?? []
      ctx.tenant.rssHot[body.page_path] = rows
      const row = rows.find((r) => r.link === body.link)
      if (row) {
        row.score += 1
        row.created_at = nowSeconds(ctx)
      } else {
        const added: RssHot = {
          title: body.title,
          link: body.link,
          source: body.rss_name,
          score: 1,
          created_at: nowSeconds(ctx),
        }
        rows.push(added)
      }
      return ok(null)
    },
  ),
]
