import { TDK_KEYS, type SiteConfig, type SitePageConfig, type Tdk, type TdkKey } from '../../../shared/types.ts'
import type { FormItem } from '../../../shared/content-types.ts'
import type { DemoForm, DemoPage } from '../tenant.ts'

export const HOUR = 3600
export const DAY = 24 * HOUR

/** A page of a tenant; `updated_at` is given as an age in days so every tenant file reads the same way. */
export function makePage(
  config: SitePageConfig,
  meta: { description: string; ageDays: number; now: number; cover?: string; group_id?: string },
): DemoPage {
  return {
    config,
    description: meta.description,
    updated_at: meta.now - Math.round(meta.ageDays * DAY),
    ...(meta.cover ? { cover: meta.cover } : {}),
    ...(meta.group_id ? { group_id: meta.group_id } : {}),
  }
}

type TdkLang = 'zh' | 'zh-TW' | 'en'

// [title, description, keywords] per page kind; placeholders are filled by the front end (API.md "Tdk").
const TDK_TEXT: Record<TdkLang, Record<TdkKey, [string, string, string]>> = {
  zh: {
    index_page_config: [
      '#网站名称# - 免费合法资源搜索',
      '#网站名称#收录开源软件、公开课程、公版电子书、字体与设计素材，支持全文搜索、分类浏览和排行榜。',
      '#网站名称#,资源搜索,开源软件,公开课,电子书',
    ],
    search_page_config: [
      '#搜索词#相关资源 - #网站名称#',
      '在#网站名称#搜索“#搜索词#”的结果，按热度与更新时间排序。',
      '#搜索词#,#搜索词#下载,#网站名称#',
    ],
    detail_page_config: ['#资源名称# - #分类名称# - #网站名称#', '#资源描述#', '#资源名称#,#分类名称#,#网站名称#'],
    new_page_config: [
      '最新#分类名称#资源 - #网站名称#',
      '#网站名称#最近更新的#分类名称#资源，每日同步。',
      '最新资源,#分类名称#,#网站名称#',
    ],
    hot_page_config: [
      '热门#分类名称#资源 - #网站名称#',
      '#网站名称#访问最多的#分类名称#资源排行。',
      '热门资源,#分类名称#,#网站名称#',
    ],
    search_rank_page_config: [
      '#榜单平台##榜单分类##榜单标签#热搜榜 - #网站名称#',
      '#榜单平台#上#榜单分类#（#榜单标签#）的实时热搜词排行。',
      '#榜单平台#,热搜榜,#榜单分类#,#榜单标签#',
    ],
    db_rank_page_config: [
      '#榜单平台##榜单分类#高分榜 #榜单标签# - #网站名称#',
      '#榜单平台##榜单分类#评分最高的作品，标签：#榜单标签#。',
      '#榜单平台#,高分,#榜单分类#,#榜单标签#',
    ],
    res_tags_page_config: ['资源标签大全 - #网站名称#', '按标签浏览#网站名称#的全部资源。', '资源标签,#网站名称#'],
    res_tag_page_config: ['#标签名称#资源合集 - #网站名称#', '#标签描述#', '#标签名称#,#网站名称#'],
    post_page_config: ['文章 - #网站名称#', '#网站名称#的使用指南、资源推荐与技术笔记。', '文章,教程,#网站名称#'],
    post_detail_page_config: ['#文章名称# - #网站名称#', '#文章描述#', '#文章名称#,#网站名称#'],
    post_category_page_config: [
      '#分类名称# - 文章分类 - #网站名称#',
      '#网站名称#中“#分类名称#”分类下的全部文章。',
      '#分类名称#,文章,#网站名称#',
    ],
    post_search_page_config: [
      '#搜索词# - 文章搜索 - #网站名称#',
      '在#网站名称#的文章中搜索“#搜索词#”。',
      '#搜索词#,文章搜索,#网站名称#',
    ],
    doc_page_config: ['#文章名称# - 使用文档 - #网站名称#', '#文章描述#', '使用文档,帮助,#网站名称#'],
  },
  'zh-TW': {
    index_page_config: [
      '#网站名称# - 開發者與 AI 工具導航',
      '#网站名称#整理開發、設計、效率與 AI 工具，每週更新，附中文介紹與價格資訊。',
      '#网站名称#,網址導航,AI 工具,開發工具',
    ],
    search_page_config: [
      '#搜索词# 搜尋結果 - #网站名称#',
      '在#网站名称#搜尋「#搜索词#」的結果。',
      '#搜索词#,#网站名称#',
    ],
    detail_page_config: ['#资源名称# - #分类名称# - #网站名称#', '#资源描述#', '#资源名称#,#分类名称#'],
    new_page_config: ['最新收錄#分类名称# - #网站名称#', '#网站名称#最近收錄的#分类名称#。', '最新收錄,#分类名称#'],
    hot_page_config: ['熱門#分类名称# - #网站名称#', '#网站名称#最多人點擊的#分类名称#。', '熱門,#分类名称#'],
    search_rank_page_config: [
      '#榜单平台##榜单分类##榜单标签#熱搜榜 - #网站名称#',
      '#榜单平台#的#榜单分类#熱搜排行（#榜单标签#）。',
      '#榜单平台#,熱搜,#榜单分类#',
    ],
    db_rank_page_config: [
      '#榜单平台##榜单分类#高分榜 #榜单标签# - #网站名称#',
      '#榜单平台##榜单分类#評分排行，標籤：#榜单标签#。',
      '#榜单平台#,高分,#榜单分类#',
    ],
    res_tags_page_config: ['全部標籤 - #网站名称#', '依標籤瀏覽#网站名称#收錄的工具。', '標籤,#网站名称#'],
    res_tag_page_config: ['#标签名称# - #网站名称#', '#标签描述#', '#标签名称#,#网站名称#'],
    post_page_config: ['專欄文章 - #网站名称#', '#网站名称#的工具評測與使用心得。', '專欄,評測,#网站名称#'],
    post_detail_page_config: ['#文章名称# - #网站名称#', '#文章描述#', '#文章名称#,#网站名称#'],
    post_category_page_config: [
      '#分类名称# - #网站名称#',
      '#网站名称#「#分类名称#」分類的文章。',
      '#分类名称#,#网站名称#',
    ],
    post_search_page_config: [
      '#搜索词# - 文章搜尋 - #网站名称#',
      '在#网站名称#的文章中搜尋「#搜索词#」。',
      '#搜索词#,文章',
    ],
    doc_page_config: ['#文章名称# - 說明文件 - #网站名称#', '#文章描述#', '說明文件,#网站名称#'],
  },
  en: {
    index_page_config: [
      '#网站名称# - Calm, offline-first notes',
      '#网站名称# keeps your notes on your device, syncs them end-to-end encrypted and publishes any page in one click.',
      '#网站名称#,notes app,markdown,offline notes',
    ],
    search_page_config: [
      'Results for #搜索词# - #网站名称#',
      'Everything on #网站名称# about "#搜索词#".',
      '#搜索词#,#网站名称#',
    ],
    detail_page_config: ['#资源名称# - #分类名称# - #网站名称#', '#资源描述#', '#资源名称#,#分类名称#'],
    new_page_config: ['New in #分类名称# - #网站名称#', 'The latest #分类名称# on #网站名称#.', 'new,#分类名称#'],
    hot_page_config: [
      'Popular in #分类名称# - #网站名称#',
      'What people open most in #分类名称# on #网站名称#.',
      'popular,#分类名称#',
    ],
    search_rank_page_config: [
      '#榜单平台# #榜单分类# #榜单标签# trending searches - #网站名称#',
      'Trending searches on #榜单平台# for #榜单分类# (#榜单标签#).',
      '#榜单平台#,trending,#榜单分类#',
    ],
    db_rank_page_config: [
      'Top rated #榜单分类# on #榜单平台# (#榜单标签#) - #网站名称#',
      'The highest rated #榜单分类# on #榜单平台#, tagged #榜单标签#.',
      '#榜单平台#,top rated,#榜单分类#',
    ],
    res_tags_page_config: ['All tags - #网站名称#', 'Browse #网站名称# by tag.', 'tags,#网站名称#'],
    res_tag_page_config: ['#标签名称# - #网站名称#', '#标签描述#', '#标签名称#,#网站名称#'],
    post_page_config: [
      'Blog - #网站名称#',
      'Product news, guides and stories from the #网站名称# team.',
      'blog,#网站名称#',
    ],
    post_detail_page_config: ['#文章名称# - #网站名称# blog', '#文章描述#', '#文章名称#,#网站名称#'],
    post_category_page_config: [
      '#分类名称# - #网站名称# blog',
      'Posts filed under #分类名称# on the #网站名称# blog.',
      '#分类名称#,blog',
    ],
    post_search_page_config: [
      '#搜索词# - blog search - #网站名称#',
      'Blog posts on #网站名称# about "#搜索词#".',
      '#搜索词#,blog',
    ],
    doc_page_config: ['#文章名称# - Handbook - #网站名称#', '#文章描述#', 'handbook,help,#网站名称#'],
  },
}

