import { describe, expect, it } from 'vitest'
import { useBrowserSite } from '../../test/browser/use-browser-site.ts'
import { PROMO_HIDDEN_KEY } from './promo-keys.ts'

describe('the promo pop-up in a browser', { timeout: 60_000 }, () => {
  const browserSite = useBrowserSite()
  const PROMO = 'Lumen for iPhone is here'
  // The demo landing page plays sample clips from the public web, which this network cannot reach.
  const LAND = { locale: 'en-US', ignoreErrors: /net::ERR_NAME_NOT_RESOLVED/ }

  it('shows the promo after hydration, closes it, and keeps it hidden after a reload', async () => {
    const { page, errors } = await browserSite.open('land.localhost', '/', LAND)
    const promo = page.getByRole('region', { name: PROMO })
    await expect.poll(() => promo.isVisible()).toBe(true)
    // The server writes the candidates for everyone; the visitor's own records choose among them.
    const html = await page.evaluate(() => fetch(location.href).then((response) => response.text()))
    expect(html).toContain('data-promo-index="0"')

    await promo.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => promo.count()).toBe(0)
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]'), PROMO_HIDDEN_KEY)
    expect(stored).toEqual([{ title: PROMO, hidden_time: expect.any(Number) }])

    await page.reload()
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    // The section's own promo still shows on /post; the closed global one never comes back.
    // The page is its menu entry's own link, first in the entry's submenu.
    const entry = page.locator('.site-menu__parent', { has: page.locator('a[href="/post"]') }).first()
    await entry.locator('summary').click()
    await entry.locator('.site-submenu a[href="/post"]').first().click()
    await page.waitForURL(/\/post$/)
    await expect.poll(() => page.getByRole('region', { name: 'Spring sale ends soon' }).isVisible()).toBe(true)
    expect(await promo.count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it('paints the chosen promo with the page, before any script, and never one the visitor closed', async () => {
    for (const [hidden, visible] of [
      [false, true],
      [true, false],
    ] as const) {
      const context = await browserSite.browser().newContext({ locale: 'en-US' })
      // The page's scripts never arrive: what shows is what the first paint shows.
      await context.route(/\/assets\/.*\.js$/, (route) => route.abort())
      if (hidden) {
        await context.addInitScript(
          ([key, title]) => localStorage.setItem(key!, JSON.stringify([{ title, hidden_time: Date.now() - 60_000 }])),
          [PROMO_HIDDEN_KEY, PROMO],
        )
      }
      const page = await context.newPage()
      await page.goto(browserSite.tenantUrl('land.localhost', '/'))
      expect(await page.getByRole('region', { name: PROMO }).isVisible()).toBe(visible)
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()
      await context.close()
    }
  })

  it('shows the promo again once the hidden record is older than 24 hours', async () => {
    const { page, errors } = await browserSite.open('land.localhost', '/', LAND)
    await page.evaluate((key) => {
      localStorage.setItem(
        key,
        JSON.stringify([{ title: 'Lumen for iPhone is here', hidden_time: Date.now() - 25 * 3600 * 1000 }]),
      )
    }, PROMO_HIDDEN_KEY)
    await page.reload()
    // Hydrated, the app has had its say too (on a busy machine the scripts start up to seconds after load).
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await expect.poll(() => page.getByRole('region', { name: PROMO }).isVisible(), { timeout: 5000 }).toBe(true)
    expect(errors).toEqual([])
    await page.close()
  })

  it('loads a picture promo at once: it is on screen the moment it shows', async () => {
    const { page, errors } = await browserSite.open('land.localhost', '/feedback', LAND)
    const picture = page.locator('img.promo__image')
    await picture.waitFor()
    expect(await picture.getAttribute('loading')).toBeNull()
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true)
    expect(errors).toEqual([])
    await page.close()
  })

  it('stays clear of the header on a phone', async () => {
    const { page, errors } = await browserSite.open('nav.localhost', '/', { locale: 'zh-TW' })
    await page.setViewportSize({ width: 360, height: 640 })
    const promo = page.locator('.promo')
    await expect.poll(() => promo.isVisible()).toBe(true)
    const header = await page.locator('.site-header').boundingBox()
    const box = await promo.boundingBox()
    expect(header && box).toBeTruthy()
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height)
    expect(box!.x + box!.width).toBeLessThanOrEqual(360)
    expect(errors).toEqual([])
    await page.close()
  })
})
