import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { decideHost, type HostFacts } from './host-guard.ts'

const base: HostFacts = { hostHeaders: ['res.localhost'], target: '/', scheme: 'http', trustProxy: false }

describe('decideHost', () => {
  it.each<[string, Partial<HostFacts>, string | null]>([
    ['one plain Host', {}, 'http://res.localhost'],
    ['Host with a port', { hostHeaders: ['Res.LocalHost:3000'] }, 'http://res.localhost:3000'],
    ['no Host', { hostHeaders: [] }, null],
    ['two Host headers', { hostHeaders: ['res.localhost', 'evil.com'] }, null],
    ['a malformed Host', { hostHeaders: ['evil.com/x'] }, null],
    ['a Host with userinfo', { hostHeaders: ['evil.com@res.localhost'] }, null],
    ['absolute form naming another host', { target: 'http://evil.com/' }, null],
    ['absolute form naming the same host', { target: 'http://RES.localhost:80/a' }, 'http://res.localhost'],
    ['absolute form that is not a URL', { target: 'http://[zz/' }, null],
    [
      'untrusted forwarding headers',
      { forwardedHost: 'land.localhost', forwardedProto: 'https', forwarded: 'host=nav.localhost;proto=https' },
      'http://res.localhost',
    ],
    [
      'trusted X-Forwarded-Host and -Proto',
      { trustProxy: true, forwardedHost: 'land.localhost, proxy.internal', forwardedProto: 'https' },
      'https://land.localhost',
    ],
    [
      'trusted Forwarded',
      { trustProxy: true, forwarded: 'for=1.2.3.4;host="nav.localhost";proto=https, for=5.6.7.8' },
      'https://nav.localhost',
    ],
    ['a trusted but malformed forwarded host', { trustProxy: true, forwardedHost: 'evil.com/<x>' }, null],
    ['a trusted proto that is not http(s)', { trustProxy: true, forwardedProto: 'javascript' }, 'http://res.localhost'],
  ])('%s', (_name, facts, origin) => {
    const decision = decideHost({ ...base, ...facts })
    expect(decision.ok ? decision.origin : null).toBe(origin)
  })
})

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
