import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from '../test/browser/launch.ts'
import { distDir, startTestSite, type TestSite } from '../test/harness.ts'

/** Visits a tenant by its name on the test server's port (Chromium resolves *.localhost to loopback). */
function tenantUrl(site: TestSite, host: string, path: string): string {
  const port = new URL(site.url!).port
  return `http://${host}:${port}${path}`
}

describe('in a real browser', () => {
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

  async function openPage(path: string, host = 'res.localhost'): Promise<{ page: Page; errors: string[]; payloads: string[]; documents: string[] }> {
    // A Chinese browser on this Chinese-default site: no first-visit language redirect.
    const page = await browser.newPage({ locale: 'zh-CN' })
    const errors: string[] = []
    const payloads: string[] = []
    const documents: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('request', (request) => {
      if (request.url().includes('/_payload.json')) payloads.push(new URL(request.url()).pathname + new URL(request.url()).search)
      if (request.resourceType() === 'document') documents.push(request.url())
    })
    await page.goto(tenantUrl(site, host, path), { waitUntil: 'networkidle' })
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    return { page, errors, payloads, documents }
  }

  it('hydrates without console errors and navigates client-side through the payload', async () => {
    const { page, errors, payloads, documents } = await openPage('/res/hot')
    expect(errors).toEqual([])
    const link = page.locator('main a[href^="/res/new"]').first()
    await link.click()
    await page.waitForURL(/\/res\/new/)
    await page.waitForFunction(() => document.title.length > 0)
    expect(payloads.some((path) => path.startsWith('/res/new'))).toBe(true)
    expect(documents).toHaveLength(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('prefetches a payload once on hover and uses it for the click', async () => {
    const { page, payloads, errors } = await openPage('/res/hot')
    const link = page.locator('main a[href^="/res/new"]').first()
    const target = new URL((await link.getAttribute('href'))!, 'http://x').pathname
    const prefetched = page.waitForResponse((response) => response.url().includes(`${target}/_payload.json`))
    await link.hover()
    await prefetched
    // Hovering again must not fetch again.
    await page.mouse.move(0, 0)
    await link.hover()
    await link.click()
    await page.waitForURL((url) => url.pathname === target)
    await page.waitForLoadState('networkidle')
    expect(payloads.filter((payload) => payload.startsWith(`${target}/_payload.json`))).toHaveLength(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('shows the mapped address in the address bar after client-side navigation', async () => {
    const { page, payloads, documents } = await openPage('/res/hot')
    const tagLink = page.locator('main a[href^="/tags/"]').first()
    const href = (await tagLink.getAttribute('href'))!
    await tagLink.click()
    await page.waitForURL((url) => url.pathname === href)
    expect(payloads.some((payload) => payload.startsWith(`${href}/_payload.json`))).toBe(true)
    expect(documents).toHaveLength(1)
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/res/hot')
    expect(await page.locator('h1').first().textContent()).toBeTruthy()
    await page.close()
  })

  it('scrolls to the top after navigating', async () => {
    const { page } = await openPage('/res/hot')
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.waitForFunction(() => window.scrollY > 300)
    const link = page.locator('footer a[href^="/"], main a[href^="/res/new"]').last()
    await link.click()
    await page.waitForFunction(() => window.scrollY === 0)
    await page.close()
  })

  it('reloads the target address once when a page chunk fails, then not again within 10 s', async () => {
    const manifest = JSON.parse(readFileSync(path.join(distDir(), 'client', 'manifest.json'), 'utf8')) as { pages: Record<string, { file: string }> }
    const chunk = manifest.pages['tags-page']!.file
    const { page, documents } = await openPage('/res/hot')
    await page.route(`**${chunk}`, (route) => route.abort())
    const href = (await page.locator('main a[href^="/tags/"]').first().getAttribute('href'))!
    await page.locator('main a[href^="/tags/"]').first().click()
    await page.waitForURL((url) => url.pathname === href)
    await page.waitForLoadState('load')
    expect(documents.length).toBe(2)
    expect(new URL(documents[1]!).pathname).toBe(href)

    // Within the guard window a second failure shows the error instead of reloading again.
    await page.goto(tenantUrl(site, 'res.localhost', '/res/hot'), { waitUntil: 'networkidle' })
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    const before = documents.length
    await page.locator('main a[href^="/tags/"]').first().click()
    await page.locator('.error-page').waitFor()
    expect(documents.length).toBe(before)
    await page.close()
  })
})
