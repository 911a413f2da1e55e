import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ASIDE_KINDS, LANGUAGES, TDK_KEYS } from '../../../shared/types.ts'
import {
  CUSTOM_CONTENT_TYPES,
  FORM_ITEM_TYPES,
  MODULE_TYPES,
  type FormItem,
  type LandPageConfig,
  type NavPageConfig,
  type OutlineNode,
} from '../../../shared/content-types.ts'
import type { DemoTenant } from '../tenant.ts'
import { createDemoTenants } from './index.ts'

const NOW_MS = Date.UTC(2025, 5, 1, 12)
const [res, land, nav] = createDemoTenants(NOW_MS) as [DemoTenant, DemoTenant, DemoTenant]

const flag = z.union([z.literal(0), z.literal(1)])
const menuItem: z.ZodType = z.lazy(() =>
  z
    .object({
      name: z.string().min(1),
      url: z.string(),
      is_show: flag,
      icon: z.string().optional(),
      children: z.array(menuItem).optional(),
    })
    .strict(),
)
const tdk = z.object({ title: z.string().min(1), description: z.string().min(1), keywords: z.string().min(1) }).strict()

/** Every field of API.md's SiteConfig, the optional ones included (path_mapping and search_type may be left out). */
const siteConfig = z
  .object({
    site_id: z.string().min(1),
    domain: z.string().min(1),
    alias_domain: z.array(z.string()),
    base_info: z
      .object({
        app_name: z.string().min(1),
        logo: z.string().min(1),
        description: z.string().min(1),
        disclaimer: z.string().min(1),
        announcement: z.object({ is_show: flag, content: z.string().min(1) }).strict(),
      })
      .strict(),
    header_config: z
      .object({
        is_enable: flag,
        enable_custom_header: flag,
        login_config: z.object({ login_ways: z.array(z.enum(['email', 'google'])).min(1) }).strict(),
        logo_config: z.object({ logo: z.string(), text: z.string(), link: z.string() }).strict(),
        google_config: z.object({ client_id: z.string() }).strict(),
        menu: z.array(menuItem).min(1),
      })
      .strict(),
    footer_config: z
      .object({
        is_enable: flag,
        enable_custom_footer: flag,
        friendship_links: z.array(z.object({ name: z.string(), url: z.string() }).strict()),
        statement: z.string().min(1),
        links: z.array(menuItem),
      })
      .strict(),
    pendant_config: z
      .object({
        is_enable: flag,
        enable_custom_pendant: flag,
        list: z
          .array(
            z
              .object({
                is_show: flag,
                icon: z.string(),
                text: z.string(),
                img: z.string().optional(),
                url: z.string().optional(),
              })
              .strict(),
          )
          .min(1),
      })
      .strict(),
    search_config: z
      .object({
        enable_search_bar: flag,
        search_bar_path: z.string(),
        enable_custom_search: flag,
        placeholder: z.string().min(1),
      })
      .strict(),
    seo_config: z
      .object({
        tdk: z.object(Object.fromEntries(TDK_KEYS.map((key) => [key, tdk]))).strict(),
        canonical_link: z.string().min(1),
        favicon: z.string().min(1),
        customize_code: z.object({ model: z.union([z.literal(1), z.literal(2)]), data: z.array(z.string()) }).strict(),
      })
      .strict(),
    language_config: z
      .object({ language_list: z.array(z.object({ language: z.enum(LANGUAGES), status: flag }).strict()).min(2) })
      .strict(),
    page_config: z
      .object({
        global_config: z
          .object({
            theme: z.enum(['day', 'night']),
            wx_avoid: z.object({ is_enabled: flag, style: flag }).strict(),
            home_page_model: z.union([z.literal(1), z.literal(2)]),
            home_single_page_path: z.string(),
            home_single_page_id: z.string(),
            default_language: z.enum(LANGUAGES),
            search_route: z.string().min(1),
            search_type: z.number().optional(),
            fuzzy_matching_switch: flag,
            customize_code: z.record(z.string(), z.object({ is_enabled: flag, data: z.array(z.string()) }).strict()),
          })
          .strict(),
        resource: z
          .object({
            aside_config: z
              .object({
                aside_list: z
                  .array(z.object({ label: z.string(), value: z.enum(ASIDE_KINDS), is_show: flag }).strict())
                  .length(5),
              })
              .strict(),
            transfer_save_config: z.object({ list: z.array(z.object({ cookie_id: z.string() }).strict()) }).strict(),
          })
          .strict(),
        feedback_config: z
          .object({
            form_id: z.string().min(1),
            items: z.array(z.object({ type: z.string(), field: z.string() }).loose()).min(1),
          })
          .strict(),
      })
      .strict(),
    path_mapping: z
      .array(z.object({ from: z.string().startsWith('/'), to: z.string().startsWith('/') }).strict())
      .optional(),
  })
  .strict()

