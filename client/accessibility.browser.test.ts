import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import { useBrowserSite } from '../test/browser/use-browser-site.ts'
import { DEMO_BROWSER_LOCALES } from '../test/demo-pages.ts'

// The frame's accessibility, in Chromium on a phone-sized window: the skip link, contrast, and
// names that match the visible labels.
describe('accessibility in a browser', { timeout: 120_000 }, () => {
  const browserSite = useBrowserSite()

  function open(host: string, path: string) {
    // The demo landing page plays sample clips from the public web, which this network cannot reach.
    return browserSite.open(host, path, {
      locale: DEMO_BROWSER_LOCALES[host] ?? 'en-US',
      ignoreErrors: /net::ERR_NAME_NOT_RESOLVED/,
      viewport: { width: 375, height: 740 },
    })
  }

  it('moves focus to the main content with the skip link', async () => {
    const { page, errors } = await open('nav.localhost', '/')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link')
    expect(await page.locator('.skip-link').evaluate((link) => link.getBoundingClientRect().top >= 0)).toBe(true)
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('content')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true)
    expect(errors).toEqual([])
    await page.close()
  })

  // The palette test checks the colour pairs; this checks them where they meet on real pages, in
  // the day and night themes and both landing-page accents.
  it.each([
    ['res.localhost', '/'],
    ['nav.localhost', '/'],
    ['land.localhost', '/'],
    ['land.localhost', '/l/campaign/spring-sale'],
  ])('%s%s has AA contrast and names that match the visible labels', async (host, path) => {
    const { page, errors } = await open(host, path)
    await page.addScriptTag({ content: axe.source })
    const violations = await page.evaluate(async () => {
      const result = await window.axe.run(document, {
        runOnly: {
          type: 'rule',
          values: [
            'color-contrast',
            'label-content-name-mismatch',
            'button-name',
            'link-name',
            'aria-valid-attr-value',
            'landmark-unique',
          ],
        },
      })
      return result.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      )
    })
    expect(violations).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })
})

declare global {
  interface Window {
    axe: typeof axe
  }
}
