import type { Page, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { FIRST_TAP_SCRIPT, NEEDS_APP_ATTRIBUTE } from '../server/render/first-tap-script.ts'
import { useBrowserSite } from './browser/use-browser-site.ts'
import { createGate } from './gate.ts'

// The page before, and without, its scripts (docs/before-scripts.md), on a 375px touch phone: the
// header works from HTML and CSS alone, and a tap on a control that needs the app is kept until
// the app can answer it.
describe('the page before its scripts', { timeout: 120_000 }, () => {
  const browserSite = useBrowserSite()
  const PHONE = { width: 375, height: 740 }
  const APP_SCRIPT = /\/assets\/[^?#]+\.js(?:$|[?#])/

  /** A phone page whose app scripts are answered by `onScript`; it does not wait for hydration. */
  async function openPhone(host: string, path: string, locale: string, onScript: (route: Route) => Promise<void>) {
    const page = await browserSite.browser().newPage({ locale, viewport: PHONE, hasTouch: true })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.route(APP_SCRIPT, onScript)
    // Pictures and clips from the public web cannot be reached here.
    await page.route(/^https:\/\/(?!.*\.localhost)/, (route) => route.abort())
    await page.goto(browserSite.tenantUrl(host, path), { waitUntil: 'domcontentloaded' })
    return { page, errors }
  }

  const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true')

  describe('with the app scripts blocked', () => {
    const blocked = (route: Route) => route.abort()

    it('opens the menu, and a submenu with one tap without leaving the page', async () => {
      const { page, errors } = await openPhone('land.localhost', '/', 'en-US', blocked)
      const panel = page.locator('#site-header-menu')
      expect(await panel.isVisible()).toBe(false)
      await page.locator('.site-header-toggle--menu').tap()
      expect(await panel.isVisible()).toBe(true)

      const parent = page.locator('.site-menu__parent summary').first()
      const submenu = page.locator(`[id="${await parent.getAttribute('aria-controls')}"]`)
      expect(await submenu.isVisible()).toBe(false)
      await parent.tap()
      expect(await submenu.isVisible()).toBe(true)
      expect(new URL(page.url()).pathname).toBe('/')
      // The entry's own page is the submenu's first link.
      expect(await submenu.locator('a').first().textContent()).toBe(await parent.textContent())
      // A second tap closes it again, still on the page.
      await parent.tap()
      expect(await submenu.isVisible()).toBe(false)
      expect(new URL(page.url()).pathname).toBe('/')
      expect(await hydrated(page)).toBe(false)
      expect(errors).toEqual([])
      await page.close()
    })

    it("shows search results for the search form, under the page's language prefix", async () => {
      const { page, errors } = await openPhone('res.localhost', '/en', 'zh-CN', blocked)
      await page.locator('.site-header-toggle--search').tap()
      const input = page.locator('#site-header-search input[name="query"]')
      expect(await input.isVisible()).toBe(true)
      await input.tap()
      await input.fill('Python')
      await Promise.all([page.waitForURL((url) => url.pathname === '/en/s'), input.press('Enter')])
      expect(new URL(page.url()).searchParams.get('query')).toBe('Python')
      expect(await page.locator('main').textContent()).toContain('Python')
      expect(await page.locator('main a[href^="/en/d/"]').count()).toBeGreaterThan(0)
      expect(await hydrated(page)).toBe(false)
      expect(errors).toEqual([])
      await page.close()
    })

    it('changes the language with the switcher', async () => {
      const { page, errors } = await openPhone('land.localhost', '/', 'en-US', blocked)
      await page.locator('.site-header-toggle--menu').tap()
      const list = page.locator('.language-switcher ul')
      expect(await list.isVisible()).toBe(false)
      await page.locator('.language-switcher summary').tap()
      expect(await list.isVisible()).toBe(true)
      await Promise.all([page.waitForURL((url) => url.pathname === '/de'), list.locator('a[hreflang="de"]').tap()])
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de')
      expect(errors).toEqual([])
      await page.close()
    })
  })

  describe('with the app scripts held back until the test lets them go', () => {
    /** Scripts wait for `release()`; the page is interactive as HTML meanwhile. */
    function holdScripts() {
      const gate = createGate()
      const held = async (route: Route) => {
        await gate.passed()
        await route.continue()
      }
      return { held, release: () => gate.open() }
    }

    it('opens the menu on a tap before any script has arrived', async () => {
      const { held, release } = holdScripts()
      const { page, errors } = await openPhone('land.localhost', '/', 'en-US', held)
      await page.locator('.site-header-toggle--menu').tap()
      expect(await page.locator('#site-header-menu').isVisible()).toBe(true)
      expect(await page.evaluate(() => performance.getEntriesByName('hydration-start').length)).toBe(0)

      // Hydration keeps what the visitor opened, and adds Escape.
      release()
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      expect(await page.locator('#site-header-menu').isVisible()).toBe(true)
      await page.keyboard.press('Escape')
      expect(await page.locator('#site-header-menu').isVisible()).toBe(false)
      expect(errors).toEqual([])
      await page.close()
    })

    it('keeps a tap on sign-in made before the scripts arrive, shows it busy, and opens the dialog once they have run', async () => {
      const { held, release } = holdScripts()
      const { page, errors } = await openPhone('land.localhost', '/', 'en-US', held)
      await page.route('https://accounts.google.com/**', (route) => route.abort())
      const signIn = page.locator('.account-signin')
      await signIn.tap()
      expect(await signIn.getAttribute('aria-busy')).toBe('true')
      expect(
        await page.evaluate(
          () =>
            document.querySelector('.account-signin') !== null &&
            getComputedStyle(document.querySelector('.account-signin')!).cursor,
        ),
      ).toBe('progress')
      expect(await page.getByRole('dialog').count()).toBe(0)
      expect(await hydrated(page)).toBe(false)

      release()
      const dialog = page.getByRole('dialog')
      await dialog.waitFor()
      expect(await dialog.isVisible()).toBe(true)
      expect(await signIn.getAttribute('aria-busy')).toBeNull()
      expect(errors).toEqual([])
      await page.close()
    })

    it('lets a tap on a control that needs the app through once the app runs', async () => {
      const { page, errors } = await openPhone('land.localhost', '/', 'en-US', (route) => route.continue())
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      await page.route('https://accounts.google.com/**', (route) => route.abort())
      await page.locator('.account-signin').tap()
      await page.getByRole('dialog').waitFor()
      expect(await page.locator('.account-signin').getAttribute('aria-busy')).toBeNull()
      expect(errors).toEqual([])
      await page.close()
    })
  })

  describe('the tap keeper alone', () => {
    async function pageWithKeeper() {
      const page = await browserSite.browser().newPage()
      // Each click an element really receives is counted on it.
      await page.setContent(`<script>${FIRST_TAP_SCRIPT}</script>
        <button id="a" ${NEEDS_APP_ATTRIBUTE}>A</button><button id="b" ${NEEDS_APP_ATTRIBUTE}><span>B</span></button><button id="plain">plain</button>
        <script>for (const b of document.querySelectorAll('button')) b.addEventListener('click', () => { b.dataset.clicks = String(Number(b.dataset.clicks || 0) + 1) })</script>`)
      const clicks = (id: string) =>
        page.evaluate((which) => Number(document.getElementById(which)?.dataset.clicks ?? 0), id)
      return { page, clicks }
    }

    it('keeps the first activation (a click or a key) until the page is hydrated, then replays it once', async () => {
      const { page, clicks } = await pageWithKeeper()
      await page.locator('#b span').click()
      await page.locator('#a').focus()
      await page.keyboard.press('Enter')
      await page.locator('#plain').click()
      expect([await clicks('a'), await clicks('b'), await clicks('plain')]).toEqual([0, 0, 1])
      expect(await page.locator('#b').getAttribute('aria-busy')).toBe('true')
      expect(await page.locator('#a').getAttribute('aria-busy')).toBeNull()

      await page.evaluate(() => (document.documentElement.dataset.hydrated = 'true'))
      await expect.poll(() => clicks('b')).toBe(1)
      expect(await page.locator('#b').getAttribute('aria-busy')).toBeNull()
      expect(await clicks('a')).toBe(0)
      // Once hydrated, taps go straight through.
      await page.locator('#a').click()
      await page.locator('#b').click()
      expect([await clicks('a'), await clicks('b')]).toEqual([1, 2])
      await page.close()
    })

    it('replays a key activation too, and nothing when the page was hydrated first', async () => {
      const { page, clicks } = await pageWithKeeper()
      await page.locator('#a').focus()
      await page.keyboard.press('Enter')
      expect(await page.locator('#a').getAttribute('aria-busy')).toBe('true')
      await page.evaluate(() => (document.documentElement.dataset.hydrated = 'true'))
      await expect.poll(() => clicks('a')).toBe(1)
      await page.close()

      const hydratedFirst = await pageWithKeeper()
      await hydratedFirst.page.evaluate(() => (document.documentElement.dataset.hydrated = 'true'))
      await hydratedFirst.page.locator('#a').click()
      expect(await hydratedFirst.clicks('a')).toBe(1)
      expect(await hydratedFirst.page.locator('#a').getAttribute('aria-busy')).toBeNull()
      await hydratedFirst.page.close()
    })

    it('is under a kilobyte', () => {
      expect(FIRST_TAP_SCRIPT.length).toBeLessThan(1000)
    })
  })
})
