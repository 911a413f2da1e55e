import { afterEach, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { withPictures } from '../images/image-fixtures.test-helper.ts'
import { toFavicon } from './favicon.ts'

describe('toFavicon', () => {
  it.each([
    [
      'a percent-encoded SVG',
      'data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E',
      { kind: 'inline', type: 'image/svg+xml', text: '<svg/>' },
    ],
    [
      'a base64 PNG',
      `data:image/png;base64,${Buffer.from('PNGDATA').toString('base64')}`,
      { kind: 'inline', type: 'image/png', text: 'PNGDATA' },
    ],
    [
      'an https address',
      'https://cdn.example/icon.png',
      { kind: 'redirect', location: 'https://cdn.example/icon.png' },
    ],
    ['a site path', '/static/icon.png', { kind: 'redirect', location: '/static/icon.png' }],
  ])('takes %s', (_name, value, expected) => {
    const icon = toFavicon(value)
    if (icon?.kind === 'inline')
      expect({ kind: icon.kind, type: icon.type, text: Buffer.from(icon.body).toString('utf8') }).toEqual(expected)
    else expect(icon).toEqual(expected)
  })

  it.each([
    ['nothing', ''],
    ['a protocol-relative address', '//evil.example/x.png'],
    ['a backslash trick', '/\\evil.example/x.png'],
    ['an address with credentials', 'https://user:pass@evil.example/icon.png'],
    ['an address with a disguised host', 'https://cdn.example@evil.example/icon.png'],
    ['javascript:', 'javascript:alert(1)'],
    ['an HTML data URI', 'data:text/html,<script>alert(1)</script>'],
    ['broken percent-encoding', 'data:image/svg+xml,%E0%A4%A'],
    ['an empty data URI', 'data:image/png;base64,'],
  ])('refuses %s', (_name, value) => {
    expect(toFavicon(value)).toBeNull()
  })
})

describe('/favicon.ico', () => {
  let site: TestSite | undefined
  afterEach(async () => {
    await site?.close()
    site = undefined
  })

  it("sends the browser to the site's icon file, without rendering a page", async () => {
    site = await startTestSite()
    const response = await site.request('/favicon.ico', { host: 'land.localhost' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/icon\/4f46e5\/32\/L\.svg$/)
  })

  it("answers a site's inline icon, inert and cacheable, without rendering a page", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"></svg>'
    site = await startTestSite({
      upstream: withPictures(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
    })
    const response = await site.request('/favicon.ico', { host: 'land.localhost' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(response.headers.get('content-security-policy')).toContain('sandbox')
    expect(await response.text()).toMatch(/^<svg[\s\S]*<\/svg>$/)
  })

  it('never redirects to an icon address carrying credentials', async () => {
    site = await startTestSite({ upstream: withPictures(() => 'https://user:pass@evil.example/icon.png') })
    const response = await site.request('/favicon.ico', { host: 'land.localhost' })
    expect(response.status).toBe(404)
    expect(response.headers.get('location')).toBeNull()
  })
})
