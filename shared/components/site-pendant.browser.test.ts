import { describe, expect, it } from 'vitest'
import { useBrowserSite } from '../../test/browser/use-browser-site.ts'

// The demo landing pages play sample clips from the public web, which this network cannot reach.
const LAND = { locale: 'en-US', ignoreErrors: /net::ERR_NAME_NOT_RESOLVED/ }

describe('pendant and announcement in a browser', { timeout: 60_000 }, () => {
  const browserSite = useBrowserSite()

  it('shows a pendant picture on keyboard focus and a back-to-top button after scrolling', async () => {
    const { page, errors } = await browserSite.open('land.localhost', '/', LAND)
    const pendant = page.getByRole('complementary', { name: 'Contact us' })
    const app = pendant.getByRole('button', { name: 'Mobile app' })
    // Reached with the keyboard: the next Tab stop after the footer.
    await page.locator('.site-footer a').last().focus()
    await page.keyboard.press('Tab')
    expect(await app.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await app.locator('.pendant__tip img').isVisible()).toBe(true)
    expect(await pendant.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/doc/handbook')

    const top = pendant.getByRole('button', { name: 'Back to top', includeHidden: true })
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect.poll(() => top.isVisible()).toBe(false)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await expect.poll(() => top.isVisible()).toBe(true)
    // Reduced motion: the jump is immediate (a smooth scroll's duration depends on the machine).
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await top.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it.each([
    ['land.localhost', '/', 'en-US', 'Help', 'help'],
    ['res.localhost', '/', 'zh-CN', '交流群', 'wechat'],
  ])('%s: a pendant icon given as a name is drawn, never requested', async (host, path, locale, name, icon) => {
    const failedImages: string[] = []
    const { page, errors } = await browserSite.open(host, path, {
      ...LAND,
      locale,
      watch: (watched) => {
        watched.on('requestfailed', (request) => {
          if (request.resourceType() === 'image')
            failedImages.push(`${request.url()} ${request.failure()?.errorText ?? ''}`)
        })
        watched.on('response', (response) => {
          if (response.request().resourceType() === 'image' && response.status() >= 400)
            failedImages.push(`${response.url()} ${response.status()}`)
        })
      },
    })
    const pendant = page.locator('.pendant')
    const item = pendant.locator('.pendant__item').filter({ hasText: name })
    expect(await item.locator(`svg.pendant__icon[data-icon="${icon}"]`).count()).toBe(1)
    expect(await item.locator('img.pendant__icon').count()).toBe(0)
    // Every picture of the page, the pendant's included, has loaded.
    await page.waitForLoadState('networkidle')
    expect(failedImages).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it("uses a page's own pendant in place of the site's", async () => {
    const { page, errors } = await browserSite.open('land.localhost', '/l/campaign/spring-sale', LAND)
    const pendant = page.getByRole('complementary', { name: 'Contact us' })
    expect(await pendant.getByRole('link', { name: 'SPRING25' }).count()).toBe(1)
    expect(await pendant.getByRole('button', { name: 'Mobile app' }).count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it('links the announcement and remembers its dismissal across reloads', async () => {
    const { page, errors } = await browserSite.open('land.localhost', '/', LAND)
    const bar = page.getByRole('region', { name: 'Announcement' })
    expect(await bar.getByRole('link').getAttribute('href')).toBe('/announcement')
    expect(await bar.textContent()).toContain('Spring sale: 25% off Plus with code SPRING25.')
    await bar.getByRole('button', { name: 'Dismiss' }).click()
    expect(await bar.isVisible()).toBe(false)
    // Hidden from the first paint on: the head script decides before any page script runs.
    await page.route('**/assets/**/*.js', (route) => route.abort())
    await page.reload({ waitUntil: 'load' })
    expect(await page.locator('.announcement-bar').count()).toBe(1)
    expect(await page.locator('.announcement-bar').isVisible()).toBe(false)
    expect(errors.filter((error) => !/ERR_FAILED/.test(error))).toEqual([])
    await page.close()
  })
})
