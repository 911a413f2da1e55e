import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { readHead, type ParsedHead } from '../../test/head.ts'

// End-to-end: the real app against the demo API. res.localhost is Chinese (zh default, en) and shows
// /post as /articles and /res_tags as /tags; land.localhost is English with six languages and the
// aliases www.land.localhost and lumen.localhost; nav.localhost uses /sa as its search route.

function typesOf(head: ParsedHead): string[] {
  return head.jsonLd.map((entity) => String(entity['@type']))
}

/** What every indexable page has: TDK, one canonical used as og:url and as its own hreflang. */
function expectIndexable(head: ParsedHead, origin: string, language: string) {
  expect(head.title.trim()).not.toBe('')
  expect(head.meta('description')?.trim()).toBeTruthy()
  expect(Array.from(head.meta('description') ?? '').length).toBeLessThanOrEqual(160)
  expect(head.meta('robots')).toBeUndefined()
  expect(head.canonical?.startsWith(`${origin}/`)).toBe(true)
  expect(head.meta('og:url')).toBe(head.canonical)
  expect(head.meta('og:title')).toBe(head.title)
  expect(head.meta('og:description')).toBe(head.meta('description'))
  expect(head.meta('twitter:card')).toMatch(/^summary(_large_image)?$/)
  // A preview's picture is described as the page describes it (og:image:alt, twitter:image:alt).
  if (head.meta('og:image')) {
    expect(head.meta('og:image:alt')?.trim()).toBeTruthy()
    expect(head.meta('twitter:image:alt')).toBe(head.meta('og:image:alt'))
  }
  expect(head.hreflang.find((link) => link.hreflang === language)?.href).toBe(head.canonical)
  expect(head.hreflang.filter((link) => link.hreflang === 'x-default')).toHaveLength(1)
  for (const link of head.hreflang) expect(link.href.startsWith(`${origin}/`)).toBe(true)
  for (const entity of head.jsonLd) expect(entity['@context']).toBe('https://schema.org')
}