const eligible = (t: DemoTenant) =>
  Object.values(t.promos).filter((p) => p.is_show === 1 && p.start_ts <= NOW_MS / 1000 && NOW_MS / 1000 <= p.end_ts)
const pagesOf = (t: DemoTenant, type: string) => t.pages.filter((p) => p.config.page_type === type)
const siteCount = (config: NavPageConfig) => config.groups.flatMap((g) => g.tabs.flatMap((tab) => tab.sites)).length
const depth = (nodes: OutlineNode[] = []): number =>
  nodes.length === 0 ? 0 : 1 + Math.max(...nodes.map((n) => depth(n.children)))

describe('every tenant', () => {
  it.each([res, land, nav])('$site.domain has a complete site config', (tenant) => {
    const parsed = siteConfig.safeParse(tenant.site)
    expect(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error)).toBe(true)
  })

  it.each([res, land, nav])(
    '$site.domain has unique page ids and addresses, a feedback form, posts, links and feedback',
    (tenant) => {
      const ids = tenant.pages.map((p) => p.config.page_id)
      const addresses = tenant.pages.map((p) => `${p.config.group_path}/${p.config.page_path}`)
      expect(new Set(ids).size).toBe(ids.length)
      expect(new Set(addresses).size).toBe(addresses.length)
      expect(tenant.forms.some((f) => f.form_id === 'feedback')).toBe(true)
      expect(tenant.posts.length).toBeGreaterThan(0)
      expect(tenant.links.length).toBeGreaterThan(0)
      expect(tenant.feedback.length).toBeGreaterThan(0)
      expect(eligible(tenant).length).toBeGreaterThan(0)
      for (const page of tenant.pages) expect(GROUP_OK(tenant, page.config.group_path)).toBe(true)
    },
  )

  it('is deterministic and computed from the clock, not baked in', () => {
    const again = createDemoTenants(NOW_MS)
    expect(JSON.stringify(again)).toBe(JSON.stringify([res, land, nav]))
    const later = createDemoTenants(NOW_MS + 86_400_000)[0]
    expect(later?.resources[0]?.created_at).toBe((res.resources[0]?.created_at ?? 0) + 86_400)
  })
})

/** Pages in a group belong to a declared group with that path. */
function GROUP_OK(tenant: DemoTenant, groupPath: string): boolean {
  return groupPath === '' || tenant.groups.some((g) => g.group_path === groupPath)
}

