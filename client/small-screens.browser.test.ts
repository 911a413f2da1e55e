import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { gotoHydrated, type OpenPageOptions } from '../test/browser/open-page.ts'
import { useBrowserSite } from '../test/browser/use-browser-site.ts'
import { DEMO_BROWSER_LOCALES } from '../test/demo-pages.ts'

// Phones, in Chromium: no page kind of any demo site is wider than a phone, the phone header is one
// compact row whose menus work by keyboard and touch, and back/forward restores deep scroll
// positions (the frame's accessibility: accessibility.browser.test.ts).
describe('phones and accessibility in a browser', { timeout: 300_000 }, () => {
  const browserSite = useBrowserSite()
  const PHONE = { width: 375, height: 740 }

  function open(host: string, path: string, options: Partial<OpenPageOptions> = {}) {
    // The demo landing page plays sample clips from the public web, which this network cannot reach.
    return browserSite.open(host, path, {
      locale: DEMO_BROWSER_LOCALES[host] ?? 'en-US',
      ignoreErrors: /net::ERR_NAME_NOT_RESOLVED/,
      viewport: PHONE,
      ...options,
    })
  }

  // One address of every page kind each demo site has (SPEC §2), right-to-left and translated
  // variants included. `/404` answers 404; everything else 200.
  const PAGE_KINDS: Record<string, string[]> = {
    'res.localhost': [
      '/',
      '/en',
      '/res/hot',
      '/res/new',
      '/res/new/software',
      '/res/hot/software',
      '/rank',
      '/rank_site',
      '/tags',
      '/tags/open-source',
      '/s?query=Python',
      '/d/thunderbird',
      '/en/d/common-hanzi-3500',
      '/articles',
      '/pcat/guide',
      '/search/post?query=a',
      '/doc_guide',
      '/c/about',
      '/c/help/faq',
      '/sp/topics',
      '/disclaimer',
      '/announcement',
      '/links',
      '/feedback',
      '/feedback/sub',
      '/goto?url=https%3A%2F%2Fexample.com',
      '/404',
    ],
    'land.localhost': [
      '/',
      '/ar',
      '/de',
      '/ja',
      '/doc_handbook',
      '/ar/doc_handbook',
      '/post',
      '/ar/post',
      '/pcat/updates',
      '/post-lumen-3',
      '/ar/post-lumen-3',
      '/search/post?query=sync',
      '/l/campaign/spring-sale',
      '/ar/l/campaign/spring-sale',
      '/sp/library',
      '/c/legal/privacy',
      '/c/legal/terms',
      '/c/legal/licenses',
      '/c/press/launch-kit',
      '/feedback',
      '/ar/feedback',
      '/announcement',
      '/disclaimer',
      '/links',
      '/goto?url=https%3A%2F%2Fexample.com',
      '/404',
      '/ar/404',
    ],
    'nav.localhost': [
      '/',
      '/en',
      '/ai',
      '/nav/tools',
      '/nav/dev/frontend',
      '/sp/news',
      '/sp/collections',
      '/post',
      '/post-ai-chat-compare',
      '/pcat/reviews',
      '/search/post?query=AI',
      '/c/about',
      '/c/guide/submit',
      '/links',
      '/disclaimer',
      '/announcement',
      '/feedback',
      '/en/feedback',
      '/404',
    ],
  }

  it.each(Object.keys(PAGE_KINDS))(
    '%s: no page kind is wider than a 320, 375 or 414px screen, and every image has its shape',
    async (host) => {
      const paths = PAGE_KINDS[host] ?? []
      // Chromium reports each deliberate 404 document as a failed resource, and the favicon it asks
      // for beside a plain-text document (no <link rel="icon"> there); those are expected here.
      const expectedErrors: string[] = []
      const { page, errors } = await open(host, paths[0] ?? '/', {
        watch: (page) =>
          page.on('console', (message) => {
            const failed = new URL(message.location().url || 'about:blank').pathname
            if (message.type() === 'error' && (failed.endsWith('/404') || failed === '/favicon.ico'))
              expectedErrors.push(message.text())
          }),
      })
      const problems: string[] = []
      for (const path of paths) {
        const response = await page.goto(browserSite.tenantUrl(host, path))
        const expected = path.endsWith('/404') ? 404 : 200
        if (response?.status() !== expected) problems.push(`${path} answered ${response?.status()}`)
        // Whole-document pages (a site's own HTML, text files) have no app to wait for.
        if (await page.evaluate(() => document.getElementById('root') !== null)) {
          await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
        }
        for (const width of [320, 375, 414]) {
          await page.setViewportSize({ width, height: PHONE.height })
          const overflow = await measureOverflow(page)
          if (overflow) problems.push(`${path} at ${width}px: ${overflow}`)
        }
        const shapeless = await page.evaluate(() =>
          [...document.images]
            .filter(
              (img) =>
                !(img.hasAttribute('width') && img.hasAttribute('height')) &&
                getComputedStyle(img).aspectRatio === 'auto',
            )
            .map((img) => img.outerHTML.slice(0, 80)),
        )
        for (const img of shapeless) problems.push(`${path}: an image without width and height: ${img}`)
      }
      expect(problems).toEqual([])
      const unexpected = [...errors]
      for (const text of expectedErrors) unexpected.splice(unexpected.indexOf(text), unexpected.includes(text) ? 1 : 0)
      expect(unexpected).toEqual([])
      await page.close()
    },
  )

  it('shows one header row of at most 64px on phones, and the desktop header as before', async () => {
    const { page, errors } = await open('res.localhost', '/')
    for (const host of Object.keys(PAGE_KINDS)) {
      await page.setViewportSize(PHONE)
      await gotoHydrated(page, browserSite.tenantUrl(host, '/'))
      const phone = await headerLayout(page)
      expect(phone.height, host).toBeLessThanOrEqual(64)
      expect(phone, host).toMatchObject({ menuButton: true, menu: false, search: false })
      await page.setViewportSize({ width: 1280, height: 800 })
      const desktop = await headerLayout(page)
      expect(desktop, host).toMatchObject({ menuButton: false, searchButton: false, menu: true })
      expect(desktop.height, host).toBeLessThanOrEqual(64)
    }
    expect(errors).toEqual([])
    await page.close()
  })

  it('opens the phone menu by keyboard, reaches a submenu, and closes each with Escape', async () => {
    const { page, errors } = await open('land.localhost', '/')
    const button = page.locator('.site-header-toggle--menu')
    await button.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => isExpanded(button)).toBe(true)
    const panel = page.locator(`#${await button.getAttribute('aria-controls')}`)
    expect(await panel.isVisible()).toBe(true)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('#site-header-menu') !== null))
      .toBe(true)
    expect(await measureOverflow(page)).toBe('')

    // Tab to the entry with a submenu, open it with Enter; Escape closes it and focus stays there.
    const parent = page.locator('.site-menu__parent summary').first()
    for (let step = 0; step < 10 && !(await parent.evaluate((entry) => entry === document.activeElement)); step++)
      await page.keyboard.press('Tab')
    expect(await isExpanded(parent)).toBe(false)
    await page.keyboard.press('Enter')
    expect(await isExpanded(parent)).toBe(true)
    const submenu = page.locator(`[id="${await parent.getAttribute('aria-controls')}"]`)
    expect(await submenu.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    expect(await submenu.isVisible()).toBe(false)
    expect(await parent.evaluate((entry) => entry === document.activeElement)).toBe(true)
    expect(await panel.isVisible()).toBe(true)

    // ArrowDown opens it and moves into it.
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.site-submenu') !== null)).toBe(true)
    await page.keyboard.press('Escape')
    expect(await parent.evaluate((entry) => entry === document.activeElement)).toBe(true)

    await page.keyboard.press('Escape')
    expect(await panel.isVisible()).toBe(false)
    expect(await isExpanded(button)).toBe(false)
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(errors).toEqual([])
    await page.close()
  })

  it("opens a submenu with the first tap; its first link is the entry's own page", async () => {
    const { page, errors } = await open('land.localhost', '/ar', { hasTouch: true })
    await page.locator('.site-header-toggle--menu').tap()
    const parent = page.locator('.site-menu__parent summary').first()
    const submenu = page.locator(`[id="${await parent.getAttribute('aria-controls')}"]`)
    expect(await submenu.isVisible()).toBe(false)
    await parent.tap()
    expect(await submenu.isVisible()).toBe(true)
    expect(new URL(page.url()).pathname).toBe('/ar')
    expect(await measureOverflow(page)).toBe('')
    const own = submenu.locator('a').first()
    expect(await own.textContent()).toBe(await parent.textContent())
    const href = await own.getAttribute('href')
    await own.tap()
    await page.waitForURL((url) => url.pathname === href)
    // The navigation closes the menu.
    await expect.poll(() => page.locator('#site-header-menu').isVisible()).toBe(false)
    expect(errors).toEqual([])
    await page.close()
  })

  it('opens the phone search box with its button, focused, and Escape closes it', async () => {
    const { page, errors } = await open('res.localhost', '/', { hasTouch: true })
    const button = page.locator('.site-header-toggle--search')
    await button.tap()
    expect(await page.locator('#site-header-search input').evaluate((input) => input === document.activeElement)).toBe(
      true,
    )
    expect(await page.locator('#site-header-search').isVisible()).toBe(true)
    expect((await headerLayout(page)).height).toBeLessThanOrEqual(64)
    await page.keyboard.press('Escape')
    expect(await page.locator('#site-header-search').isVisible()).toBe(false)
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(errors).toEqual([])
    await page.close()
  })

  it('closes desktop submenus and the language list with Escape; the switcher is named by its text', async () => {
    const { page, errors } = await open('land.localhost', '/', { viewport: { width: 1280, height: 800 } })
    const parent = page.locator('.site-menu__parent summary').first()
    // Reach the entry by keyboard from the one before it.
    await parent.evaluate((entry) =>
      (entry.closest('li')?.previousElementSibling?.querySelector('a') as HTMLElement | null)?.focus(),
    )
    await page.keyboard.press('Tab')
    const submenu = page.locator(`[id="${await parent.getAttribute('aria-controls')}"]`)
    expect(await submenu.isVisible()).toBe(false)
    await page.keyboard.press('Enter')
    expect(await submenu.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    expect(await submenu.isVisible()).toBe(false)
    expect(await parent.evaluate((entry) => entry === document.activeElement)).toBe(true)
    // A mouse pointing at the entry opens it, leaving closes it.
    await parent.hover()
    await expect.poll(() => submenu.isVisible()).toBe(true)
    await page.mouse.move(640, 700)
    await expect.poll(() => submenu.isVisible()).toBe(false)

    const summary = page.locator('.language-switcher summary')
    const visible = await summary.evaluate((element) => {
      const copy = element.cloneNode(true) as HTMLElement
      for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove()
      return copy.textContent?.trim() ?? ''
    })
    expect(visible).toBe('English')
    expect(await accessibleName(page, '.language-switcher summary')).toMatch(/^English\b/)
    await summary.click()
    expect(await page.locator('.language-switcher ul').isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    expect(await page.locator('.language-switcher ul').isVisible()).toBe(false)
    expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(errors).toEqual([])
    await page.close()
  })

  it('restores a scroll position deeper than the page left on back, and the top on forward', async () => {
    const { page, errors } = await open('res.localhost', '/res/hot')
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }))
    // Images that load after the jump may move the page (scroll anchoring): read the position once
    // they are in, and let the scroll event record it before leaving.
    await page.waitForFunction(() => [...document.images].every((image) => image.complete || image.loading === 'lazy'))
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    // The position to come back to is the one at the tap, which is what the page remembers. Cards
    // and side blocks keep their estimated size until first drawn (content-visibility), so the page
    // settles over a few frames after the jump: at the third it is still 104 px taller.
    await page.evaluate(() => {
      const leaving = window as unknown as { leftAt?: number }
      document.addEventListener('click', () => (leaving.leftAt = window.scrollY), { capture: true, once: true })
    })
    await page.locator('footer a[href="/c/about"]').click()
    await page.waitForURL((url) => url.pathname === '/c/about')
    const deep = await page.evaluate(() => (window as unknown as { leftAt?: number }).leftAt ?? Number.NaN)
    await page.waitForFunction(() => window.scrollY === 0)
    const shortMax = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
    expect(deep).toBeGreaterThan(shortMax + 500)

    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/res/hot')
    // Not cut short to the other page's height. Content above that loads after the restore may
    // push it further down (scroll anchoring keeps what was in view in view), never up.
    await expect
      .poll(() => page.evaluate(() => Math.round(window.scrollY)))
      .toBeGreaterThanOrEqual(Math.round(deep) - 1)
    await page.goForward()
    await page.waitForURL((url) => url.pathname === '/c/about')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })
})

