import { describe, expect, it } from 'vitest'
import { useBrowserSite } from '../../../test/browser/use-browser-site.ts'

// The resource and article pages in Chromium: hydration must match the server markup (a mismatch
// logs a console error), and client-side navigation must bring the streamed aside along.
describe('resource and article pages in a browser', { timeout: 60_000 }, () => {
  const browserSite = useBrowserSite()
  const open = (path: string) => browserSite.open('res.localhost', path, { locale: 'zh-CN' })

  it.each([
    '/s?query=linux',
    '/d/libreoffice-24-8',
    '/res/new/software',
    '/rank_db/literature',
    '/tags',
    '/tags/open-source',
    '/articles',
    '/pcat/guide',
    '/post-search-tips',
    '/search/post?query=%E5%AD%97%E4%BD%93',
  ])('hydrates %s without errors', async (path) => {
    const { page, errors } = await open(path)
    expect(await page.locator('h1').count()).toBe(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('navigates from the results to a resource client-side, aside included', async () => {
    const { page, errors } = await open('/s?query=linux')
    await expect.poll(() => page.locator('.res-aside__contact').count()).toBe(1)
    await page.locator('.res-card__title a[href="/d/linux-command-line"]').click()
    await page.waitForURL(/\/d\/linux-command-line$/)
    await expect.poll(() => page.locator('h1').textContent()).toBe('Linux 命令行 从入门到熟练')
    await expect.poll(() => page.locator('.res-aside__contact').count()).toBe(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('pages through a list with the pagination links', async () => {
    const { page, errors } = await open('/res/new')
    await page.locator('.res-pagination a[rel="next"]').click()
    await page.waitForURL(/\/res\/new\?page=2$/)
    await expect.poll(() => page.locator('.res-pagination [aria-current="page"]').textContent()).toBe('2')
    expect(errors).toEqual([])
    await page.close()
  })
})
