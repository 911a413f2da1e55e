import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../test/harness.ts'

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

function hydrationOf(html: string): { loaderData: Record<string, unknown>; errors: unknown } {
  const match = /<script id="__hydration" type="application\/json">(.*?)<\/script>/s.exec(html)
  if (!match) throw new Error('no hydration data in the page')
  return JSON.parse(match[1]!)
}

function titleOf(html: string): string {
  return /<title>(.*?)<\/title>/s.exec(html)?.[1] ?? ''
}

describe('the app against the demo API', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it('resolves the tenant from the Host header and its aliases', async () => {
    const main = await site.request('/', { host: 'res.localhost' })
    expect(main.status).toBe(200)
    const html = await main.text()
    expect(html).toMatch(/^<!DOCTYPE html><html lang="zh">/)
    const alias = await (await site.request('/', { host: 'LOCALHOST:3000' })).text()
    expect(titleOf(alias)).toBe(titleOf(html))
    const land = await site.request('/', { host: 'www.land.localhost.' })
    expect(land.status).toBe(200)
    expect(await land.text()).toMatch(/<html lang="en">/)
  })

  it('answers an unknown site with a 404 page and remembers it', async () => {
    const first = await site.request('/', { host: 'nobody.localhost' })
    expect(first.status).toBe(404)
    expect(await first.text()).toContain('Site not found')
    const calls = site.upstreamCalls.get('/v1/site_page/web_get')
    await site.request('/about', { host: 'nobody.localhost' })
    expect(site.upstreamCalls.get('/v1/site_page/web_get')).toBe(calls)
  })

  it.each(['bad host', 'exa mple.com', '', 'a'.repeat(300), 'evil.com@res.localhost'])(
    'rejects the Host %j with 400',
    async (host) => {
      const response = await site.request('/', { host })
      expect(response.status).toBe(400)
    },
  )

  it('sends crawlers the complete document with a length', async () => {
    const response = await site.request('/res/hot', { headers: { 'user-agent': GOOGLEBOT } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toMatch(/^\d+$/)
    const html = await response.text()
    expect(html.endsWith('</body></html>')).toBe(true)
    expect(hydrationOf(html).loaderData).toHaveProperty('res-hot')
  })

  it('sends visitors one buffer when deferred data is already cached', async () => {
    await site.request('/res/hot')
    const response = await site.request('/res/hot')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toMatch(/^\d+$/)
  })

  it('answers HEAD with the status and headers only', async () => {
    const head = await site.request('/res/hot', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await head.text()).toBe('')
    const missing = await site.request('/no/such/thing', { method: 'HEAD' })
    expect(missing.status).toBe(404)
  })

  it('answers an unmatched address with "Page not found: {path}"', async () => {
    const response = await site.request('/no/such/thing')
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(titleOf(html)).toBe('Page not found: /no/such/thing')
    expect(html).toContain('<h1>Page Not Found</h1><p class="error-detail">Page not found: /no/such/thing</p>')
  })

  it('answers a failed route validation with "Page Not Found: {path}"', async () => {
    const response = await site.request('/c/no-such-page')
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(titleOf(html)).toBe('Page Not Found: /c/no-such-page')
    expect(html).toContain('Page Not Found: /c/no-such-page')
  })

  it('serves the fixed pages with their status', async () => {
    expect((await site.request('/404')).status).toBe(404)
    expect((await site.request('/405')).status).toBe(405)
    expect((await site.request('/500')).status).toBe(500)
  })

  it('answers other methods with 405', async () => {
    const response = await site.request('/', { method: 'POST' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })

  it('serves a payload equal to the data the page rendered with', async () => {
    const html = await (await site.request('/res/hot', { headers: { 'user-agent': GOOGLEBOT } })).text()
    const payload = (await (await site.request('/res/hot/_payload.json')).json()) as {
      status: number
      loaderData: Record<string, unknown>
    }
    expect(payload.status).toBe(200)
    // The page's head is in the document already: its hydration data leaves it out, a payload
    // carries it for the browser to apply after navigating.
    const { head, ...data } = payload.loaderData['res-hot'] as { head: { title: string } }
    expect(head.title).toBe(titleOf(html))
    expect(data).toEqual(hydrationOf(html).loaderData['res-hot'])
    const home = (await (await site.request('/_payload.json')).json()) as { loaderData: Record<string, unknown> }
    expect(home.loaderData).toHaveProperty('home')
  })

  it('keeps the query string of a payload request', async () => {
    const payload = (await (await site.request('/s/_payload.json?query=linux')).json()) as {
      loaderData: Record<string, { query?: string }>
    }
    expect(JSON.stringify(payload.loaderData.s)).toContain('linux')
  })

  it('reports a payload error at the route that threw it', async () => {
    const response = await site.request('/c/no-such-page/_payload.json')
    expect(response.status).toBe(404)
    const payload = (await response.json()) as { errors: Record<string, { status: number; data: { message: string } }> }
    expect(payload.errors.c).toMatchObject({ status: 404, data: { message: 'Page Not Found: /c/no-such-page' } })
  })

  it('serves built assets with long-lived caching and 404s unknown ones', async () => {
    const html = await (await site.request('/')).text()
    const entry = /e\.src="(\/assets\/entry-client-[^"]+)"/.exec(html)?.[1]
    expect(entry).toBeDefined()
    const asset = await site.request(entry!)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect((await site.request('/assets/nope-123.js')).status).toBe(404)
  })
})

describe('hostile and failing upstream data', () => {
  const HOSTILE = '</script><script>alert(1)</script><!-- \u2028'
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite({
      upstream: async (request, demo) => {
        const path = new URL(request.url).pathname
        if (path === '/v1/resource/list') return new Response('{"status":0,', { status: 200 })
        const response = await demo(request)
        if (path !== '/v1/site_page/web_get') return response
        const body = (await response.json()) as {
          data: { site_config: { base_info: { app_name: string }; header_config: { logo_config: { text: string } } } }
        }
        body.data.site_config.base_info.app_name = HOSTILE
        body.data.site_config.header_config.logo_config.text = HOSTILE
        return Response.json(body)
      },
    })
  })
  afterAll(() => site.close())

  it('keeps hostile config text escaped in markup and hydration data', async () => {
    const html = await (await site.request('/s?query=x')).text()
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).not.toContain('<!-- \u2028')
    expect((html.match(/<\/script>/g) ?? []).length).toBe((html.match(/<script/g) ?? []).length)
    const root = hydrationOf(html).loaderData.root as { site: { name: string } }
    expect(root.site.name).toBe(HOSTILE)
  })

  it('answers 500 without internals when page data is malformed', async () => {
    const response = await site.request('/res/hot')
    expect(response.status).toBe(500)
    const html = await response.text()
    expect(html).toContain('Internal Server Error')
    expect(html).not.toMatch(/Upstream|stack|at \w+ \(|\/v1\/resource/)
  })
})

describe('when the upstream cannot give a site config', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite({ upstream: () => new Response('unavailable', { status: 503 }) })
  })
  afterAll(() => site.close())

  it('tries three times, then shows the startup screen with 503', async () => {
    const response = await site.request('/', { host: 'res.localhost' })
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('3')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    expect(html).toContain('The site is starting')
    expect(html).toContain('location.reload()')
    expect(site.upstreamCalls.get('/v1/site_page/web_get')).toBe(3)
  })
})
