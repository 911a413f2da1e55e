import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PAGES, demoVisitorCookie } from '../../test/demo-pages.ts'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import zh from '../../shared/i18n/locales/zh.ts'

// What the hydration data and the payloads leave out because no browser code reads it
// (docs/performance.md "Hydration data and page payloads"). The browser test
// client/hydration.browser.test.ts proves the pages still hydrate and navigate to the same markup;
// this one keeps the cuts from coming back unnoticed.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
interface RouterState {
  loaderData: Record<string, Json>
  deferred?: Record<string, string[]>
}

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'

/** Every key anywhere in `value`. */
function keysOf(value: Json, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into)
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.add(key)
      keysOf(item, into)
    }
  }
  return into
}

function payloadPath(path: string): string {
  const [pathname = '/', query] = path.split('?')
  return `${pathname === '/' ? '' : pathname.replace(/\/$/, '')}/_payload.json${query === undefined ? '' : `?${query}`}`
}

describe('hydration data and payloads carry only what the browser reads', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  async function load(host: string, path: string): Promise<{ hydration: RouterState; payload: RouterState }> {
    const headers = { cookie: demoVisitorCookie(host, path), 'user-agent': BROWSER }
    const html = await (await site.request(path, { host, headers })).text()
    const match = /<script id="__hydration" type="application\/json">(.*?)<\/script>/s.exec(html)
    if (!match) throw new Error(`${host}${path} carries no hydration data`)
    const payload = (await (await site.request(payloadPath(path), { host, headers })).json()) as RouterState
    return { hydration: JSON.parse(match[1]!) as RouterState, payload }
  }

  // Upstream fields no component reads, and head fields the server writes into the document.
  const NEVER_IN_HYDRATION = ['hot_count', 'jsonLd', 'canonical', 'alternates', 'ogType']

  it.each(
    DEMO_PAGES.filter(
      ([host, path, status]) => status === 200 && !(host === 'land.localhost' && path === '/c/press/launch-kit'),
    ),
  )(
    '%s%s: no page head or unread upstream field in the hydration data, no root data in the payload',
    async (host, path) => {
      const { hydration, payload } = await load(host, path)
      for (const [routeId, data] of Object.entries(hydration.loaderData)) {
        if (routeId !== 'root') expect(data, routeId).not.toHaveProperty('head')
      }
      expect([...keysOf(hydration.loaderData as Json)].filter((key) => NEVER_IN_HYDRATION.includes(key))).toEqual([])
      const site = (hydration.loaderData.root as { site: Record<string, Json> }).site
      expect(Object.keys(site)).not.toEqual(expect.arrayContaining(['logo']))
      expect(site).not.toHaveProperty('description')
      expect(site).not.toHaveProperty('favicon')
      const header = site.header as { menu: Json[] }
      expect(keysOf(header.menu)).not.toContain('is_show')
      expect(payload.loaderData).not.toHaveProperty('root')
      expect(payload.deferred ?? {}).not.toHaveProperty('root')
    },
  )

  it('carries the strings the render wrote, by call, and only those', async () => {
    const html = await (
      await site.request('/res/hot', {
        host: 'res.localhost',
        headers: { cookie: demoVisitorCookie('res.localhost', '/res/hot'), 'user-agent': BROWSER },
      })
    ).text()
    const { strings } = JSON.parse(
      /<script id="__hydration" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!,
    ) as { strings: Record<string, string> }
    // The skip link's text in the page language (the browser's first render reads it from here).
    expect(strings.skipToContent).toBe(zh.skipToContent)
    expect(html).toContain(zh.skipToContent)
    // Calls with values by key and values; nothing the page did not render (the sign-in dialog's).
    expect(Object.keys(strings).some((key) => key.startsWith('pageOf {'))).toBe(true)
    expect(strings).not.toHaveProperty('email')
    expect(Object.keys(strings).filter((key) => !key.startsWith('#')).length).toBeLessThan(Object.keys(zh).length / 2)
    // The dates the cards print, as printed.
    const dates = Object.entries(strings).filter(([key]) => key.startsWith('#date '))
    expect(dates.length).toBeGreaterThan(0)
    for (const [, text] of dates) expect(html).toContain(text)
  })

  it('a resource list: cards without counters, upstream dates or more than three tags; the aside without tag texts and search counts', async () => {
    const { hydration, payload } = await load('res.localhost', '/res/hot')
    const data = hydration.loaderData['res-hot'] as {
      rows: Record<string, Json>[]
      aside: { value: { search: Json[]; res_tag: Json[]; hot: Json[]; newest: Json[] } }
    }
    expect(data.rows.length).toBeGreaterThan(10)
    for (const row of data.rows) {
      expect(Object.keys(row).sort()).toEqual(
        expect.arrayContaining(['category', 'date', 'description', 'id', 'seo_title', 'tags', 'title']),
      )
      expect(row).not.toHaveProperty('view_count')
      expect(row).not.toHaveProperty('created_at')
      expect(row).not.toHaveProperty('updated_at')
      expect(row).not.toHaveProperty('target_urls')
      expect((row.tags as Json[]).length).toBeLessThanOrEqual(3)
      expect(row.category).not.toHaveProperty('count')
    }
    for (const tag of data.aside.value.res_tag) expect(Object.keys(tag as object).sort()).toEqual(['name', 'slug'])
    for (const hit of data.aside.value.search) expect(Object.keys(hit as object)).toEqual(['query'])
    for (const entry of data.aside.value.hot) expect(entry).not.toHaveProperty('created_at')
    for (const entry of data.aside.value.newest) expect(entry).not.toHaveProperty('view_count')
    // The payload carries the head the browser applies after navigating, JSON-LD included.
    expect(payload.loaderData['res-hot']).toHaveProperty('head.jsonLd')
  })

  it('an article list: entries without tags, avatars or bodies', async () => {
    const { hydration } = await load('res.localhost', '/articles')
    const rows = (hydration.loaderData.post as { rows: Record<string, Json>[] }).rows
    expect(rows.length).toBeGreaterThan(3)
    for (const row of rows) {
      expect(row).not.toHaveProperty('tags')
      expect(row).not.toHaveProperty('content')
      expect(row).not.toHaveProperty('updated_at')
      expect(row.author).toEqual({ nick_name: expect.any(String) })
    }
  })

  it('a resource page: no upstream keys or counters the page does not show', async () => {
    const { hydration } = await load('res.localhost', '/d/vlc-media-player')
    const resource = (hydration.loaderData['d-id'] as { resource: Record<string, Json> }).resource
    expect(resource).toHaveProperty('target_urls')
    expect(resource).not.toHaveProperty('seo_title')
    expect(resource).not.toHaveProperty('pan_type')
    for (const tag of resource.tags as Json[]) expect(Object.keys(tag as object).sort()).toEqual(['name', 'slug'])
  })

  it('a ranking: the categories of the selected platform only', async () => {
    const { hydration } = await load('res.localhost', '/rank_site/software')
    const data = hydration.loaderData['rank-category'] as {
      platform: string
      category: string
      platforms: { key: string; categories: { key: string; tags: Json[] }[] }[]
    }
    expect(data.platforms.length).toBeGreaterThan(1)
    for (const platform of data.platforms) {
      if (platform.key !== data.platform) expect(platform.categories).toEqual([])
      for (const category of platform.categories) if (category.key !== data.category) expect(category.tags).toEqual([])
    }
  })
})
