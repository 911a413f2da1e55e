import { describe, expect, it } from 'vitest'
import { gotoHydrated } from '../test/browser/open-page.ts'
import { useBrowserSite } from '../test/browser/use-browser-site.ts'

/** One page of every page kind, an element its kind's stylesheet lays out, and the sheets its head carries. */
const KINDS: [host: string, path: string, locale: string, element: string, sheets: string[]][] = [
  ['res.localhost', '/', 'zh-CN', '.content-home', ['common', 'content', 'pagination', 'forms']],
  ['res.localhost', '/s?query=vlc', 'zh-CN', '.res-layout', ['common', 'pagination', 'resource']],
  ['res.localhost', '/d/vlc-media-player', 'zh-CN', '.res-layout', ['common', 'resource']],
  ['res.localhost', '/articles', 'zh-CN', '.post-layout', ['common', 'pagination', 'post']],
  ['land.localhost', '/', 'en-US', '.land', ['common', 'content', 'pagination', 'forms']],
  ['nav.localhost', '/ai', 'zh-TW', '.content-nav', ['common', 'content', 'pagination', 'forms']],
  ['land.localhost', '/feedback', 'en-US', '.site-form', ['common', 'site', 'forms']],
  ['res.localhost', '/no-such-page', 'zh-CN', '.error-page', ['common']],
]

