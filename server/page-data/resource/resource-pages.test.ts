import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGate, streamThroughGate } from '../../../test/gate.ts'
import { startTestSite, type TestSite } from '../../../test/harness.ts'
import { readHead } from '../../../test/head.ts'

// End-to-end: the real app against the demo API. res.localhost is a Chinese site (zh default, en
// enabled) whose path mapping shows /res_tags as /tags.
const titleOf = (html: string) => /<title>(.*?)<\/title>/s.exec(html)?.[1] ?? ''
const robotsOf = (html: string) => readHead(html).meta('robots')
const cardCount = (html: string) => html.match(/<article class="res-card">/g)?.length ?? 0
/** The page area only, so that a failed assertion prints something readable. */
const mainOf = (html: string) =>
  (/<main[^>]*>[\s\S]*<\/main>/.exec(html)?.[0] ?? '').replace(/src="data:[^"]*"/g, 'src="data:…"')

describe('resource pages on the demo site', () => {
  let site: TestSite
  const get = (path: string) => site.request(path, { host: 'res.localhost' })
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it('searches and shows a grid of result cards, out of indexes', async () => {
    const response = await get('/s?query=linux')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(robotsOf(html)).toBe('noindex,follow')
    expect(titleOf(html)).toBe('linux相关资源 - 拾源搜索')
    const main = mainOf(html)
    expect(main).toContain('<h1>“linux”的搜索结果</h1>')
    expect(main).toContain('<a href="/d/linux-command-line"><mark>Linux</mark> 命令行 从入门到熟练</a>')
    expect(cardCount(main)).toBeGreaterThan(0)
    // The first row of the main grid loads at once (a likely LCP); later cards are lazy.
    expect(main).toMatch(
      /<img src="\/_img\/thumbnail\?[^"]*" srcSet="[^"]*" sizes="[^"]*" alt="" width="320" height="180" decoding="async"/,
    )
  })

  it('shows the prompt and no results for an empty query', async () => {
    const response = await get('/s?query=%20')
    expect(response.status).toBe(200)
    const main = mainOf(await response.text())
    expect(main).toContain('请输入关键词进行搜索。')
    expect(cardCount(main)).toBe(0)
  })

  it('answers 404 for a bad page number', async () => {
    for (const path of ['/s?query=a&page=0', '/s?query=a&page=x', '/res/new?page=1001', '/res/new/software/abc']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(await response.text()).toContain('Page Not Found: ')
    }
  })

  it('shows a resource with its links, tags and recommendations', async () => {
    const response = await get('/d/libreoffice-24-8')
    expect(response.status).toBe(200)
    const page = await response.text()
    expect(titleOf(page)).toContain('LibreOffice 24.8')
    const html = mainOf(page)
    expect(html).toContain('<h1>LibreOffice 24.8 安装包（Win/Mac/Linux）</h1>')
    expect(html).toMatch(/href="\/res\/new\/software"/)
    expect(html).toMatch(/href="\/tags\/open-source"/)
    expect(html).toMatch(/rel="noopener noreferrer nofollow"/)
    expect(html).toContain('class="res-detail__section res-detail__recommend"')
  })

  it('answers 404 for an unknown resource', async () => {
    const response = await get('/d/no-such-resource')
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('Page Not Found: /d/no-such-resource')
  })

  it('lists newest and hottest resources with category tabs and pagination', async () => {
    for (const path of ['/res', '/res/new', '/res/hot', '/res/hot/ebook', '/res/new/software', '/res/new/software/1']) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      const html = mainOf(await response.text())
      expect(cardCount(html), path).toBeGreaterThan(0)
      expect(html).toContain('res-tabs__tab')
    }
    const first = mainOf(await (await get('/res/new')).text())
    expect(cardCount(first)).toBe(30)
    expect(first).toMatch(/href="\/res\/new\?page=2"/)
    const second = await get('/res/new?page=2')
    expect(second.status).toBe(200)
  })

  it('answers 404 for an unknown category', async () => {
    const response = await get('/res/new/no-such-category')
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('Page Not Found: /res/new/no-such-category')
  })

  it('shows rankings with platform, category and tag navigation', async () => {
    const rank = await get('/rank')
    expect(rank.status).toBe(200)
    const html = mainOf(await rank.text())
    expect(html).toContain('本站热门')
    expect(html).toMatch(/href="\/rank_db"/)
    const tagged = await get('/rank_db/literature/classic')
    expect(tagged.status).toBe(200)
    const taggedHtml = mainOf(await tagged.text())
    expect(taggedHtml).toContain('红楼梦')
    expect(taggedHtml).toMatch(/href="\/d\/hongloumeng-epub"/)
    // A ranked title the site does not carry leads to a search for it.
    const history = mainOf(await (await get('/rank_db/history')).text())
    expect(history).toMatch(/href="\/s\?query=%E8%B5%84%E6%B2%BB%E9%80%9A%E9%89%B4"/)
  })

  it.each(['/rank_nope', '/rank_db/nope', '/rank_db/literature/nope'])('answers 404 for %s', async (path) => {
    const response = await get(path)
    expect(response.status).toBe(404)
    expect(await response.text()).toContain(`Page Not Found: ${path}`)
  })

  it('lists tags and shows a tag with its resources', async () => {
    const tags = await get('/tags')
    expect(tags.status).toBe(200)
    const tagsHtml = mainOf(await tags.text())
    expect(tagsHtml).toContain('免费商用')
    expect(tagsHtml).toMatch(/href="\/tags\/open-source"/)
    const tag = await get('/tags/open-source')
    expect(tag.status).toBe(200)
    const tagHtml = mainOf(await tag.text())
    expect(tagHtml).toContain('<h1>开源</h1>')
    expect(cardCount(tagHtml)).toBeGreaterThan(0)
    const unknown = await get('/tags/no-such-tag')
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('Page Not Found: /tags/no-such-tag')
  })

  it('renders the English interface under /en', async () => {
    const html = mainOf(await (await get('/en/res/hot')).text())
    expect(html).toContain('Hot resources')
    expect(html).toMatch(/href="\/en\/d\/[^"]+"/)
  })
})