/** '' when the page fits its window; otherwise its width and the outermost elements sticking out. */
function measureOverflow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const width = window.innerWidth
    if (document.documentElement.scrollWidth <= width) return ''
    const sticksOut = (element: Element) => {
      const box = element.getBoundingClientRect()
      return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5)
    }
    const outermost = [...document.querySelectorAll('body *')]
      .filter((element) => sticksOut(element) && !(element.parentElement && sticksOut(element.parentElement)))
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`)
    return `${document.documentElement.scrollWidth}px wide (${outermost.join(', ')})`
  })
}

/** Whether the native disclosure `summary` belongs to is open. */
function isExpanded(summary: Locator): Promise<boolean> {
  return summary.evaluate((element) => element.closest('details')?.open ?? false)
}

function headerLayout(page: Page) {
  return page.evaluate(() => {
    const shown = (selector: string) => {
      const element = document.querySelector(selector)
      return (
        element !== null && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden'
      )
    }
    return {
      height: document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0,
      menuButton: shown('.site-header-toggle--menu'),
      searchButton: shown('.site-header-toggle--search'),
      menu: shown('.site-menu'),
      search: shown('.search-bar'),
    }
  })
}

/** The accessible name Chromium computes for the first element matching `selector`. */
async function accessibleName(page: Page, selector: string): Promise<string> {
  const session = await page.context().newCDPSession(page)
  const { root } = await session.send('DOM.getDocument')
  const { nodeId } = await session.send('DOM.querySelector', { nodeId: root.nodeId, selector })
  const { nodes } = await session.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false })
  await session.detach()
  return String(nodes[0]?.name?.value ?? '')
}
