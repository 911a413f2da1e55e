import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../../test/harness.ts'
import { readHead } from '../../../test/head.ts'

// End-to-end: the real app against the demo API. land.localhost is an English site.
const HOST = 'land.localhost'

function titleOf(html: string): string {
  return /<title>(.*?)<\/title>/s.exec(html)?.[1] ?? ''
}

function robotsOf(html: string): string | undefined {
  return readHead(html).meta('robots')
}

describe('site-level pages', () => {
  let site: TestSite
  const get = (path: string) => site.request(path, { host: HOST })
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it('shows the disclaimer and the announcement', async () => {
    const disclaimer = await get('/disclaimer')
    expect(disclaimer.status).toBe(200)
    const html = await disclaimer.text()
    expect(html).toContain('<h1>Disclaimer</h1>')
    expect(html).toContain('Lumen Notes is a fictional product')
    expect(titleOf(html)).toMatch(/^Disclaimer - /)

    const announcement = await get('/announcement')
    expect(announcement.status).toBe(200)
    expect(await announcement.text()).toContain('Spring sale')
  })

  it('lists the link groups as outbound cards', async () => {
    const response = await get('/links')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<h1>Links</h1>')
    expect(html).toContain('Friends of Lumen')
    expect(html).toMatch(
      /<a class="card site-link-card" href="https:\/\/commonmark\.org\/" target="_blank" rel="noopener noreferrer nofollow">/,
    )
  })

  it('shows the outbound interstitial for an http(s) link, out of indexes', async () => {
    const response = await get(`/goto?url=${encodeURIComponent('https://commonmark.org/help/')}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(robotsOf(html)).toBe('noindex,nofollow')
    expect(html).toContain('<p class="site-goto__host" translate="no">commonmark.org</p>')
    expect(html).toContain('href="https://commonmark.org/help/"')
    expect(html).toContain('You will be taken to the address below in 5 seconds.')
  })

  it.each(['javascript:alert(1)', '//evil.com', 'http://user:pass@x', '/local', ''])(
    'refuses to send visitors to %j',
    async (target) => {
      const response = await get(`/goto?url=${encodeURIComponent(target)}`)
      expect(response.status).toBe(400)
      const html = await response.text()
      expect(html).toContain('This link is not valid.')
      // The address may be echoed (e.g. in language links), but never as a link to follow.
      expect(/href="(?:https?:)?\/\/(?:user:pass@)?(?:evil\.com|x)\b/.test(html)).toBe(false)
      expect(html.includes('site-goto')).toBe(false)
    },
  )

  it('lists feedback with replies next to a labelled form', async () => {
    const response = await get('/feedback')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(titleOf(html)).toMatch(/^Feedback - /)
    expect(html).toContain('Please add a Linux ARM build.')
    expect(html).toContain('Shipped in 3.0.2')
    expect(html).toMatch(/<label class="site-form__label" for="([^"]+)">[\s\S]*?<textarea id="\1"/)
    expect(html).toContain('<button type="submit" class="button">Submit</button>')
  })

  it('serves the form view and validates the page number', async () => {
    const form = await get('/feedback/sub')
    expect(form.status).toBe(200)
    expect(await form.text()).toContain('name="content"')
    expect((await get('/feedback/1')).status).toBe(200)
    for (const path of ['/feedback/0', '/feedback/abc', '/feedback/1001', '/feedback/500']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(await response.text()).toContain(`Page Not Found: ${path}`)
    }
  })

  it.each([
    ['/404', 404, 'Page Not Found'],
    ['/405', 405, 'Method Not Allowed'],
    ['/500', 500, 'Internal Server Error'],
  ])('answers the fixed page %s with its own status', async (path, status, heading) => {
    const response = await get(path)
    expect(response.status).toBe(status)
    const html = await response.text()
    expect(html).toContain(`<h1>${heading}</h1>`)
    expect(robotsOf(html)).toBe('noindex')
    // The site's frame stays, in the page language.
    expect(html).toContain('class="site-header"')
    expect(html).toContain('class="site-footer"')
  })

  it.each([
    ['/404', '<h1>Page Not Found</h1>', '您访问的页面不存在或已被移除。'],
    ['/en/404', '<h1>Page Not Found</h1>', 'The page you are looking for does not exist or has been moved.'],
    [
      '/en/no/such/page',
      '<h1>Page Not Found</h1><p class="error-detail">Page not found: /en/no/such/page</p>',
      'The page you are looking for does not exist',
    ],
    ['/en/d/no-such-resource', '<h1>Page Not Found</h1>', 'The page you are looking for does not exist'],
    ['/500', '<h1>Internal Server Error</h1>', '我们这边出了点问题，请稍后再试。'],
  ])(
    'titles the error page %s of the Chinese site per SPEC §2 with the localised explanation',
    async (path, heading, lead) => {
      const html = await (await site.request(path, { host: 'res.localhost' })).text()
      expect(html).toContain(heading)
      expect(html).toContain(lead)
      expect(html).toContain('class="site-header"')
    },
  )

  it('serves the feedback payload for client-side navigation', async () => {
    const response = await get('/feedback/_payload.json')
    expect(response.status).toBe(200)
    const payload = (await response.json()) as { loaderData: Record<string, { kind?: string; rows?: unknown[] }> }
    expect(payload.loaderData.feedback?.kind).toBe('feedback')
    expect(payload.loaderData.feedback?.rows?.length).toBeGreaterThan(0)
  })
})
