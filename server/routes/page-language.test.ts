import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'

/** The visible names of the header menu's top-level entries. */
function menuNames(html: string): string[] {
  const nav = /<nav class="site-menu"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? ''
  // An entry's text without its icon (shared/components/entry-icon.tsx).
  return [...nav.matchAll(/<a [^>]*>(.*?)<\/a>/gs)].map((match) =>
    (match[1] ?? '').replace(/<svg[\s\S]*?<\/svg>|<[^>]*>/g, ''),
  )
}

describe('site texts in the page language', () => {
  let site: TestSite
  const languages: string[] = []
  beforeAll(async () => {
    site = await startTestSite({
      upstream: async (request, demo) => {
        const url = new URL(request.url)
        if (url.pathname === '/v1/site_page/web_get') {
          const body = (await request.clone().json()) as { page_path: string; page_language: string }
          if (body.page_path === '') languages.push(`${request.headers.get('app-domain')} ${body.page_language}`)
        }
        return demo(request)
      },
    })
  })
  afterAll(() => site.close())

  it('shows the resource site menu and placeholder in English under /en, in Chinese without a prefix', async () => {
    const english = await (await site.request('/en', { host: 'res.localhost' })).text()
    expect(menuNames(english)).toEqual(expect.arrayContaining(['Home', 'New', 'Popular', 'Rankings']))
    expect(english).toContain('placeholder="Search software, books, courses, fonts…"')
    const chinese = await (await site.request('/', { host: 'res.localhost' })).text()
    expect(menuNames(chinese)).toEqual(expect.arrayContaining(['首页', '最新', '热门']))
    expect(chinese).toContain('placeholder="搜索软件、电子书、课程、字体…"')
  })

  it.each([
    ['de', ['Funktionen', 'Preise', 'Handbuch']],
    ['fr', ['Fonctionnalités', 'Tarifs', 'Guide']],
    ['ja', ['機能', '料金', 'ハンドブック']],
    ['ar', ['الميزات', 'الأسعار', 'الدليل']],
    ['zh', ['功能', '价格', '使用手册']],
  ])('shows the landing site menu in %s', async (language, names) => {
    const response = await site.request(`/${language}`, { host: 'land.localhost' })
    expect(response.status).toBe(200)
    expect(menuNames(await response.text())).toEqual(expect.arrayContaining(names))
  })

  it('carries the translated menu in the hydration data, which later pages keep (their payloads leave the root out)', async () => {
    const html = await (await site.request('/de', { host: 'land.localhost', headers: { cookie: 'lang=de' } })).text()
    const hydration = JSON.parse(
      /<script id="__hydration" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}',
    ) as { loaderData: { root: { site: { header: { menu: { name: string }[] } } } } }
    expect(hydration.loaderData.root.site.header.menu.map((item) => item.name)).toEqual(
      expect.arrayContaining(['Funktionen', 'Preise']),
    )
    const payload = (await (await site.request('/de/_payload.json', { host: 'land.localhost' })).json()) as {
      loaderData: Record<string, unknown>
    }
    expect(payload.loaderData).not.toHaveProperty('root')
    expect(payload.loaderData).toHaveProperty('home')
  })

  it('asks the upstream once per tenant and language, besides the language-independent load', async () => {
    languages.length = 0
    await Promise.all(Array.from({ length: 6 }, () => site.request('/fr/c/legal/privacy', { host: 'land.localhost' })))
    await site.request('/fr/post', { host: 'land.localhost' })
    // Cached from the earlier tests: neither the plain nor the French load repeats.
    expect(languages).toEqual([])
    await Promise.all(Array.from({ length: 6 }, () => site.request('/en', { host: 'nav.localhost' })))
    expect(languages.sort()).toEqual(['nav.localhost ', 'nav.localhost en'].sort())
  })
})

describe('dates, numbers and plurals in the page language', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it('labels feed items with their age in the page language', async () => {
    const english = await (await site.request('/en/sp/news', { host: 'nav.localhost' })).text()
    expect(english).toMatch(
      /<time class="muted" dateTime="\d{4}-\d\d-\d\d">(\d+ (minute|hour|day)s? ago|yesterday)<\/time>/,
    )
    expect(english).not.toMatch(/[小分天]\S*前/)
    const chinese = await (await site.request('/sp/news', { host: 'nav.localhost' })).text()
    expect(chinese).toMatch(/<time class="muted" dateTime="[\d-]+">\d+ ?(分鐘|小時|天)前<\/time>|昨天/)
  })

  it('counts search results with the plural of the page language', async () => {
    const html = await (await site.request('/search/post?query=thesis', { host: 'land.localhost' })).text()
    expect(html).toMatch(/>1 result</)
    const many = await (await site.request('/search/post?query=e', { host: 'land.localhost' })).text()
    expect(many).toMatch(/>\d+ results</)
  })
})
