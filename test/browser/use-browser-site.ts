import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { startTestSite, type TestSite, type TestSiteOptions } from '../harness.ts'
import { launchChromium } from './launch.ts'
import { openPage, type OpenedPage, type OpenPageOptions } from './open-page.ts'

export interface BrowserSite {
  /** The address of `path` on tenant `host` (Chromium resolves *.localhost to loopback). */
  tenantUrl(host: string, path: string): string
  /** {@link openPage} on `tenantUrl(host, path)`. */
  open(host: string, path: string, options: OpenPageOptions): Promise<OpenedPage>
  /** The running Chromium, for pages that need a context of their own (User-Agent, permissions). */
  browser(): Browser
}

/**
 * The test site listening on a port, and Chromium: both started before the tests of the enclosing
 * `describe` and closed after them. Call it in the `describe` body; `options` may put a stub in
 * front of the demo API.
 */
export function useBrowserSite(options: Omit<TestSiteOptions, 'listen'> = {}): BrowserSite {
  let site: TestSite | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    site = await startTestSite({ ...options, listen: true })
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  function tenantUrl(host: string, path: string): string {
    if (site?.url === undefined)
      throw new Error('the browser site is not started: call useBrowserSite() in a describe body')
    return `http://${host}:${new URL(site.url).port}${path}`
  }
  return {
    tenantUrl,
    browser() {
      if (browser === undefined) throw new Error('Chromium is not started: call useBrowserSite() in a describe body')
      return browser
    },
    open(host, path, options) {
      if (browser === undefined) throw new Error('Chromium is not started: call useBrowserSite() in a describe body')
      return openPage(browser, tenantUrl(host, path), options)
    },
  }
}
