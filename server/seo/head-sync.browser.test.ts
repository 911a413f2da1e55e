import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserSite } from '../../test/browser/use-browser-site.ts'

// Site code the demo site does not have: a stub in front of the demo API adds it to the site config.
const HEAD_CODE = [
  '<script>window.__headRuns = (window.__headRuns || 0) + 1</script>',
  '<meta name="code-marker" content="1">',
  '<iframe src="https://evil.example/"></iframe><img src="x" onerror="window.__xss = 1">',
]
const BODY_CODE = ['<script>window.__bodyRuns = (window.__bodyRuns || 0) + 1</script>']
const RESOURCE_CODE = ['<meta name="resource-marker" content="1">']

async function withSiteCode(request: Request, demo: (request: Request) => Promise<Response>): Promise<Response> {
  // Every resource is gone, so a detail link leads to a 404 page.
  if (request.url.endsWith('/v1/resource/detail')) return Response.json({ status: 404, info: 'not found', data: null })
  const response = await demo(request)
  if (!request.url.endsWith('/v1/site_page/web_get')) return response
  const body = (await response.json()) as {
    data?: {
      site_config?: { seo_config: { customize_code: unknown }; page_config: { global_config: Record<string, unknown> } }
    }
  }
  const config = body.data?.site_config
  if (config) {
    config.seo_config.customize_code = { model: 1, data: HEAD_CODE }
    config.page_config.global_config.customize_code = {
      body: { is_enabled: 1, data: BODY_CODE },
      resource: { is_enabled: 1, data: RESOURCE_CODE },
    }
  }
  return Response.json(body)
}

/** What the page's head holds: the managed keys, and how often each piece of site code is there or ran. */
function headState(page: Page) {
  return page.evaluate(() => ({
    keys: Array.from(document.head.querySelectorAll('[data-h]'), (element) => element.getAttribute('data-h')).sort(),
    title: document.title,
    canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null,
    markers: document.querySelectorAll('meta[name="code-marker"]').length,
    resourceMarkers: document.querySelectorAll('meta[name="resource-marker"]').length,
    headScripts: Array.from(document.querySelectorAll('script:not([type="application/json"])')).filter((script) =>
      script.textContent?.includes('__headRuns'),
    ).length,
    bodyScripts: Array.from(document.querySelectorAll('script:not([type="application/json"])')).filter((script) =>
      script.textContent?.includes('__bodyRuns'),
    ).length,
    headRuns: (window as { __headRuns?: number }).__headRuns ?? 0,
    bodyRuns: (window as { __bodyRuns?: number }).__bodyRuns ?? 0,
    xss: (window as { __xss?: number }).__xss ?? 0,
    iframes: document.querySelectorAll('iframe[src^="https://evil"]').length,
  }))
}

/** The managed keys of the head the server writes for `url` (the same list the browser applied). */
async function serverKeys(page: Page, url: string): Promise<string[]> {
  // Fetched by the page itself: Chromium resolves *.localhost, Node does not.
  const html = await page.evaluate(async (address) => (await fetch(address)).text(), url)
  const head = html.slice(0, html.indexOf('</head>'))
  return Array.from(head.matchAll(/ data-h="([^"]+)"/g), (match) => match[1]!).sort()
}

describe('head in a real browser', () => {
  const browserSite = useBrowserSite({ upstream: withSiteCode })

  it('keeps site code exactly once through hydration and two client navigations, and the head equal to the server one', async () => {
    const documents: string[] = []
    const { page, errors } = await browserSite.open('res.localhost', '/res/hot', {
      locale: 'zh-CN',
      waitUntil: 'networkidle',
      watch: (page) =>
        page.on('request', (request) => {
          if (request.resourceType() === 'document') documents.push(request.url())
        }),
    })
    const hydrated = await headState(page)
    expect(hydrated).toMatchObject({
      markers: 1,
      resourceMarkers: 1,
      headScripts: 1,
      bodyScripts: 1,
      headRuns: 1,
      bodyRuns: 1,
      xss: 0,
      iframes: 0,
    })
    expect(hydrated.keys).toEqual(await serverKeys(page, browserSite.tenantUrl('res.localhost', '/res/hot')))

    // 1: to another resource page.
    await page.locator('main a[href^="/res/new"]').first().click()
    await page.waitForURL((url) => url.pathname.startsWith('/res/new'))
    await page.waitForFunction(() =>
      document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href.includes('/res/new'),
    )
    const second = await headState(page)
    expect(second).toMatchObject({
      markers: 1,
      resourceMarkers: 1,
      headScripts: 1,
      bodyScripts: 1,
      headRuns: 1,
      bodyRuns: 1,
    })
    expect(second.keys).toEqual(await serverKeys(page, page.url()))

    // 2: to an article list, a page of another type (its resource-only code goes).
    // The page is its menu entry's own link, first in the entry's submenu.
    const entry = page.locator('.site-menu__parent', { has: page.locator('a[href="/articles"]') }).first()
    await entry.locator('summary').click()
    await entry.locator('.site-submenu a[href="/articles"]').first().click()
    await page.waitForURL((url) => url.pathname === '/articles')
    await page.waitForFunction(() =>
      document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href.endsWith('/articles'),
    )
    const third = await headState(page)
    expect(third).toMatchObject({
      markers: 1,
      resourceMarkers: 0,
      headScripts: 1,
      bodyScripts: 1,
      headRuns: 1,
      bodyRuns: 1,
      xss: 0,
      iframes: 0,
    })
    expect(third.keys).toEqual(await serverKeys(page, page.url()))
    expect(third.canonical).toBe('http://res.localhost/articles')
    expect(third.title).not.toBe(hydrated.title)

    expect(documents).toHaveLength(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('gives an error page reached client-side noindex and no canonical', async () => {
    const { page, errors } = await browserSite.open('res.localhost', '/res/hot', {
      locale: 'zh-CN',
      waitUntil: 'networkidle',
    })
    expect(await page.evaluate(() => document.querySelector('link[rel="canonical"]') !== null)).toBe(true)
    await page.locator('main a[href^="/d/"]').first().click()
    await page.locator('.error-page').waitFor()
    await page.waitForFunction(
      () => document.querySelector('meta[name="robots"]')?.getAttribute('content') === 'noindex',
    )
    expect(
      await page.evaluate(() =>
        document.querySelector('link[rel="canonical"], link[hreflang], meta[property="og:url"]'),
      ),
    ).toBeNull()
    expect(await page.evaluate(() => document.querySelectorAll('meta[name="code-marker"]').length)).toBe(1)
    // The payload answers 404: the browser logs that failed load, nothing else.
    expect(errors.filter((error) => !/404/.test(error))).toEqual([])
    await page.close()
  })
})
