import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserSite } from '../test/browser/use-browser-site.ts'
import { DEMO_BROWSER_LOCALES } from '../test/demo-pages.ts'

// The hydration data and the payloads carry only what the browser reads (docs/performance.md
// "Hydration data and page payloads").
// What proves a cut safe: each page kind hydrates without a mismatch (React reports one as a console
// error), and the same page reached by a client navigation, from its payload, renders the same frame,
// page and head as the server's document.
const PAGES: [host: string, path: string][] = [
  ['res.localhost', '/'],
  ['res.localhost', '/d/vlc-media-player'],
  ['res.localhost', '/s'],
  ['res.localhost', '/s?query=linux'],
  ['res.localhost', '/rank'],
  ['res.localhost', '/rank_site/software'],
  ['res.localhost', '/res/hot'],
  ['res.localhost', '/res/new/ebook'],
  ['res.localhost', '/tags'],
  ['res.localhost', '/tags/open-source'],
  ['res.localhost', '/articles'],
  ['res.localhost', '/pcat/guide'],
  ['res.localhost', '/post-search-tips'],
  ['res.localhost', '/search/post?query=%E6%90%9C%E7%B4%A2'],
  ['res.localhost', '/c/about'],
  ['res.localhost', '/c/help/faq'],
  ['res.localhost', '/doc_guide'],
  ['res.localhost', '/sp/topics'],
  ['res.localhost', '/disclaimer'],
  ['res.localhost', '/links'],
  ['res.localhost', '/feedback'],
  ['res.localhost', '/feedback/sub'],
  ['land.localhost', '/'],
  ['land.localhost', '/l/campaign/spring-sale'],
  ['land.localhost', '/post'],
  ['land.localhost', '/post/p1001'],
  ['land.localhost', '/d/lumen-macos'],
  ['nav.localhost', '/'],
  ['nav.localhost', '/ai'],
  ['nav.localhost', '/nav/dev/frontend'],
  ['nav.localhost', '/sp/news'],
  ['nav.localhost', '/res_tags/ai'],
]

/**
 * The rendered site frame and page and the managed head, as markup with each element's attributes
 * sorted: a client render may set them in another order than the server wrote them. Not compared:
 * React's Suspense markers, the nonce a browser hides from scripts, an image's loading placeholder
 * (removed once it loads) and the ids React's useId makes (unique per render, not per page).
 */
function snapshot(page: Page) {
  return page.evaluate(() => {
    const markup = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
      if (!(node instanceof Element)) return ''
      const attributes = Array.from(node.attributes, ({ name, value }) => {
        if (name === 'nonce' || (name === 'style' && node.localName === 'img')) return ''
        return ` ${name}="${value.replace(/_[Rr]_[0-9a-z]+_/g, '_id_')}"`
      })
        .sort()
        .join('')
      return `<${node.localName}${attributes}>${Array.from(node.childNodes, markup).join('')}</${node.localName}>`
    }
    const site = document.querySelector('.site')
    return {
      title: document.title,
      head: Array.from(document.head.querySelectorAll('[data-h]'), markup).sort(),
      site: site === null ? '' : markup(site),
    }
  })
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>

/** Where two snapshots first differ, with some context, or '' when they are equal. */
function difference(a: Snapshot, b: Snapshot): string {
  for (const key of ['title', 'head', 'site'] as const) {
    const left = JSON.stringify(a[key])
    const right = JSON.stringify(b[key])
    if (left === right) continue
    let at = 0
    while (left[at] === right[at]) at += 1
    return `${key} differs at ${at}: …${left.slice(Math.max(0, at - 120), at + 80)}… ≠ …${right.slice(Math.max(0, at - 120), at + 80)}…`
  }
  return ''
}

// A payload and a render on a machine busy with the rest of the suite can take seconds.
const BUSY = { timeout: 15_000 }

describe('hydration data and payloads in a browser', { timeout: 120_000 }, () => {
  // Page data stays fresh for the whole file: the demo counts views, and a page whose cached data
  // was refreshed between its render and its payload (the file's first minute of pages on a busy
  // machine) would differ by what other pages did meanwhile, not by how it hydrates.
  const browserSite = useBrowserSite({ repository: { pageTtlMs: 30 * 60_000 } })

  it.each(PAGES)('%s%s hydrates without errors and renders the same from its payload', async (host, path) => {
    const payloads: string[] = []
    const { page, errors } = await browserSite.open(host, path, {
      locale: DEMO_BROWSER_LOCALES[host]!,
      waitUntil: 'networkidle',
      // The demo landing page plays sample clips from the public web, which this network cannot reach.
      ignoreErrors: /net::ERR_NAME_NOT_RESOLVED/,
      watch: (page) =>
        page.on('response', (response) => {
          if (response.url().includes('/_payload.json')) payloads.push(new URL(response.url()).pathname)
        }),
    })
    const hydrated = await snapshot(page)
    expect(errors).toEqual([])

    // Away and back (a POP navigation loads the page's payload again): through the logo link to the
    // home page, or the page's first in-site link where the page hides the header; on the home page,
    // the logo link navigates to it again through its payload.
    const url = new URL(page.url())
    const away = page.locator('.site-logo, main a[href^="/"]:not([href^="//"])').first()
    const awayPath = new URL((await away.getAttribute('href'))!, url).pathname
    await away.click()
    await page.waitForURL((address) => address.pathname === awayPath)
    if (url.pathname !== awayPath) {
      await expect.poll(() => payloads.includes(`${awayPath.replace(/\/$/, '')}/_payload.json`), BUSY).toBe(true)
      await page.goBack()
      await page.waitForURL(url.href)
    }
    const payloadPath = `${url.pathname.replace(/\/$/, '')}/_payload.json`
    await expect.poll(() => payloads.includes(payloadPath), BUSY).toBe(true)
    await page.waitForLoadState('networkidle')
    // At the top, as when hydrated: the back-to-top button shows only below it, and going back
    // restores the scroll position the link was clicked at.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, 0))
        return difference(hydrated, await snapshot(page))
      }, BUSY)
      .toBe('')
    expect(errors).toEqual([])
    await page.close()
  })
})
