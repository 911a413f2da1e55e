import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'

const canonicalsOf = (html: string) =>
  [...html.matchAll(/<link rel="(?:canonical|alternate)"[^>]*href="([^"]+)"/g)].map((match) => match[1]!)
/** The site's name in the page title: each demo tenant has its own. */
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''
const varyOf = (response: Response) => (response.headers.get('vary') ?? '').toLowerCase()

describe('forwarding headers through the app', () => {
  let plain: TestSite
  let proxied: TestSite
  let rewritten: TestSite
  beforeAll(async () => {
    plain = await startTestSite()
    // HAProxy alone in front (TRUST_PROXY=1).
    proxied = await startTestSite({ app: { trustProxy: 1 } })
    // A proxy that rewrites Host and reports it in X-Forwarded-Host (TRUST_FORWARDED_HOST=1).
    rewritten = await startTestSite({ app: { trustProxy: 1, trustForwardedHost: true } })
  })
  afterAll(() => Promise.all([plain.close(), proxied.close(), rewritten.close()]))

  const spoof = {
    'x-forwarded-host': 'land.localhost',
    'x-forwarded-proto': 'https',
    forwarded: 'host=nav.localhost;proto=https',
    cookie: 'lang=zh',
  }

  it('ignores them without TRUST_PROXY: the tenant and every link come from Host', async () => {
    const response = await plain.request('/res/hot', { headers: spoof })
    expect(response.status).toBe(200)
    const links = canonicalsOf(await response.text())
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect(link).toMatch(/^http:\/\/res\.localhost\//)
  })

  it.each([
    ['X-Forwarded-Host', { 'x-forwarded-host': 'land.localhost' }],
    ['Forwarded host=', { forwarded: 'host=land.localhost' }],
    [
      'X-Forwarded-Host and Forwarded, several values',
      { 'x-forwarded-host': 'nav.localhost, land.localhost', forwarded: 'host=land.localhost' },
    ],
  ])(
    'with TRUST_PROXY the tenant still comes from Host: %s naming another tenant is ignored',
    async (_name, forged) => {
      const own = await (await proxied.request('/', { headers: { cookie: 'lang=en' } })).text()
      const other = await (
        await proxied.request('/', { host: 'land.localhost', headers: { cookie: 'lang=en' } })
      ).text()
      expect(titleOf(own)).not.toBe(titleOf(other))
      const response = await proxied.request('/', { headers: { ...forged, cookie: 'lang=en' } })
      expect(response.status).toBe(200)
      expect(titleOf(await response.text())).toBe(titleOf(own))
      // A forwarded host that is not even valid is not read either.
      const junk = await proxied.request('/', {
        headers: { 'x-forwarded-host': 'evil.example/<script>', cookie: 'lang=en' },
      })
      expect(junk.status).toBe(200)
    },
  )

  it('names no forwarding header in Vary unless a proxy reports the host', async () => {
    for (const site of [plain, proxied]) {
      const response = await site.request('/res/hot', { headers: spoof })
      expect(response.status).toBe(200)
      expect(varyOf(response)).not.toMatch(/forward/)
    }
  })

  it('with TRUST_FORWARDED_HOST takes a configured tenant from the right-most forwarded host, and varies on it', async () => {
    const response = await rewritten.request('/', {
      host: 'internal.lb',
      headers: { 'x-forwarded-host': 'nav.localhost, land.localhost', 'x-forwarded-proto': 'https', cookie: 'lang=en' },
    })
    expect(response.status).toBe(200)
    expect(varyOf(response)).toContain('x-forwarded-host')
    const html = await response.text()
    const land = await (await plain.request('/', { host: 'land.localhost', headers: { cookie: 'lang=en' } })).text()
    expect(titleOf(html)).toBe(titleOf(land))
    // Canonical and hreflang URLs use the site's canonical_link origin (http://land.localhost), whatever the proxy says.
    expect(canonicalsOf(html).length).toBeGreaterThan(0)
    for (const link of canonicalsOf(html)) expect(link).toMatch(/^http:\/\/land\.localhost\//)
    // Errors and redirects vary on it too: their tenant came from it as well.
    const unknown = await rewritten.request('/', {
      host: 'internal.lb',
      headers: { 'x-forwarded-host': 'evil.example' },
    })
    expect(unknown.status).toBe(404)
    expect(varyOf(unknown)).toContain('x-forwarded-host')
  })

  it('with TRUST_FORWARDED_HOST refuses a malformed forwarded host', async () => {
    const response = await rewritten.request('/', { headers: { 'x-forwarded-host': 'evil.example/<script>' } })
    expect(response.status).toBe(400)
  })

  it('redirect targets are paths, never hosts a header named', async () => {
    const response = await rewritten.request('/zh/res/hot', {
      headers: { ...spoof, 'x-forwarded-host': 'res.localhost' },
      redirect: 'manual',
    })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/res/hot')
    expect(varyOf(response)).toContain('x-forwarded-host')
  })
})
