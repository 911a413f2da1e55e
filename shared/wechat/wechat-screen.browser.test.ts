import { describe, expect, it } from 'vitest'
import { useBrowserSite } from '../../test/browser/use-browser-site.ts'

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 XWEB/1160065 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64'

describe('the WeChat screen in a browser', { timeout: 60_000 }, () => {
  const browserSite = useBrowserSite()

  async function wechatPage(options: { scripts: boolean; locale: string }) {
    const context = await browserSite
      .browser()
      .newContext({ userAgent: WECHAT_UA, locale: options.locale, viewport: { width: 390, height: 800 } })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error' && !/ERR_FAILED/.test(message.text())) errors.push(message.text())
    })
    // Without the page's scripts, whatever shows is shown by the head script and the stylesheet alone.
    if (!options.scripts) await page.route('**/assets/**/*.js', (route) => route.abort())
    return { context, page, errors }
  }

  it('style 0 replaces the page, before and without the page scripts', async () => {
    const { context, page, errors } = await wechatPage({ scripts: false, locale: 'zh-CN' })
    await page.goto(browserSite.tenantUrl('res.localhost', '/links'), { waitUntil: 'load' })
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()
    expect(await page.locator('.wx-screen').isVisible()).toBe(true)
    expect(await page.locator('.site').isVisible()).toBe(false)
    expect(await page.getByRole('heading', { name: '请在浏览器中打开' }).isVisible()).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it('style 1 lays an overlay over the page', async () => {
    const { context, page, errors } = await wechatPage({ scripts: false, locale: 'zh-TW' })
    await page.goto(browserSite.tenantUrl('nav.localhost', '/links'), { waitUntil: 'load' })
    expect(await page.locator('.wx-screen').isVisible()).toBe(true)
    expect(await page.locator('.site').isVisible()).toBe(true)
    // The overlay covers the page: a click in the middle lands on the screen, not on the page.
    const hit = await page.evaluate(
      () => document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.closest('.wx-screen') !== null,
    )
    expect(hit).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it('copies the current link with ref=wx', async () => {
    const { context, page, errors } = await wechatPage({ scripts: true, locale: 'zh-CN' })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const url = browserSite.tenantUrl('res.localhost', '/links?from=share')
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.locator('.wx-screen').getByRole('button').click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${url}&ref=wx`)
    await expect.poll(() => page.getByText('链接已复制').first().isVisible()).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it('stays hidden in other browsers', async () => {
    const { page, errors } = await browserSite.open('res.localhost', '/links', { locale: 'zh-CN' })
    expect(await page.locator('.wx-screen').isVisible()).toBe(false)
    expect(await page.locator('.site').isVisible()).toBe(true)
    expect(errors).toEqual([])
    await page.close()
  })
})
