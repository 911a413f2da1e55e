import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { launchChromium } from '../../test/browser/launch.ts'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { withSiteCode } from '../../test/site-code.ts'

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'

declare global {
  interface Window {
    __cspViolations?: string[]
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
    window.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (event) =>
      window.__cspViolations!.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      ),
    )
  })
  return errors
}

describe('Content-Security-Policy in Chromium', { timeout: 60_000 }, () => {
  let site: TestSite
  let browser: Browser
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  beforeAll(async () => {
    site = await startTestSite({
      listen: true,
      // The aside is held until the shell is on screen: on a machine busy with the rest of the suite
      // that can pass the default render deadline, which would give the aside up (an empty block).
      renderTimeoutMs: 30_000,
      // …and the upstream call held meanwhile must not time out either (2 s in tests).
      upstreamClient: { timeoutMs: 30_000 },
      upstream: async (request, demo) => {
        if (request.headers.get('app-domain') === 'down.localhost') return new Response('down', { status: 503 })
        if (new URL(request.url).pathname === '/v1/resource/aside') await released
        return demo(request)
      },
    })
    browser = await launchChromium()
  })
  afterAll(async () => {
    release()
    await browser.close()
    await site.close()
  })

  const address = (host: string, path: string) => `http://${host}:${new URL(site.url!).port}${path}`

  it('runs the streamed page, its Suspense scripts and hydration with no violation', async () => {
    // A desktop browser's agent: a headless one counts as a crawler and would get the page in one piece.
    const page = await browser.newPage({ locale: 'zh-CN', userAgent: BROWSER_UA })
    const errors = await watch(page)
    // The aside is held back upstream until the shell (with React's inline scripts to come) is on screen.
    await page.goto(address('res.localhost', '/s?query=linux'), { waitUntil: 'commit' })
    await page.waitForSelector('.res-aside')
    release()
    await page.waitForSelector('.res-aside__block:not(.res-aside__block--skeleton)')
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('runs a page allowed by hashes alone (no nonce), the site code, the bundle and hydration, from a render and from the HTML cache', async () => {
    const cached = await startTestSite({
      listen: true,
      htmlCache: {},
      upstream: withSiteCode('<script>window.__siteCodeRan = (window.__siteCodeRan || 0) + 1</script>'),
    })
    try {
      const at = `http://res.localhost:${new URL(cached.url!).port}/res/hot`
      for (const visit of ['miss', 'hit']) {
        const page = await browser.newPage({ locale: 'zh-CN', userAgent: BROWSER_UA })
        const errors = await watch(page)
        const response = await page.goto(at)
        expect(response?.headers()['content-security-policy'], visit).not.toContain("'nonce-")
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
        expect(await page.evaluate(() => (window as { __siteCodeRan?: number }).__siteCodeRan)).toBe(1)
        // The chunks the start script preloaded were fetched, not refused.
        expect(
          await page.evaluate(() => document.querySelectorAll('link[rel="modulepreload"]').length),
        ).toBeGreaterThan(0)
        expect(await page.evaluate(() => window.__cspViolations), visit).toEqual([])
        expect(errors, visit).toEqual([])
        await page.close()
        await vi.waitFor(() => expect(cached.htmlCache?.inFlight).toBe(0))
      }
      expect(cached.htmlCache?.size).toBe(1)
    } finally {
      await cached.close()
    }
  })

  it('runs the startup screen countdown script under the policy', async () => {
    const page = await browser.newPage()
    const errors = await watch(page)
    const response = await page.goto(address('down.localhost', '/'))
    expect(response?.status()).toBe(503)
    await page.waitForFunction(() => document.getElementById('count')?.textContent === '2')
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([])
    // The document's own 503 is reported as a failed resource; nothing else may fail.
    expect(errors.filter((error) => !/status of 503/.test(error))).toEqual([])
    await page.close()
  })
})
