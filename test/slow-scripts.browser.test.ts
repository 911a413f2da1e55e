import { describe, expect, it } from 'vitest'
import { useBrowserSite } from './browser/use-browser-site.ts'

// A phone on a poor link, where every script takes 5 s to arrive (docs/first-load.md "Waves"): what
// a page needs to hydrate comes in one wave, and what a tap on "Sign in" made at once opens comes
// in that wave too, so the dialog is open one wave after it, not three.
describe('scripts on a slow link', { timeout: 120_000 }, () => {
  const browserSite = useBrowserSite()
  const DELAY_MS = 5000
  const APP_SCRIPT = /\/assets\/[^?#]+\.js(?:$|[?#])/

  it('hydrates within 7 s and opens the sign-in dialog tapped at once within 12 s', async () => {
    const page = await browserSite
      .browser()
      .newPage({ locale: 'en-US', viewport: { width: 375, height: 740 }, hasTouch: true })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const started = Date.now()
    const requested: { at: number; path: string }[] = []
    await page.route(APP_SCRIPT, async (route) => {
      requested.push({ at: Date.now() - started, path: new URL(route.request().url()).pathname })
      await new Promise((resolve) => setTimeout(resolve, DELAY_MS))
      await route.continue()
    })
    await page.route(/^https:\/\/(?!.*\.localhost)/, (route) => route.abort())
    await page.goto(browserSite.tenantUrl('land.localhost', '/'), { waitUntil: 'domcontentloaded' })
    await page.locator('.account-signin').tap()
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, {
      timeout: 30_000,
    })
    const hydratedAt = Date.now() - started
    await page.getByRole('dialog').waitFor({ timeout: 30_000 })
    const openAt = Date.now() - started
    // Every script the dialog needed was asked for before the page had hydrated: none waited for it.
    // One wave: every script was asked for within a second of the first, so the page hydrates one
    // delay after its first request and the dialog opens without another. The absolute times of the
    // issue's measurement (hydrated within 7 s, open within 12 s) hold when the first request leaves
    // at once; a loaded test machine may start it later, so they are reported, and the waves asserted.
    const first = requested[0]?.at ?? 0
    console.info(`slow link: first script at ${first} ms, hydrated at ${hydratedAt} ms, dialog open at ${openAt} ms`)
    // The files the page names for its hydration (the start script's preloads and entry) and for
    // the dialog (the tap keeper's list) were all asked for in that first wave.
    const named = await page.evaluate(() => {
      const scripts = [...document.head.querySelectorAll('script:not([src])')].map((script) => script.outerHTML)
      const files = new Set<string>()
      for (const html of scripts) for (const match of html.matchAll(/\/assets\/[\w.-]+\.js/g)) files.add(match[0])
      return [...files]
    })
    const askedAt = new Map(requested.map((request) => [request.path, request.at]))
    expect(named.length).toBeGreaterThan(5)
    expect(named.filter((file) => !((askedAt.get(file) ?? Infinity) <= first + 1000))).toEqual([])
    expect(hydratedAt - first).toBeLessThan(DELAY_MS + 2000)
    expect(openAt - first).toBeLessThan(DELAY_MS + 2500)
    expect(errors).toEqual([])
    await page.close()
  })
})
