import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { sharedLifetimeHeaders } from '../http/shared-lifetimes.ts'

const PUBLIC = 'public, max-age=0, s-maxage=30'
const CDN = 'max-age=30, stale-while-revalidate=60, stale-if-error=86400'

describe('Cache-Control and Vary', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite({
      app: { htmlSMaxAge: 30 },
      upstream: async (request, demo) => {
        const domain = request.headers.get('app-domain')
        if (domain === 'down.localhost') return new Response('down', { status: 503 })
        const response = await demo(request)
        // nav.localhost with a single language: no language redirect can apply there.
        if (domain !== 'nav.localhost' || new URL(request.url).pathname !== '/v1/site_page/web_get') return response
        const body = (await response.json()) as {
          data: { site_config: { language_config: { language_list: unknown[] } } }
        }
        body.data.site_config.language_config.language_list = [{ language: 'zh-TW', status: 1 }]
        return Response.json(body)
      },
    })
  })
  afterAll(() => site.close())

  const get = (path: string, host = 'res.localhost', headers: Record<string, string> = {}) =>
    site.request(path, { host, headers, redirect: 'manual' })

  it('builds the public page policy from HTML_S_MAXAGE: stale serving for a configured CDN only, never for browsers', () => {
    expect(sharedLifetimeHeaders({ sMaxAge: 10, staleSeconds: 60, cdn: true })).toEqual({
      'cache-control': 'public, max-age=0, s-maxage=10',
      'cdn-cache-control': 'max-age=10, stale-while-revalidate=60, stale-if-error=86400',
    })
    expect(sharedLifetimeHeaders({ sMaxAge: 30, staleSeconds: 3600, cdn: false })).toEqual({
      'cache-control': 'public, max-age=0, s-maxage=30',
    })
  })

  it('lets shared caches keep anonymous pages and payloads', async () => {
    const page = await get('/res/hot', 'res.localhost', { cookie: 'lang=zh' })
    expect(page.status).toBe(200)
    expect(page.headers.get('set-cookie')).toBeNull()
    expect(page.headers.get('cache-control')).toBe(PUBLIC)
    expect(page.headers.get('cdn-cache-control')).toBe(CDN)
    const payload = await get('/res/hot/_payload.json')
    expect(payload.headers.get('cache-control')).toBe(PUBLIC)
    expect(payload.headers.get('cdn-cache-control')).toBe(CDN)
    expect(payload.headers.get('vary')).toBe('Accept-Encoding')
  })

  it('varies by Cookie and Accept-Language only where the first-visit language redirect can apply', async () => {
    expect((await get('/res/hot', 'res.localhost', { cookie: 'lang=zh' })).headers.get('vary')).toBe(
      'Accept-Language, Cookie, Accept-Encoding',
    )
    expect((await get('/en/res/hot', 'res.localhost', { cookie: 'lang=en' })).headers.get('vary')).toBe(
      'Accept-Encoding',
    )
    const redirect = await get('/zh/res/hot', 'res.localhost', { cookie: 'lang=zh' })
    expect(redirect.status).toBe(301)
    expect(redirect.headers.get('vary')).toBe('Accept-Language, Cookie')
    const single = await get('/', 'nav.localhost')
    expect(single.status).toBe(200)
    expect(single.headers.get('vary')).toBe('Accept-Encoding')
    // No language to remember: no cookie, so the first visit is cacheable too.
    expect(single.headers.get('set-cookie')).toBeNull()
    expect(single.headers.get('cache-control')).toBe(PUBLIC)
  })

  it('makes anything setting a cookie private, no-store', async () => {
    const first = await get('/res/hot')
    expect(first.headers.get('set-cookie')).toMatch(/^lang=zh/)
    expect(first.headers.get('cache-control')).toBe('private, no-store')
  })

  it('answers the same-origin API private, no-store', async () => {
    const response = await site.request('/api/v1/links/get', {
      method: 'POST',
      host: 'res.localhost',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.headers.get('cache-control')).toBe('private, no-store')
  })

  it.each([
    ['an unmatched page', '/no/such/page', 'res.localhost', 404],
    ['an unknown site', '/', 'nobody.localhost', 404],
    ['a bad Host', '/', 'bad host', 400],
    ['the startup screen', '/', 'down.localhost', 503],
  ])('never stores %s', async (_what, path, host, status) => {
    const response = await get(path, host, { cookie: 'lang=zh' })
    expect(response.status).toBe(status)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('keeps hashed assets immutable for a year', async () => {
    const html = await (await get('/', 'res.localhost', { cookie: 'lang=zh' })).text()
    const entry = /e\.src="(\/assets\/entry-client-[^"]+)"/.exec(html)![1]!
    expect((await get(entry)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })
})
