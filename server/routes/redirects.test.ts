import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { readHead } from '../../test/head.ts'

const LANG_COOKIE = /^lang=(en|zh|fr|de|ja|ar); Max-Age=31536000; Path=\/; SameSite=Lax$/

describe('language and mapping redirects through the app', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  const get = (path: string, headers: Record<string, string> = {}, host = 'res.localhost') =>
    site.request(path, { host, headers, redirect: 'manual' })

  it.each([
    // [path, status, location]
    ['/zh/res/hot', 301, '/res/hot'],
    ['/zh', 301, '/'],
    ['/ja/res/hot', 302, '/res/hot'],
    ['/EN/res/hot', 301, '/en/res/hot'],
    ['/res_tags', 301, '/tags'],
    ['/en/res_tags', 301, '/en/tags'],
    ['/post?page=2', 301, '/articles?page=2'],
  ])('%s → %i %s', async (path, status, location) => {
    const response = await get(path, { cookie: 'lang=zh' })
    expect(response.status).toBe(status)
    expect(response.headers.get('location')).toBe(location)
    expect(response.headers.get('vary')).toBe('Accept-Language, Cookie')
  })

  it('renders an enabled language under its prefix and sets the cookie', async () => {
    const response = await get('/en/res/hot', { cookie: 'lang=zh' })
    expect(response.status).toBe(200)
    expect(await response.text()).toMatch(/^<!DOCTYPE html><html lang="en">/)
    expect(response.headers.get('set-cookie')).toMatch(LANG_COOKIE)
    // A prefixed page never takes the browser-language redirect: it varies by the encoding only.
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
  })

  it('does not set the cookie again when it already matches', async () => {
    const response = await get('/en/res/hot', { cookie: 'lang=en' })
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it('routes a mapped address as its original route', async () => {
    const response = await get('/tags', { cookie: 'lang=zh' })
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('"res_tags"')
  })

  it('redirects a first visit by Accept-Language, with the cookie', async () => {
    const response = await get('/res/hot?page=1', { 'accept-language': 'fr;q=0.4, en-GB;q=0.9, zh;q=0.5' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/en/res/hot?page=1')
    expect(response.headers.get('set-cookie')).toMatch(LANG_COOKIE)
    expect(response.headers.get('cache-control')).toContain('no-store')
  })

  it('never redirects a visitor with the cookie by Accept-Language', async () => {
    const response = await get('/res/hot', { 'accept-language': 'en', cookie: 'lang=zh' })
    expect(response.status).toBe(200)
  })

  it('never redirects payload requests by Accept-Language', async () => {
    const response = await get('/res/hot/_payload.json', { 'accept-language': 'en' })
    expect(response.status).toBe(200)
  })

  it('answers the search page at the search route and /sa with its query', async () => {
    for (const path of ['/s?query=linux', '/sa?query=linux']) {
      const response = await get(path, { cookie: 'lang=zh' })
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('linux')
    }
  })

  it.each([
    '//evil.com',
    '///evil.com',
    '/.//evil.com',
    '/%2F%2Fevil.com',
    '/%5Cevil.com',
    '/%09/evil.com',
    '/en//evil.com',
    '/tags//evil.com',
    '/res_tags//evil.com',
    '/zh//evil.com',
    '/ja//evil.com',
    '/EN//evil.com',
    '/\\evil.com',
  ])('keeps %s on the tenant origin', async (path) => {
    const response = await get(path, { cookie: 'lang=zh', 'accept-language': 'en' })
    expect(response.status).not.toBe(500)
    const location = response.headers.get('location')
    if (location !== null) {
      expect(new URL(location, 'http://res.localhost').origin).toBe('http://res.localhost')
      // Redirect chains end within two hops.
      const next = await get(location, { cookie: 'lang=zh' })
      const again = next.headers.get('location')
      if (again !== null) expect((await get(again, { cookie: 'lang=zh' })).headers.get('location')).toBeNull()
    }
  })

  it.each(['/%E0%A4%A', '/%zz', '/c/%E0%A4%A/x', '/d/%'])(
    'answers malformed encoding %s with 400 or 404',
    async (path) => {
      const response = await get(path, { cookie: 'lang=zh' })
      expect([400, 404]).toContain(response.status)
    },
  )

  it('never reflects raw path text unescaped', async () => {
    const response = await get('/%3Cscript%3Ealert(1)%3C/script%3E', { cookie: 'lang=zh' })
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('<script>alert(1)')
  })

  it('renders links in their mapped form', async () => {
    const html = await (await get('/res/hot', { cookie: 'lang=zh' })).text()
    expect(html).toMatch(/href="\/tags\//)
    expect(html).not.toMatch(/href="\/res_tags/)
  })

  it('uses the site search route and keeps /sa; /s is no search page elsewhere', async () => {
    const nav = (path: string) => get(path, { cookie: 'lang=zh-TW' }, 'nav.localhost')
    expect((await nav('/sa?query=ai')).status).toBe(200)
    expect((await nav('/s?query=ai')).status).toBe(404)
  })
})

describe('page language in the document', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it('marks Arabic pages right-to-left', async () => {
    const html = await (await site.request('/ar', { host: 'land.localhost', headers: { cookie: 'lang=ar' } })).text()
    expect(html).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl">/)
  })

  it('links the header language switcher and hreflang alternates to the same page', async () => {
    const html = await (
      await site.request('/fr/doc_handbook', { host: 'land.localhost', headers: { cookie: 'lang=fr' } })
    ).text()
    const { hreflang } = readHead(html)
    for (const [lang, href] of [
      ['en', '/doc_handbook'],
      ['zh', '/zh/doc_handbook'],
      ['de', '/de/doc_handbook'],
      ['ar', '/ar/doc_handbook'],
    ]) {
      expect(html).toContain(`href="${href}" hrefLang="${lang}"`)
      // Alternates use the page's one canonical form (`/doc/x`), whichever form was requested.
      expect(hreflang).toContainEqual({ hreflang: lang, href: `http://land.localhost${href!.replace('doc_', 'doc/')}` })
    }
    expect(hreflang).toContainEqual({ hreflang: 'x-default', href: 'http://land.localhost/doc/handbook' })
  })
})

describe('config loads under concurrency', () => {
  let site: TestSite
  const siteLoads: string[] = []
  beforeAll(async () => {
    site = await startTestSite({
      upstream: async (request, demo) => {
        if (new URL(request.url).pathname === '/v1/site_page/web_get') {
          const body = (await request.clone().json()) as { page_path: string; page_language: string }
          if (body.page_path === '') siteLoads.push(body.page_language)
        }
        return demo(request)
      },
    })
  })
  afterAll(() => site.close())

  it('makes one upstream site load per language for many concurrent first requests', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        site.request('/res/hot', { host: 'nav.localhost', headers: { cookie: 'lang=zh-TW' } }),
      ),
    )
    expect(responses.every((response) => response.status === 200)).toBe(true)
    // The language-independent load (tenant and redirects) and the one in the page language.
    expect(siteLoads.sort()).toEqual(['', 'zh-TW'])
  })
})
