import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'

const canonicalsOf = (html: string) =>
  [...html.matchAll(/<link rel="(?:canonical|alternate)"[^>]*href="([^"]+)"/g)].map((match) => match[1]!)

describe('forwarding headers through the app', () => {
  let plain: TestSite
  let proxied: TestSite
  beforeAll(async () => {
    plain = await startTestSite()
    proxied = await startTestSite({ app: { trustProxy: true } })
  })
  afterAll(() => Promise.all([plain.close(), proxied.close()]))

  const spoof = {
    'x-forwarded-host': 'land.localhost',
    'x-forwarded-proto': 'https',
    forwarded: 'host=evil.com;proto=https',
    cookie: 'lang=zh',
  }

  it('ignores them without TRUST_PROXY: the tenant and every link come from Host', async () => {
    const response = await plain.request('/res/hot', { headers: spoof })
    expect(response.status).toBe(200)
    const links = canonicalsOf(await response.text())
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect(link).toMatch(/^http:\/\/res\.localhost\//)
  })

  it('with TRUST_PROXY takes a configured tenant from them; published addresses still come from the site config', async () => {
    const response = await proxied.request('/', {
      headers: { 'x-forwarded-host': 'land.localhost', 'x-forwarded-proto': 'https', cookie: 'lang=en' },
    })
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toMatch(/<html lang="en"/)
    expect(canonicalsOf(html).length).toBeGreaterThan(0)
    // Canonical and hreflang URLs use the site's canonical_link origin (http://land.localhost), whatever the proxy says.
    for (const link of canonicalsOf(html)) expect(link).toMatch(/^http:\/\/land\.localhost\//)
  })

  it('with TRUST_PROXY still refuses an unknown or malformed forwarded host', async () => {
    expect((await proxied.request('/', { headers: { 'x-forwarded-host': 'evil.example' } })).status).toBe(404)
    expect((await proxied.request('/', { headers: { 'x-forwarded-host': 'evil.example/<script>' } })).status).toBe(400)
  })

  it('redirect targets are paths, never hosts a header named', async () => {
    const response = await proxied.request('/zh/res/hot', {
      headers: { ...spoof, 'x-forwarded-host': 'res.localhost' },
      redirect: 'manual',
    })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/res/hot')
  })
})