describe('res.localhost: resource search site', () => {
  it('is a zh search-mode site with en enabled and ja listed but off', () => {
    const global = res.site.page_config.global_config
    expect(global).toMatchObject({
      default_language: 'zh',
      home_page_model: 1,
      search_route: 's',
      fuzzy_matching_switch: 1,
    })
    expect(res.site.language_config.language_list).toEqual([
      { language: 'zh', status: 1 },
      { language: 'en', status: 1 },
      { language: 'ja', status: 0 },
    ])
    expect(res.site.alias_domain).toEqual(expect.arrayContaining(['localhost', '127.0.0.1']))
    expect(res.site.path_mapping).toEqual([
      { from: '/res_tags', to: '/tags' },
      { from: '/post', to: '/articles' },
    ])
    expect(res.site.base_info.announcement?.is_show).toBe(1)
  })

  it('has enough resources, categories, tags and posts', () => {
    expect(res.resources.length).toBeGreaterThanOrEqual(80)
    expect(new Set(res.resources.map((r) => r.category.key)).size).toBeGreaterThanOrEqual(6)
    expect(new Set(res.resources.flatMap((r) => r.tags.map((t) => t.slug))).size).toBeGreaterThanOrEqual(15)
    expect(res.posts.length).toBeGreaterThanOrEqual(12)
    expect(new Set(res.posts.map((p) => p.category.id)).size).toBeGreaterThanOrEqual(3)
    const markdown = res.posts.map((p) => p.content).join('\n')
    for (const pattern of [/^## /m, /^- /m, /^\d+\. /m, /\]\(/, /```/]) expect(markdown).toMatch(pattern)
    expect(
      res.rankPlatforms.every((p) => p.categories.length > 0 && p.categories.every((c) => c.tags.length > 0)),
    ).toBe(true)
  })

  it('uses the TDK placeholders', () => {
    const all = JSON.stringify(res.site.seo_config.tdk)
    for (const placeholder of [
      '#网站名称#',
      '#搜索词#',
      '#资源名称#',
      '#分类名称#',
      '#榜单平台#',
      '#榜单分类#',
      '#榜单标签#',
      '#资源描述#',
      '#标签名称#',
      '#标签描述#',
      '#文章名称#',
      '#文章描述#',
    ]) {
      expect(all).toContain(placeholder)
    }
  })

  it('has promos of every kind the front end must handle', () => {
    const promos = Object.values(res.promos)
    const nowS = NOW_MS / 1000
    expect(promos.some((p) => p.end_ts < nowS)).toBe(true)
    expect(promos.some((p) => p.is_show === 0)).toBe(true)
    expect(eligible(res).some((p) => p.type === 2 && p.position === 2 && p.allowed_close === 1)).toBe(true)
    expect(eligible(res).some((p) => p.type === 1)).toBe(true)
  })
})

describe('land.localhost: landing site', () => {
  const home = land.pages.find((p) => p.config.page_path === land.site.page_config.global_config.home_single_page_path)

  it('opens on a land page and signs in by e-mail or Google in six languages', () => {
    expect(land.site.page_config.global_config).toMatchObject({ home_page_model: 2, default_language: 'en' })
    expect(home?.config.page_type).toBe('land')
    expect(land.site.header_config.login_config.login_ways).toEqual(['email', 'google'])
    expect(land.site.header_config.google_config.client_id).toMatch(/\.apps\.googleusercontent\.com$/)
    expect(land.site.language_config.language_list.filter((l) => l.status === 1).map((l) => l.language)).toEqual([
      'en',
      'zh',
      'fr',
      'de',
      'ja',
      'ar',
    ])
  })

  it('uses every land module type and every form item type', () => {
    const modules = (home!.config.page_config as LandPageConfig).modules
    expect(new Set(modules.map((m) => m.type))).toEqual(new Set(MODULE_TYPES))
    const form = modules.find((m) => m.type === 'form')
    const items = form?.data.items as FormItem[]
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(FORM_ITEM_TYPES))
    expect(land.forms.some((f) => f.form_id === form?.data.form_id)).toBe(true)
  })

  it('has custom pages of every content type under groups, a nested outline, a ugc_post and a list page', () => {
    const custom = pagesOf(land, 'custom')
    expect(new Set(custom.map((p) => (p.config.page_config as { content_type: string }).content_type))).toEqual(
      new Set(CUSTOM_CONTENT_TYPES),
    )
    expect(custom.every((p) => p.config.group_path !== '')).toBe(true)
    const outline = pagesOf(land, 'outline')[0]
    expect(outline?.config.page_path).toBe('handbook')
    expect(depth((outline!.config.page_config as { outline: OutlineNode[] }).outline)).toBeGreaterThanOrEqual(3)
    expect(pagesOf(land, 'ugc_post')).toHaveLength(1)
    expect(pagesOf(land, 'list')).toHaveLength(1)
  })
})

describe('nav.localhost: tool directory', () => {
  it('is a zh-TW site with the overlay in-app-browser screen', () => {
    expect(nav.site.page_config.global_config).toMatchObject({
      default_language: 'zh-TW',
      wx_avoid: { is_enabled: 1, style: 1 },
    })
    expect(nav.site.header_config.menu.some((m) => (m.children ?? []).length > 0)).toBe(true)
    expect(nav.site.pendant_config.list.length).toBeGreaterThan(1)
    expect(nav.site.footer_config.friendship_links.length).toBeGreaterThan(1)
  })

  it('lists at least 40 sites over nav and ai pages, and has an rss page with sources', () => {
    const directory = [...pagesOf(nav, 'nav'), ...pagesOf(nav, 'ai')]
    expect(pagesOf(nav, 'nav').length).toBeGreaterThan(0)
    expect(pagesOf(nav, 'ai').length).toBeGreaterThan(0)
    expect(
      directory.reduce((sum, p) => sum + siteCount(p.config.page_config as NavPageConfig), 0),
    ).toBeGreaterThanOrEqual(40)
    const rss = pagesOf(nav, 'rss')[0]?.config.page_config as { rss_ids: string[]; sources: { rss_id: string }[] }
    expect(rss.sources.map((s) => s.rss_id)).toEqual(rss.rss_ids)
    expect(rss.rss_ids.every((id) => nav.rssSources.some((s) => s.rss_id === id && s.docs.length > 5))).toBe(true)
  })
})

describe('dates of the demo sites', () => {
  it.each([2025, 2031])('give every footer the copyright year of %i when that is the current year', (year) => {
    for (const tenant of createDemoTenants(Date.UTC(year, 2, 1))) {
      expect(tenant.site.footer_config.statement).toContain(`© ${year}`)
    }
  })

  it('fill every date placeholder, from the clock, and name no year after the current one', () => {
    const now = Date.UTC(2031, 6, 15)
    const text = JSON.stringify(createDemoTenants(now))
    expect(text).not.toMatch(/\{(year|updated|updated_iso)\}/)
    // Four-digit numbers from 2000 to 2039 read as years (counts and ids above that are not).
    const years = [...text.matchAll(/(?<![\d.])(20[0-3]\d)(?!\d)/g)].map((match) => Number(match[1]))
    expect(Math.max(...years)).toBe(2031)
    const [res, land, nav] = createDemoTenants(now)
    expect(res!.posts.find((post) => post.path === 'free-fonts')?.title).toBe('2031 年可免费商用的中文字体清单')
    expect(nav!.posts.find((post) => post.path === 'frontend-starter-kit')?.title).toBe('2031 前端新手工具包')
    const privacy = land!.pages.find((page) => page.config.page_path === 'privacy')?.config.page_config as {
      content: string
    }
    expect(privacy.content).toMatch(/_Last updated: \d{1,2} \w+ 2031_/)
    const status = land!.pages.find((page) => page.config.page_path === 'status.json')?.config.page_config as {
      content: string
    }
    expect(Date.parse((JSON.parse(status.content) as { updated: string }).updated)).toBeLessThan(now)
  })
})

describe('pictures of the demo sites', () => {
  it('are media references, never inline data: URIs', () => {
    const strings: string[] = []
    const walk = (value: unknown): void => {
      if (typeof value === 'string') strings.push(value)
      else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) walk(item)
    }
    walk(createDemoTenants(Date.UTC(2026, 0, 1)))
    expect(strings.filter((text) => /^\s*data:/i.test(text))).toEqual([])
    expect(strings.filter((text) => text.startsWith('demo-media:')).length).toBeGreaterThan(100)
  })
})
