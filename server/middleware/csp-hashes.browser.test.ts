import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../test/browser/launch.ts'
import { startTestSite, type TestSite } from '../../test/harness.ts'

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'

declare global {
  interface Window {
    __cspViolations?: string[]
    __injected?: boolean
  }
}

/** Records every CSP violation the page reports, and console errors (a refused script logs one). */
async function watch(page: Page): Promise<string[]> {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.addInitScript(() => {
    const violations: string[] = []
    window.__cspViolations = violations
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  return errors
}

describe('a kept page under its script hashes, in Chromium', { timeout: 60_000 }, () => {
  let site: TestSite
  let browser: Browser
  beforeAll(async () => {
    site = await startTestSite({ listen: true, htmlCache: {} })
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser.close()
    await site.close()
  })

  const address = (path: string) => `http://res.localhost:${new URL(site.url ?? '').port}${path}`

  /** A page view by a desktop browser (a headless agent counts as a crawler), in Chinese. */
  async function view(): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ userAgent: BROWSER_UA, locale: 'zh-CN' })
    await context.addCookies([{ name: 'lang', value: 'zh', url: address('/') }])
    const page = await context.newPage()
    return { page, errors: await watch(page) }
  }

  /** Renders the page once so the HTML cache keeps it; the next view is a hit. */
  async function keep(path: string): Promise<void> {
    const { page } = await view()
    await page.goto(address(path))
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.context().close()
    const started = Date.now()
    while ((site.htmlCache?.size ?? 0) < 1 && Date.now() - started < 10_000) await page.waitForTimeout(20)
  }

  it('hydrates the hit, its start script, preloads and entry included, with no violation', async () => {
    await keep('/')
    const { page, errors } = await view()
    const response = await page.goto(address('/'))
    const policy = (await response?.allHeaders())?.['content-security-policy'] ?? ''
    expect(policy).toMatch(/script-src 'self' 'sha256-/)
    expect(policy).not.toMatch(/'nonce-/)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    // The start script's preloads went in (trusted through 'strict-dynamic', their nonce empty).
    expect(await page.locator('link[rel=modulepreload]').count()).toBeGreaterThan(0)
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([])
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('refuses an inline script injected into the hit that no hash allows', async () => {
    await keep('/')
    const { page, errors } = await view()
    // The hit's bytes and headers as the server sent them, with one script slipped into the body.
    await page.route(address('/'), async (route) => {
      // Chromium resolves *.localhost itself; the fetch from the test's side goes to the loopback address.
      const url = address('/').replace('res.localhost', '127.0.0.1')
      const answer = await route.fetch({
        url,
        headers: { ...route.request().headers(), host: new URL(address('/')).host },
      })
      expect(answer.headers()['content-security-policy']).toMatch(/'sha256-/)
      const body = (await answer.text()).replace('<body>', '<body><script>window.__injected=true</script>')
      await route.fulfill({ response: answer, body })
    })
    await page.goto(address('/'))
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    expect(await page.evaluate(() => window.__injected)).toBeUndefined()
    expect(await page.evaluate(() => window.__cspViolations)).toEqual(['script-src-elem inline'])
    expect(errors.some((error) => /Content Security Policy/.test(error))).toBe(true)
    await page.context().close()
  })
})
