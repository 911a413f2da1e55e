import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from '../test/browser/launch.ts'
import { startTestSite, type TestSite } from '../test/harness.ts'

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
    const page = await browser.newPage()
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
})
