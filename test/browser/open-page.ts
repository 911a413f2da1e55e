import type { Browser, Page } from 'playwright-core'

export interface OpenPageOptions {
  /** The browser's language: the site's default keeps the first-visit language redirect out of the way. */
  locale: string
  /** When the document counts as loaded, before waiting for hydration. */
  waitUntil?: 'commit' | 'load' | 'networkidle'
  /** Console errors to leave out, e.g. resources on the public web this network cannot reach. */
  ignoreErrors?: RegExp
  /** The window size (default 1280 × 720). */
  viewport?: { width: number; height: number }
  /** A touch screen: taps, touch events and `pointer: coarse`. */
  hasTouch?: boolean
  /** Attaches further listeners to the new page before anything loads. */
  watch?: (page: Page) => void
}

export interface OpenedPage {
  page: Page
  /** Console errors and uncaught exceptions since the page was created (a hydration mismatch lands here). */
  errors: string[]
}

/** Loads `url` in `page` and waits until the client has hydrated (`<html data-hydrated="true">`). */
export async function gotoHydrated(
  page: Page,
  url: string,
  waitUntil: OpenPageOptions['waitUntil'] = 'load',
): Promise<void> {
  await page.goto(url, { waitUntil })
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

/** Opens `url` in a new page of `browser`, collecting its errors, and waits for hydration. */
export async function openPage(browser: Browser, url: string, options: OpenPageOptions): Promise<OpenedPage> {
  const page = await browser.newPage({ locale: options.locale, viewport: options.viewport, hasTouch: options.hasTouch })
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !options.ignoreErrors?.test(message.text())) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  options.watch?.(page)
  await gotoHydrated(page, url, options.waitUntil)
  return { page, errors }
}
