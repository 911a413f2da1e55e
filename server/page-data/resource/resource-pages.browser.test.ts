import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from '../../../test/browser/launch.ts'
import { startTestSite, type TestSite } from '../../../test/harness.ts'

// The resource and article pages in Chromium: hydration must match the server markup (a mismatch
// logs a console error), and client-side navigation must bring the streamed aside along.
describe('resource and article pages in a browser', { timeout: 60_000 }, () => {
  let site: TestSite
  let browser: Browser
  beforeAll(async () => {
    site = await startTestSite({ listen: true })
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  async function open(path: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ locale: 'zh-CN' })
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    const port = new URL(site.url!).port
    await page.goto(`http://res.localhost:${port}${path}`, { waitUntil: 'load' })
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    return { page, errors }
  }

  it.each([
    '/s?query=linux', '/d/libreoffice-24-8', '/res/new/software', '/rank_db/literature', '/tags', '/tags/open-source',
    '/articles', '/pcat/guide', '/post-search-tips', '/search/post?query=%E5%AD%97%E4%BD%93',
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
