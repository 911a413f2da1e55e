import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../../test/harness.ts'

/** The results list of a search page. */
function resultsOf(html: string): string {
  return /<ul class="(?:res-grid|post-list)">([\s\S]*?)<\/ul>\s*(?:<nav|<\/main|<\/div)/.exec(html)?.[1] ?? ''
}

describe('search term highlighting', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it('marks each match in resource titles and descriptions, whatever its case', async () => {
    const html = await (await site.request(`/s?query=${encodeURIComponent('vlc')}`)).text()
    const results = resultsOf(html)
    expect(results).toContain('<mark>VLC</mark> 媒体播放器')
    expect(results.match(/<mark>/g)?.length).toBeGreaterThanOrEqual(1)
  })

  it('marks the matches in article titles, whatever the case of the term', async () => {
    const html = await (
      await site.request(`/search/post?query=${encodeURIComponent('THESIS')}`, { host: 'land.localhost' })
    ).text()
    expect(resultsOf(html)).toContain('How I wrote my <mark>thesis</mark> in Lumen')
  })

  it.each(['<img src=x onerror=alert(1)>', '.*', '(a+)+$', '[', '\\', '</mark><script>alert(1)</script>'])(
    'stays safe with the term %j',
    async (term) => {
      const response = await site.request(`/s?query=${encodeURIComponent(term)}`)
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(html).not.toContain('<img src=x')
      expect(html).not.toContain('<script>alert(1)')
      expect(html).not.toMatch(/<mark><(?:img|script)/)
    },
  )
})

describe('the matching pages beside the resources on the page-home sites', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it('finds the navigation site’s pages from its header search, the term marked', async () => {
    const html = await (await site.request(`/sa?query=${encodeURIComponent('前端')}`, { host: 'nav.localhost' })).text()
    expect(html).toMatch(
      /<a class="search-pages__link" href="\/nav\/dev\/frontend"><span class="search-pages__name"><mark>前端<\/mark>開發<\/span>/,
    )
    expect(html).toMatch(/<p class="res-heading__lead">共 [1-9]\d* 筆結果<\/p>/)
  })

  it('finds the landing site’s pages too', async () => {
    const html = await (
      await site.request(`/s?query=${encodeURIComponent('privacy')}`, { host: 'land.localhost' })
    ).text()
    expect(html).toContain('<mark>Privacy</mark> policy')
  })
})
