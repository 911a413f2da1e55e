import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../../test/harness.ts'

// End-to-end: the page-home demo sites (home_page_model 2) search their resources like every site,
// with their matching pages in a second section (SPEC §2 `s`, §3 search type).
const mainOf = (html: string) =>
  (/<main[^>]*>[\s\S]*<\/main>/.exec(html)?.[0] ?? '').replace(/src="data:[^"]*"/g, 'src="data:…"')
const cardsOf = (main: string) => [...main.matchAll(/<h2 class="res-card__title"><a href="([^"]+)">/g)].map((m) => m[1])
const pagesSectionOf = (main: string) => /<section class="search-pages"[\s\S]*?<\/section>/.exec(main)?.[0] ?? ''

describe('search on the page-home sites', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it.each([
    [
      'land.localhost',
      '/s?query=lumen',
      ['/d/lumen-linux', '/d/lumen-macos', '/d/lumen-windows'],
      'Matching pages',
      '/c/legal/licenses',
    ],
    [
      'nav.localhost',
      '/sa?query=ai',
      ['/d/ai-illustrations', '/d/ai-prompt-pack', '/d/local-ai-starter'],
      '相符的頁面',
      '/ai',
    ],
  ])(
    '%s %s shows resource cards with their own images and the matching pages',
    async (host, path, cards, pagesTitle, pageLink) => {
      const response = await site.request(path, { host })
      expect(response.status).toBe(200)
      const main = mainOf(await response.text())
      expect(cardsOf(main)).toEqual(expect.arrayContaining(cards))
      // The resource's own picture through the image endpoint, in two densities; never the site logo.
      expect(main).toMatch(
        /<a class="res-card__media"[^>]*><img src="\/_img\/thumbnail\?url=[^"]*%2Fmedia%2Fart-wide-[^"]*" srcSet="[^"]* 320w, [^"]* 640w"/,
      )
      const pages = pagesSectionOf(main)
      expect(pages).toContain(`<h2 id="search-pages-title" class="search-pages__title">${pagesTitle}</h2>`)
      expect(pages).toContain(`href="${pageLink}"`)
      // The pages come after the resources.
      expect(main.indexOf('<section class="search-pages"')).toBeGreaterThan(main.indexOf('<ul class="res-grid">'))
    },
  )

  it('leaves the pages section out when no page matches', async () => {
    const main = mainOf(await (await site.request('/s?query=windows', { host: 'land.localhost' })).text())
    expect(cardsOf(main)).toEqual(['/d/lumen-windows'])
    expect(main).not.toContain('search-pages')
  })
})
