import { describe, expect, it } from 'vitest'
import { useBrowserSite } from '../../test/browser/use-browser-site.ts'

describe('RSS clicks in a browser', { timeout: 60_000 }, () => {
  const browserSite = useBrowserSite()

  it('records a click on an RSS item through the API without holding up the link', async () => {
    const { page, errors } = await browserSite.open('nav.localhost', '/sp/news', {
      locale: 'zh-TW',
      // Chromium does not show beacon bodies to the test driver: keep a copy of what is sent.
      watch: (opened) =>
        void opened.addInitScript(() => {
          const sent: Promise<string>[] = []
          ;(window as unknown as { beacons: Promise<string>[] }).beacons = sent
          const send = navigator.sendBeacon.bind(navigator)
          navigator.sendBeacon = (url, data) => {
            if (data instanceof Blob) sent.push(data.text())
            return send(url, data)
          }
        }),
    })
    const item = page.locator('.content-rss__doc a').first()
    const [title, link, source] = await Promise.all([
      item.textContent(),
      item.getAttribute('href'),
      page.locator('.content-rss__column h2').first().textContent(),
    ])
    // The item opens in a new tab (on the public web, which this network cannot reach).
    const popup = page.context().waitForEvent('page')
    const recorded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/rss_page_add_hot')
    await item.click()
    const response = await recorded
    expect(response.request().method()).toBe('POST')
    expect(response.request().headers()['content-type']).toBe('application/json')
    const beacons = await page.evaluate(() =>
      Promise.all((window as unknown as { beacons: Promise<string>[] }).beacons),
    )
    expect(beacons.map((text) => JSON.parse(text))).toEqual([{ page_path: 'news', title, link, rss_name: source }])
    expect(await response.json()).toEqual({ status: 0, info: 'success', data: null })
    await (await popup).close()
    expect(errors).toEqual([])
    await page.close()
  })
})