describe('page styles in a browser', { timeout: 60_000 }, () => {
  const browserSite = useBrowserSite()

  it.each(KINDS)('%s%s is styled at first paint, from its head alone', async (host, path, locale, element, sheets) => {
    // No scripts and no stylesheet requests: what shows is what the first paint shows.
    const context = await browserSite.browser().newContext({ locale, javaScriptEnabled: false })
    const page = await context.newPage()
    const stylesheets: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url())
    })
    try {
      await page.goto(browserSite.tenantUrl(host, path))
      const styles = await page.evaluate((selector) => {
        const header = document.querySelector('.site-header')
        const main = document.querySelector(selector)
        return {
          header: header ? getComputedStyle(header).position : null,
          main: main ? getComputedStyle(main).display : null,
          sheets: [...document.querySelectorAll('[data-styles]')].map((sheet) => sheet.getAttribute('data-styles')),
        }
      }, element)
      expect(styles).toEqual({ header: 'sticky', main: 'grid', sheets })
      expect(stylesheets).toEqual([])
    } finally {
      await context.close()
    }
  })

  it.each([
    ['res.localhost', '/', '.content-resources > li', true],
    ['res.localhost', '/tags/open-source', '.res-grid > li', true],
    // The side blocks follow the resource on a phone.
    ['res.localhost', '/d/vlc-media-player', '.res-aside__block', false],
    ['land.localhost', '/', '.land-module', true],
  ])(
    "%s%s lays out the cards below a phone's screen only when scrolled near, without shifting what shows",
    async (host, path, cards, firstOnScreen) => {
      const context = await browserSite.browser().newContext({ locale: 'zh-CN', viewport: { width: 390, height: 700 } })
      const page = await context.newPage()
      await page.addInitScript(() => {
        ;(window as unknown as { shifts: number }).shifts = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value
        }).observe({ type: 'layout-shift', buffered: true })
      })
      try {
        await gotoHydrated(page, browserSite.tenantUrl(host, path))
        const rendered = () =>
          page.evaluate(
            (selector) =>
              [...document.querySelectorAll(selector)].map((card) =>
                card.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }),
              ),
            cards,
          )
        const first = await rendered()
        expect(first.length).toBeGreaterThan(3)
        // The last one's content is skipped until scrolled near, the first one's (on the screen) is not.
        expect(first[0]).toBe(firstOnScreen)
        expect(first.at(-1)).toBe(false)
        // Scrolled down a screen at a time until the end of the page, each step once painted. Not by
        // wheel: the page scrolls smoothly, and on a busy machine a run of animated wheel scrolls had
        // not got there in time.
        const atEnd = () =>
          page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1)
        for (let step = 0; step < 200 && !(await rendered()).at(-1) && !(await atEnd()); step += 1) {
          await page.evaluate(
            () =>
              new Promise((painted) => {
                window.scrollBy({ top: window.innerHeight, behavior: 'instant' })
                requestAnimationFrame(() => requestAnimationFrame(painted))
              }),
          )
        }
        await expect
          .poll(async () => (await rendered()).at(-1), {
            timeout: 5000,
            message: `the last card, scrolled to the end: ${await atEnd()}`,
          })
          .toBe(true)
        expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.05)
      } finally {
        await context.close()
      }
    },
  )

  it('paints and loads the page before its scripts start', async () => {
    const { page, errors } = await browserSite.open('land.localhost', '/', {
      locale: 'en-US',
      ignoreErrors: /net::ERR_NAME_NOT_RESOLVED/,
    })
    const times = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
      loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      start: performance.getEntriesByName('hydration-start')[0]?.startTime,
    }))
    expect(times.paint).toBeGreaterThan(0)
    expect(times.start).toBeGreaterThan(times.paint!)
    // A module script would have run before DOMContentLoaded, whether or not a frame was painted.
    expect(times.start).toBeGreaterThan(times.parsed)
    // Nor before the page's images: they get the bandwidth first.
    expect(times.start).toBeGreaterThanOrEqual(times.loaded)
    expect(errors).toEqual([])
    await page.close()
  })

  it('starts the scripts anyway when an image of the page never finishes loading', async () => {
    const { page, errors } = await browserSite.open('land.localhost', '/', {
      locale: 'en-US',
      ignoreErrors: /net::ERR_NAME_NOT_RESOLVED/,
      // Every picture request hangs: the load event never comes.
      watch: (opened) => void opened.route(/\/_img\/|\/media\//, () => new Promise(() => {})),
      waitUntil: 'commit',
    })
    const loaded = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
    )
    expect(loaded).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it("loads another kind's stylesheet before a client navigation shows that page", async () => {
    const { page, errors } = await browserSite.open('res.localhost', '/articles', {
      locale: 'zh-CN',
      waitUntil: 'networkidle',
    })
    // Hold the resource sheet until the test lets it go.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const requested: string[] = []
    await page.route(/\/assets\/resource-[\w-]+\.css$/, async (route) => {
      requested.push(route.request().url())
      await held
      await route.continue()
    })
    // Records whether the sheet applied when the new page's layout first entered the document.
    await page.evaluate(() => {
      const seen = window as unknown as { layoutStyled?: boolean | null }
      seen.layoutStyled = null
      new MutationObserver(() => {
        const layout = document.querySelector('.res-layout')
        if (layout && seen.layoutStyled === null) seen.layoutStyled = getComputedStyle(layout).display === 'grid'
      }).observe(document.body, { childList: true, subtree: true })
    })
    await page.locator('header a[href="/res/hot"]').first().click()
    await expect.poll(() => requested.length).toBe(1)
    // Still the article list while the sheet is on its way.
    expect(await page.locator('.post-layout').count()).toBe(1)
    expect(await page.locator('.res-layout').count()).toBe(0)
    release()
    await page.waitForURL(/\/res\/hot$/)
    await page.locator('.res-layout').waitFor()
    expect(await page.evaluate(() => (window as unknown as { layoutStyled?: boolean | null }).layoutStyled)).toBe(true)
    // Linked once, in cascade order: after pagination, before post.
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('[data-styles]')].map((sheet) => sheet.getAttribute('data-styles')),
      ),
    ).toEqual(['common', 'pagination', 'resource', 'post'])
    // Back to the first kind: nothing more to load.
    await page.goBack()
    await page.locator('.post-layout').waitFor()
    expect(requested).toHaveLength(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('loads the address as a whole page when the stylesheet cannot load (e.g. removed by a deploy)', async () => {
    const documents: string[] = []
    const { page } = await browserSite.open('res.localhost', '/articles', {
      locale: 'zh-CN',
      waitUntil: 'networkidle',
      ignoreErrors: /Failed to load resource|did not load/,
      watch: (page) =>
        page.on('request', (request) => {
          if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname)
        }),
    })
    await page.route(/\/assets\/resource-[\w-]+\.css$/, (route) => route.abort())
    await page.locator('header a[href="/res/hot"]').first().click()
    await page.waitForURL(/\/res\/hot$/)
    await page.locator('.res-layout').waitFor()
    expect(documents).toEqual(['/articles', '/res/hot'])
    // The server's page carries the sheet inline.
    expect(await page.locator('style[data-styles="resource"]').count()).toBe(1)
    expect(await page.locator('.res-layout').evaluate((element) => getComputedStyle(element).display)).toBe('grid')
    await page.close()
  })

  it("brings the sign-in dialog's stylesheet with the dialog", async () => {
    const { page, errors } = await browserSite.open('land.localhost', '/', {
      locale: 'en-US',
      ignoreErrors: /net::ERR_FAILED|net::ERR_NAME_NOT_RESOLVED/,
      watch: (page) => void page.route('https://accounts.google.com/**', (route) => route.abort()),
    })
    expect(await page.locator('[data-styles="account-dialog"]').count()).toBe(0)
    await page.locator('.account-signin').click()
    const dialog = page.locator('dialog.account-dialog')
    await dialog.waitFor()
    expect(await page.locator('link[data-styles="account-dialog"]').count()).toBe(1)
    // The dialog's own rules apply (the reset alone would leave it square).
    expect(await dialog.evaluate((element) => getComputedStyle(element).borderTopLeftRadius)).not.toBe('0px')
    expect(errors).toEqual([])
    await page.close()
  })
})
