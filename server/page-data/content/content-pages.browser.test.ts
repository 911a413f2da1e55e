import { describe, expect, it } from 'vitest'
import { useBrowserSite } from '../../../test/browser/use-browser-site.ts'
import { DEMO_BROWSER_LOCALES } from '../../../test/demo-pages.ts'

// Content and home pages in Chromium: hydration must match the server markup (a mismatch logs a
// console error), tabs and popovers must work, client-side navigation must bring streamed data along.
describe('content pages in a browser', { timeout: 60_000 }, () => {
  const browserSite = useBrowserSite()

  function open(host: string, path: string) {
    // The demo landing page plays sample clips from the public web, which this network cannot reach.
    return browserSite.open(host, path, {
      locale: DEMO_BROWSER_LOCALES[host] ?? 'en-US',
      ignoreErrors: /net::ERR_NAME_NOT_RESOLVED/,
    })
  }

  it.each([
    ['land.localhost', '/'],
    ['land.localhost', '/c/legal/privacy'],
    ['land.localhost', '/c/legal/terms'],
    ['land.localhost', '/doc_handbook'],
    ['land.localhost', '/l/campaign/spring-sale'],
    ['land.localhost', '/sp/library'],
    ['nav.localhost', '/'],
    ['nav.localhost', '/ai'],
    ['nav.localhost', '/sp/news'],
    ['nav.localhost', '/sp/collections'],
    ['res.localhost', '/'],
    ['res.localhost', '/c/about'],
    ['res.localhost', '/doc_guide'],
  ])('hydrates %s%s without errors', async (host, path) => {
    const { page, errors } = await open(host, path)
    expect(await page.locator('main h1').count()).toBe(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('switches nav tabs by click and by arrow key', async () => {
    const { page, errors } = await open('nav.localhost', '/')
    const group = page.locator('.content-nav__group').first()
    const tabs = group.getByRole('tab')
    await tabs.nth(1).click()
    await expect.poll(() => tabs.nth(1).getAttribute('aria-selected')).toBe('true')
    expect(await group.locator('[role="tabpanel"]').first().isVisible()).toBe(false)
    expect(await group.locator('[role="tabpanel"]').nth(1).isVisible()).toBe(true)
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => tabs.nth(2).getAttribute('aria-selected')).toBe('true')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tab')
    expect(errors).toEqual([])
    await page.close()
  })

  it('opens a land popover button', async () => {
    const { page, errors } = await open('land.localhost', '/')
    await page.getByRole('button', { name: 'Open the tour' }).click()
    await expect.poll(() => page.locator('.land-popover:popover-open').count()).toBe(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('navigates from a list page to a content page client-side', async () => {
    const { page, errors } = await open('nav.localhost', '/sp/collections')
    await page.evaluate(() => {
      ;(window as unknown as { marker: boolean }).marker = true
    })
    await page.locator('main a[href="/nav/dev/frontend"]').click()
    await page.waitForURL(/\/nav\/dev\/frontend$/)
    await expect.poll(() => page.locator('main h1').textContent()).toBe('前端開發')
    // Still the same document: the navigation happened in the browser.
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true)
    expect(errors).toEqual([])
    await page.close()
  })

  it('brings the streamed rss hot list along on client-side navigation', async () => {
    const { page, errors } = await open('nav.localhost', '/')
    await page.locator('header a[href="/sp/news"]').first().click()
    await page.waitForURL(/\/sp\/news$/)
    await expect.poll(() => page.locator('.content-rank li').count()).toBeGreaterThan(0)
    expect(errors).toEqual([])
    await page.close()
  })

  async function markDocument(page: import('playwright-core').Page) {
    await page.evaluate(() => {
      ;(window as unknown as { marker: boolean }).marker = true
    })
  }
  const marked = (page: import('playwright-core').Page) =>
    page.evaluate(() => (window as unknown as { marker?: boolean }).marker === true)

  it('follows a footer link to a file page as a document: its payload, prefetched on hover, says so, and the browser loads the file itself', async () => {
    const { page, errors } = await open('land.localhost', '/c/legal/privacy')
    expect(errors).toEqual([])
    const later: string[] = []
    page.on('console', (message) => {
      // A browser showing a bare file asks for /favicon.ico on its own; that 404 is not the page's.
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) later.push(message.text())
    })
    const payloads: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/_payload.json')) payloads.push(request.url())
    })
    await markDocument(page)
    const link = page.locator('footer a[href="/c/legal/licenses"]')
    await link.hover()
    const [response] = await Promise.all([
      page.waitForEvent('response', (r) => r.url().endsWith('/c/legal/licenses')),
      link.click(),
    ])
    expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8')
    await expect.poll(() => page.evaluate(() => document.body.textContent ?? '')).toContain('Public domain')
    expect(await marked(page)).toBe(false)
    // The page did not know the link leads to a file: the hover's payload told the click, once.
    expect(payloads.map((url) => new URL(url).pathname)).toEqual(['/c/legal/licenses/_payload.json'])
    expect(later).toEqual([])
    await page.close()
  })
})
