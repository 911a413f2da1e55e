import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../../test/harness.ts'
import { readHead } from '../../../test/head.ts'

// End-to-end: the real app against the demo API. res.localhost shows /post as /articles.
const titleOf = (html: string) => /<title>(.*?)<\/title>/s.exec(html)?.[1] ?? ''
const robotsOf = (html: string) => readHead(html).meta('robots')
const mainOf = (html: string) =>
  (/<main[^>]*>[\s\S]*<\/main>/.exec(html)?.[0] ?? '').replace(/src="data:[^"]*"/g, 'src="data:…"')

describe('article pages on the demo site', () => {
  let site: TestSite
  const get = (path: string) => site.request(path, { host: 'res.localhost' })
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it('lists articles with the category sidebar', async () => {
    const response = await get('/articles')
    expect(response.status).toBe(200)
    const html = mainOf(await response.text())
    expect(html).toContain('<a href="/post-search-tips">五个搜索技巧，让你更快找到想要的资源</a>')
    expect(html).toMatch(/<a aria-current="page" href="\/articles">/)
    expect(html).toContain('href="/pcat/guide"')
  })

  it('lists a category and answers 404 for an unknown one', async () => {
    const response = await get('/pcat/picks')
    expect(response.status).toBe(200)
    const html = mainOf(await response.text())
    expect(html).toContain('<h1>资源推荐</h1>')
    expect(html).toContain(`${new Date().getUTCFullYear()} 年可免费商用的中文字体清单`)
    expect(html).not.toContain('五个搜索技巧')

    const unknown = await get('/pcat/no-such-category')
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('Page Not Found: /pcat/no-such-category')
  })

  it('shows an article by path and by id, its markdown rendered', async () => {
    const byPath = await get('/post-search-tips')
    expect(byPath.status).toBe(200)
    const page = await byPath.text()
    expect(titleOf(page)).toContain('五个搜索技巧')
    const html = mainOf(page)
    expect(html).toContain('<h1>五个搜索技巧，让你更快找到想要的资源</h1>')
    expect(html).toContain('<h2>精确还是模糊</h2>')
    expect(html).toContain('<strong>精确搜索</strong>')

    const byId = await get('/articles/p1001')
    expect(byId.status).toBe(200)
    expect(readHead(await byId.text()).canonical).toMatch(/^http:\/\/res\.localhost\/post-[^"]+$/)
  })

  it.each(['/post-no-such-article', '/articles/p99999'])('answers 404 for %s', async (path) => {
    const response = await get(path)
    expect(response.status).toBe(404)
    expect(await response.text()).toContain(`Page Not Found: ${path}`)
  })

  it('answers 404 for a bad page number', async () => {
    for (const path of ['/articles?page=0', '/articles?page=abc', '/articles?page=99']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
    }
  })

  it('searches articles, out of indexes', async () => {
    const response = await get(`/search/post?query=${encodeURIComponent('字体')}`)
    expect(response.status).toBe(200)
    const page = await response.text()
    expect(robotsOf(page)).toBe('noindex,follow')
    const html = mainOf(page)
    expect(html).toContain(`${new Date().getUTCFullYear()} 年可免费商用的中文<mark>字体</mark>清单`)
    expect(html).toContain('name="query"')

    const prompt = mainOf(await (await get('/search/post')).text())
    expect(prompt).toContain('请输入关键词进行搜索。')
  })
})