describe('search pagination', () => {
  let site: TestSite
  beforeAll(async () => {
    // The demo catalog is smaller than a search page; pretend the upstream found many more.
    site = await startTestSite({
      upstream: async (request, demo) => {
        const response = await demo(request)
        if (new URL(request.url).pathname !== '/v1/resource/search') return response
        const body = (await response.json()) as { data: { total: number } }
        body.data.total = 500
        return Response.json(body)
      },
    })
  })
  afterAll(() => site.close())

  it('links pages of the same search, keeping the other query parameters', async () => {
    const html = mainOf(
      await (await site.request('/sa?query=e&category=software&page=2', { host: 'res.localhost' })).text(),
    )
    expect(html).toContain(
      '<a class="res-pagination__page" aria-current="page" href="/sa?query=e&amp;category=software&amp;page=2">2</a>',
    )
    expect(html).toContain('href="/sa?query=e&amp;category=software"')
    expect(html).toContain('href="/sa?query=e&amp;category=software&amp;page=9"')
    expect(html).toMatch(
      /rel="next"[^>]*href="\/sa\?query=e&amp;category=software&amp;page=3"|href="\/sa\?query=e&amp;category=software&amp;page=3"[^>]*rel="next"/,
    )
  })
})

describe('search page streaming', () => {
  let site: TestSite | undefined
  afterAll(() => site?.close())

  it('sends the result titles in the shell before a slow aside', async () => {
    const aside = createGate()
    site = await startTestSite({
      listen: true,
      upstream: async (request, demo) => {
        if (new URL(request.url).pathname === '/v1/resource/aside') await aside.passed()
        return demo(request)
      },
    })
    // A browser user agent: crawlers get the whole document at once. The aside is held back until the
    // results have arrived, so the page can only complete if they were streamed first.
    const { status, beforeOpen, body } = await streamThroughGate(
      `${site.url}/s?query=linux`,
      {
        host: 'res.localhost',
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
      },
      aside,
      (received) => received.includes('命令行 从入门到熟练'),
    )
    expect(status).toBe(200)
    expect(beforeOpen).toContain('命令行 从入门到熟练')
    expect(beforeOpen).not.toContain('每日更新 · 群内可提交求资源需求')
    expect(body).toContain('每日更新 · 群内可提交求资源需求')
  })
})