describe('the head of every page kind', () => {
  let site: TestSite
  const page = async (path: string, host = 'res.localhost', headers: Record<string, string> = {}) => {
    const response = await site.request(path, { host, headers: { 'accept-language': 'zh-CN', ...headers } })
    return { status: response.status, head: readHead(await response.text()) }
  }
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it('home: site TDK, WebSite with the search action, feed and site code', async () => {
    const { status, head } = await page('/')
    expect(status).toBe(200)
    expectIndexable(head, 'http://res.localhost', 'zh')
    expect(head.canonical).toBe('http://res.localhost/')
    expect(head.hreflang).toEqual([
      { hreflang: 'zh', href: 'http://res.localhost/' },
      { hreflang: 'en', href: 'http://res.localhost/en' },
      { hreflang: 'x-default', href: 'http://res.localhost/' },
    ])
    expect(head.meta('og:type')).toBe('website')
    expect(head.meta('og:site_name')).toBe('拾源搜索')
    expect(head.meta('og:locale')).toBe('zh_CN')
    expect(head.metas('og:locale:alternate')).toEqual(['en_US'])
    const [website] = head.jsonLd
    expect(website).toMatchObject({
      '@type': 'WebSite',
      url: 'http://res.localhost/',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'http://res.localhost/s?query={search_term_string}' },
      },
    })
    expect(
      head.elements.filter((e) => e.name === 'link' && e.attrs.type === 'application/rss+xml').map((e) => e.attrs.href),
    ).toEqual(['http://res.localhost/articles/feed.xml'])
    expect(head.meta('site-verification')).toBe('res-demo-0001')
    expect(head.metas('theme-color')).toEqual(['#2563eb'])
  })

  it('home of a site with its own search route names that route in the search action', async () => {
    const { head } = await page('/', 'nav.localhost', { 'accept-language': 'zh-TW' })
    expect(head.jsonLd[0]).toMatchObject({
      potentialAction: { target: { urlTemplate: 'http://nav.localhost/sa?query={search_term_string}' } },
    })
  })

  it('detail: resource TDK, breadcrumb trail', async () => {
    const { status, head } = await page('/d/vlc-media-player')
    expect(status).toBe(200)
    expectIndexable(head, 'http://res.localhost', 'zh')
    expect(head.canonical).toBe('http://res.localhost/d/vlc-media-player')
    expect(head.title).toContain('VLC')
    expect(head.meta('og:image:alt')).toBe('VLC 媒体播放器 3.0 全平台版')
    expect(typesOf(head)).toEqual(['BreadcrumbList'])
    const crumbs = head.jsonLd[0]!.itemListElement as { position: number; item: string }[]
    expect(crumbs[0]).toMatchObject({ position: 1, item: 'http://res.localhost/' })
    expect(crumbs.at(-1)).toMatchObject({ item: 'http://res.localhost/d/vlc-media-player' })
  })

  it('post: one canonical for both addresses, article type, Article and BreadcrumbList', async () => {
    const byId = await page('/articles/p1001')
    const byPath = await page('/post-search-tips')
    for (const { status, head } of [byId, byPath]) {
      expect(status).toBe(200)
      expectIndexable(head, 'http://res.localhost', 'zh')
      expect(head.canonical).toBe('http://res.localhost/post-search-tips')
      expect(head.meta('og:type')).toBe('article')
      expect(head.meta('article:published_time')).toMatch(/^\d{4}-\d\d-\d\dT/)
      expect(typesOf(head)).toEqual(['Article', 'BreadcrumbList'])
      expect(head.jsonLd[0]).toMatchObject({
        headline: '五个搜索技巧，让你更快找到想要的资源',
        url: 'http://res.localhost/post-search-tips',
        publisher: { name: '拾源搜索' },
      })
    }
    expect(byId.head.hreflang).toEqual(byPath.head.hreflang)
  })

  it('a language-prefixed, path-mapped page: canonical, reciprocal hreflang in the mapped form', async () => {
    const english = await page('/en/tags/open-source', 'res.localhost', { cookie: 'lang=en' })
    expect(english.status).toBe(200)
    expectIndexable(english.head, 'http://res.localhost', 'en')
    expect(english.head.canonical).toBe('http://res.localhost/en/tags/open-source')
    expect(english.head.meta('og:locale')).toBe('en_US')
    const chinese = await page('/tags/open-source')
    expect(chinese.head.canonical).toBe('http://res.localhost/tags/open-source')
    // Reciprocal: both language versions list the same set of alternates.
    expect(english.head.hreflang).toEqual(chinese.head.hreflang)
    expect(chinese.head.hreflang).toEqual([
      { hreflang: 'zh', href: 'http://res.localhost/tags/open-source' },
      { hreflang: 'en', href: 'http://res.localhost/en/tags/open-source' },
      { hreflang: 'x-default', href: 'http://res.localhost/tags/open-source' },
    ])
    expect(typesOf(chinese.head)).toEqual(['ItemList'])
  })

  it('an alias host points every address at the primary domain; forged forwarding headers change nothing', async () => {
    const forged = {
      'x-forwarded-host': 'evil.test',
      'x-forwarded-proto': 'https',
      forwarded: 'host=evil.test',
      'accept-language': 'en',
    }
    const alias = await page('/doc_handbook', 'lumen.localhost', forged)
    const primary = await page('/doc_handbook', 'land.localhost', { 'accept-language': 'en' })
    expect(alias.status).toBe(200)
    expectIndexable(alias.head, 'http://land.localhost', 'en')
    expect(alias.head.canonical).toBe('http://land.localhost/doc/handbook')
    expect(alias.head.hreflang).toEqual(primary.head.hreflang)
    expect(alias.head.hreflang).toHaveLength(7)
    expect(JSON.stringify(alias.head.elements)).not.toMatch(/evil\.test|lumen\.localhost/)
    expect(typesOf(alias.head)).toEqual(['BreadcrumbList'])
  })

  it('landing page with a FAQ: FAQPage with every question', async () => {
    const { head } = await page('/', 'land.localhost', { 'accept-language': 'en' })
    expectIndexable(head, 'http://land.localhost', 'en')
    expect(typesOf(head)).toEqual(['WebSite', 'FAQPage'])
    const faq = head.jsonLd[1] as { mainEntity: { '@type': string; name: string; acceptedAnswer: { text: string } }[] }
    expect(faq.mainEntity.length).toBeGreaterThan(0)
    for (const question of faq.mainEntity) {
      expect(question['@type']).toBe('Question')
      expect(question.acceptedAnswer.text).not.toBe('')
    }
  })

  // Every list page describes the entries it shows, in their order, with absolute addresses.
  it.each([
    ['res.localhost', '/rank', 'zh'],
    ['res.localhost', '/rank_site/software', 'zh'],
    ['res.localhost', '/res/hot', 'zh'],
    ['res.localhost', '/res/new', 'zh'],
    ['res.localhost', '/res/hot/software', 'zh'],
    ['res.localhost', '/res/new/ebook', 'zh'],
    ['res.localhost', '/tags', 'zh'],
    ['res.localhost', '/tags/open-source', 'zh'],
    ['res.localhost', '/articles', 'zh'],
    ['res.localhost', '/pcat/guide', 'zh'],
    ['res.localhost', '/sp/topics', 'zh'],
    ['land.localhost', '/sp/library', 'en'],
    ['nav.localhost', '/sp/collections', 'zh-TW'],
  ])('%s%s: ItemList of the entries it shows', async (host, path, language) => {
    const response = await site.request(path, { host, headers: { 'accept-language': language } })
    expect(response.status).toBe(200)
    const html = await response.text()
    const head = readHead(html)
    expectIndexable(head, `http://${host}`, language)
    const lists = head.jsonLd.filter((entity) => entity['@type'] === 'ItemList')
    expect(lists).toHaveLength(1)
    const items = lists[0]!.itemListElement as { '@type': string; position: number; name: string; url?: string }[]
    expect(items.length).toBeGreaterThan(0)
    const main = /<main[^>]*>[\s\S]*<\/main>/.exec(html)?.[0] ?? ''
    items.forEach((item, index) => {
      expect(item).toMatchObject({ '@type': 'ListItem', position: index + 1 })
      expect(item.url).toMatch(new RegExp(`^http://${host.replace('.', '\\.')}/`))
      // The entry is on the page, linked where the list says.
      expect(main).toContain(`href="${new URL(item.url!).pathname}`)
    })
  })

  it.each([
    ['res.localhost', '/s?query=linux'],
    ['res.localhost', '/sa?query=linux'],
    ['res.localhost', '/search/post?query=x'],
    ['nav.localhost', '/sa?query=ai'],
    ['nav.localhost', '/en/sa?query=ai'],
  ])('search results on %s%s are noindex, follow', async (host, path) => {
    const { head } = await page(path, host, { cookie: path.startsWith('/en') ? 'lang=en' : '' })
    expect(head.meta('robots')?.replace(/\s/g, '')).toBe('noindex,follow')
  })

  it.each([
    ['/no/such/page', 404],
    ['/d/no-such-resource', 404],
    ['/500', 500],
  ])('error page %s is noindex without canonical', async (path, status) => {
    const result = await page(path)
    expect(result.status).toBe(status)
    expect(result.head.meta('robots')).toBe('noindex')
    expect(result.head.canonical).toBeUndefined()
    expect(result.head.hreflang).toEqual([])
    expect(result.head.meta('og:url')).toBeUndefined()
  })

  it('writes site code once: head code in the head, body code at the end of the body', async () => {
    const response = await site.request('/res/hot', { host: 'res.localhost', headers: { 'accept-language': 'zh-CN' } })
    const html = await response.text()
    expect(html.match(/name="theme-color"/g)).toHaveLength(1)
    expect(html.match(/<noscript/g)).toHaveLength(1)
    expect(html).toMatch(
      /<script id="__hydration" type="application\/json">[^<]*<\/script><noscript data-h="\w+">启用 JavaScript 后可使用搜索与登录。<\/noscript><\/body><\/html>$/,
    )
  })
})
