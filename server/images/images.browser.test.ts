import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../../test/browser/launch.ts'
import { gotoHydrated } from '../../test/browser/open-page.ts'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { startPictureServer, withRemotePictures, type LoopbackServer } from './image-fixtures.test-helper.ts'

/** Chromium on a busy machine: give page work time rather than fail. */
const POLL = { timeout: 15_000 }

declare global {
  interface Window {
    __lcp: { url: string; element: string }[]
    __shifts: { value: number; at: number; sources: string[] }[]
    __parsedFrame: number | undefined
  }
}

// A detail page with remote pictures in Chromium: the largest contentful paint is the optimised
// cover preset, and no image moves the layout while loading.
describe('images in a browser', { timeout: 60_000 }, () => {
  let pictures: LoopbackServer
  let site: TestSite
  let browser: Browser
  beforeAll(async () => {
    pictures = await startPictureServer()
    // WebP only: Chromium accepts AVIF, and which of the two is smaller depends on the picture.
    site = await startTestSite({
      listen: true,
      upstream: withRemotePictures(pictures.url),
      images: { allowedOrigins: [pictures.url], avif: false },
    })
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await site?.close()
    await pictures?.close()
  })

  it('paints the cover preset webp as the LCP, and images shift nothing', async () => {
    const page = await browser.newPage({
      locale: 'zh-CN',
      viewport: { width: 1280, height: 800 },
      deviceScaleFactor: 1,
    })
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    const contentTypes = new Map<string, string>()
    page.on('response', (response) => contentTypes.set(response.url(), response.headers()['content-type'] ?? ''))
    await page.addInitScript(() => {
      window.__lcp = []
      window.__shifts = []
      const describe = (node: Node | null | undefined) =>
        node instanceof Element ? `${node.tagName}.${node.className}` : String(node?.nodeName)
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { url: string; element: Element | null })[])
          window.__lcp.push({ url: entry.url, element: describe(entry.element) })
      }).observe({ type: 'largest-contentful-paint', buffered: true })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number
          hadRecentInput: boolean
          sources: { node: Node | null }[]
        })[]) {
          if (!entry.hadRecentInput)
            window.__shifts.push({
              value: entry.value,
              at: entry.startTime,
              sources: entry.sources.map((source) => describe(source.node)),
            })
        }
      }).observe({ type: 'layout-shift', buffered: true })
      // The start of the second frame after the document is parsed: a shift reported before it may
      // compare with a frame painted while the parser was still adding the page's later parts.
      document.addEventListener('DOMContentLoaded', () =>
        requestAnimationFrame(() =>
          requestAnimationFrame((time) => {
            window.__parsedFrame = time
          }),
        ),
      )
    })
    const port = new URL(site.url as string).port
    await gotoHydrated(page, `http://res.localhost:${port}/d/libreoffice-24-8`)

    const detail = page.locator('img.res-detail__image')
    await expect
      .poll(() => detail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), POLL)
      .toBe(640)
    await expect.poll(() => page.evaluate(() => window.__lcp.at(-1)?.element), POLL).toBe('IMG.res-detail__image')
    const lcpUrl = await page.evaluate(() => window.__lcp.at(-1)?.url ?? '')
    const lcp = new URL(lcpUrl)
    expect(lcp.pathname).toBe('/_img/cover')
    expect(lcp.searchParams.get('dpr')).toBe('1')
    expect(lcp.searchParams.get('url')).toMatch(new RegExp(`^${pictures.url}/pictures/\\d+\\.png$`))
    expect(contentTypes.get(lcpUrl)).toBe('image/webp')
    // Once loaded, the blurred placeholder is gone (a transparent image must not show it through).
    await expect.poll(() => detail.evaluate((image: HTMLElement) => image.style.backgroundImage), POLL).toBe('')

    // Bring the lazy cards into view and let them load too.
    await page.locator('.res-detail__recommend').scrollIntoViewIfNeeded()
    const cards = page.locator('.res-detail__recommend img')
    expect(await cards.count()).toBeGreaterThan(0)
    await expect
      .poll(
        () =>
          cards.evaluateAll((images: HTMLImageElement[]) =>
            images.every((image) => image.complete && image.naturalWidth > 0),
          ),
        POLL,
      )
      .toBe(true)
    expect(await cards.first().evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname)).toBe(
      '/_img/thumbnail',
    )

    const shifts = await page.evaluate(() => window.__shifts)
    expect(shifts.flatMap((shift) => shift.sources).filter((source) => source.startsWith('IMG'))).toEqual([])
    // A machine slow enough paints the page while it is still being parsed, and what the parser
    // adds next moves what came before (the header's search bar as the account control arrives, a
    // row as its second button does): no picture is involved, so only the shifts from the parsed
    // page on are summed. The cover loads during parsing and is held by the check above.
    const parsedFrame = await page.evaluate(() => window.__parsedFrame)
    expect(parsedFrame).toBeGreaterThan(0)
    const afterParse = shifts.filter((shift) => shift.at >= (parsedFrame as number))
    expect(
      afterParse.reduce((sum, shift) => sum + shift.value, 0),
      JSON.stringify(shifts),
    ).toBeLessThan(0.001)
    expect(errors).toEqual([])
    await page.close()
  })

  it("shows the next resource's optimised image after a client-side navigation, placeholder and all", async () => {
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } })
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    const port = new URL(site.url as string).port
    await gotoHydrated(page, `http://res.localhost:${port}/d/libreoffice-24-8`)
    const detail = page.locator('img.res-detail__image')
    await expect
      .poll(
        () => detail.evaluate((image: HTMLImageElement) => image.complete && image.style.backgroundImage === ''),
        POLL,
      )
      .toBe(true)
    const before = await detail.getAttribute('src')

    await page.locator('.res-detail__recommend .res-card__title a').first().click()
    await expect.poll(() => detail.getAttribute('src'), POLL).not.toBe(before)
    expect(await detail.getAttribute('src')).toMatch(/^\/_img\/cover\?url=.+&dpr=1$/)
    await expect
      .poll(() => detail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), POLL)
      .toBe(640)
    await expect.poll(() => detail.evaluate((image: HTMLElement) => image.style.backgroundImage), POLL).toBe('')
    expect(errors).toEqual([])
    await page.close()
  })
})