/** A TDK entry for every page kind in one language. */
export function tdkFor(lang: TdkLang): Partial<Record<TdkKey, Tdk>> {
  const tdk: Partial<Record<TdkKey, Tdk>> = {}
  for (const key of TDK_KEYS) {
    const [title, description, keywords] = TDK_TEXT[lang][key]
    tdk[key] = { title, description, keywords }
  }
  return tdk
}

/** The site-wide feedback form behind /feedback/sub (submissions show up in /v1/feedback/list). */
export function feedbackForm(labels: {
  content: string
  contact: string
  contactHint: string
  kind: string
  kinds: [string, string, string]
}): DemoForm {
  const items: FormItem[] = [
    {
      type: 'select',
      field: 'kind',
      label: labels.kind,
      required: 0,
      options: [
        { label: labels.kinds[0], value: 'request' },
        { label: labels.kinds[1], value: 'bug' },
        { label: labels.kinds[2], value: 'other' },
      ],
    },
    { type: 'textarea', field: 'content', label: labels.content, required: 1, max_length: 500 },
    {
      type: 'input',
      field: 'contact',
      label: labels.contact,
      placeholder: labels.contactHint,
      required: 0,
      max_length: 100,
    },
  ]
  return { form_id: 'feedback', items }
}

/** A copy of `site` whose feedback page shows the fields of `form` (`page_config.feedback_config`). */
export function withFeedbackForm(site: SiteConfig, form: DemoForm): SiteConfig {
  const copy = structuredClone(site)
  copy.page_config.feedback_config = structuredClone(form)
  return copy
}

/**
 * A demo text with its dates taken from the clock (`now` in Unix seconds), so the demo never looks
 * stale: `{year}` is the current year, `{updated}` and `{updated_iso}` a day `ageDays` before now
 * ("1 March 2025", "2025-03-01T09:00:00Z").
 */
export function withDates(text: string, now: number, ageDays = 0): string {
  const updated = new Date((now - ageDays * DAY) * 1000)
  updated.setUTCHours(9, 0, 0, 0)
  return text
    .replaceAll('{year}', String(new Date(now * 1000).getUTCFullYear()))
    .replaceAll('{updated_iso}', updated.toISOString().replace('.000Z', 'Z'))
    .replaceAll(
      '{updated}',
      updated.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    )
}

/** A copy of `site` whose footer statement shows the year of `now` (Unix seconds) where it says `{year}`. */
export function withCurrentYear(site: SiteConfig, now: number): SiteConfig {
  const copy = structuredClone(site)
  copy.footer_config.statement = withDates(copy.footer_config.statement, now)
  return copy
}
