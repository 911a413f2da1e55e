import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startTestSite, type TestSite } from '../../../test/harness.ts'
import { ADDRESSED_SITE_SCRIPT, withSiteCode } from '../../../test/site-code.ts'
import { createMetrics } from '../../metrics/metrics.ts'
import { htmlKey } from '../cache-keys.ts'

const TOKEN = 'purge-token-for-tests-0123'

function totalCalls(site: TestSite): number {
  let total = 0
  for (const count of site.upstreamCalls.values()) total += count
  return total
}

/** The page with its per-response CSP nonces blanked, to compare two responses of one page. */
function withoutNonce(html: string): string {
  return html.replace(/ nonce="[^"]*"/g, ' nonce=""')
}

/** GET that waits until the page is stored (or known not to be); `text` has its nonces blanked. */
async function get(site: TestSite, path: string, init: RequestInit & { host?: string } = {}) {
  const response = await site.request(path, init)
  const raw = await response.text()
  await vi.waitFor(() => expect(site.htmlCache?.inFlight).toBe(0))
  return { response, raw, text: withoutNonce(raw) }
}

let site: TestSite | undefined
afterEach(async () => {
  await site?.close()
  site = undefined
})

describe('the HTML cache in the app', () => {
  it('a hit skips routing and loading: no upstream call, the same page', async () => {
    site = await startTestSite({ htmlCache: {} })
    const first = await get(site, '/res/hot', { headers: { cookie: 'lang=zh' } })
    expect(first.response.status).toBe(200)
    const calls = totalCalls(site)
    const second = await get(site, '/res/hot', { headers: { cookie: 'lang=zh' } })
    expect(second.response.status).toBe(200)
    expect(second.text).toBe(first.text)
    expect(totalCalls(site)).toBe(calls)
    expect(site.htmlCache?.size).toBe(1)
  })

  it('ignores query parameters the route does not read, and keys by those it does', async () => {
    site = await startTestSite({ htmlCache: {} })
    const plain = await get(site, '/res/hot')
    const calls = totalCalls(site)
    const tagged = await get(site, '/res/hot?utm_source=mail&cachebuster=123')
    expect(tagged.text).toBe(plain.text)
    expect(totalCalls(site)).toBe(calls)
    const page2 = await get(site, '/res/hot?page=2&utm_source=x')
    expect(totalCalls(site)).toBeGreaterThan(calls)
    expect(page2.text).not.toBe(plain.text)
    // What a loader cannot read cannot reach the page either.
    expect(page2.text).not.toContain('utm_source')
    expect(site.htmlCache?.size).toBe(2)
  })

  it('adds the language cookie per visitor, never to the stored page', async () => {
    site = await startTestSite({ htmlCache: {} })
    const newcomer = await get(site, '/res/hot')
    expect(newcomer.response.headers.get('set-cookie')).toMatch(/^lang=zh;/)
    const calls = totalCalls(site)
    const returning = await get(site, '/res/hot', { headers: { cookie: 'lang=zh' } })
    expect(returning.response.headers.get('set-cookie')).toBeNull()
    const another = await get(site, '/res/hot')
    expect(another.response.headers.get('set-cookie')).toMatch(/^lang=zh;/)
    expect(totalCalls(site)).toBe(calls)
  })

  it('never keeps error pages or redirects', async () => {
    site = await startTestSite({ htmlCache: {} })
    for (let i = 0; i < 2; i++) {
      expect((await get(site, '/d/no-such-resource')).response.status).toBe(404)
      expect((await get(site, '/no/such/thing')).response.status).toBe(404)
      expect((await get(site, '/zh/res/hot')).response.status).toBe(301)
    }
    expect(site.htmlCache?.size).toBe(0)
  })

  it('never keeps a page whose data failed, and renders it again', async () => {
    let failing = true
    site = await startTestSite({
      htmlCache: {},
      upstream: (request, demo) =>
        failing && new URL(request.url).pathname === '/v1/resource/list'
          ? new Response('down', { status: 503 })
          : demo(request),
    })
    expect((await get(site, '/res/hot')).response.status).toBe(500)
    expect(site.htmlCache?.size).toBe(0)
    failing = false
    expect((await get(site, '/res/hot')).response.status).toBe(200)
    expect(site.htmlCache?.size).toBe(1)
  })

  it('coalesces concurrent misses into one render', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let held = 0
    site = await startTestSite({
      htmlCache: {},
      upstream: async (request, demo) => {
        if (new URL(request.url).pathname === '/v1/resource/list') {
          held += 1
          await gate
        }
        return demo(request)
      },
    })
    await get(site, '/res/new') // warms the site config
    const current = site
    const pages = Array.from({ length: 8 }, () =>
      current
        .request('/res/hot', { headers: { cookie: 'lang=zh' } })
        .then(async (response) => withoutNonce(await response.text())),
    )
    await vi.waitFor(() => expect(held).toBeGreaterThanOrEqual(2))
    release()
    const texts = await Promise.all(pages)
    expect(new Set(texts).size).toBe(1)
    // One for /res/new, one for the eight /res/hot requests.
    expect(held).toBe(2)
  })

  it('answers a hit in the stored gzip variant', async () => {
    site = await startTestSite({ htmlCache: {} })
    const identity = await get(site, '/res/hot', { headers: { cookie: 'lang=zh' } })
    expect(site.htmlCache?.size).toBe(1)
    const calls = totalCalls(site)
    const response = await site.request('/res/hot', { headers: { cookie: 'lang=zh', 'accept-encoding': 'gzip' } })
    expect(totalCalls(site)).toBe(calls)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(withoutNonce(gunzipSync(Buffer.from(await response.arrayBuffer())).toString())).toBe(identity.text)
  })

  it('answers every hit of a page without a nonce from the brotli its miss was answered with', async () => {
    site = await startTestSite({ htmlCache: {} })
    const miss = await site.request('/res/hot', { headers: { cookie: 'lang=zh', 'accept-encoding': 'br, gzip' } })
    const body = Buffer.from(await miss.arrayBuffer())
    expect(brotliDecompressSync(body).toString()).not.toContain(' nonce=')
    for (let i = 0; i < 2; i += 1) {
      const hit = await site.request('/res/hot', { headers: { cookie: 'lang=zh', 'accept-encoding': 'br, gzip' } })
      expect(hit.headers.get('content-encoding')).toBe('br')
      expect(Buffer.from(await hit.arrayBuffer()).equals(body)).toBe(true)
    }
  })

  // The pages of the next three carry a nonce on every script (their site's code loads a script by
  // its address): their hits fill a fresh one into the stored page's nonce slots.
  it('answers a miss from the page it keeps: one brotli pass, for the visitor and the cache', async () => {
    site = await startTestSite({ htmlCache: {}, upstream: withSiteCode(ADDRESSED_SITE_SCRIPT) })
    const miss = await site.request('/res/hot', { headers: { cookie: 'lang=zh', 'accept-encoding': 'br, gzip' } })
    // The visitor whose render it is gets the page's one compression, their nonce in it.
    expect(miss.headers.get('content-encoding')).toBe('br')
    const body = Buffer.from(await miss.arrayBuffer())
    const html = brotliDecompressSync(body).toString()
    const policyNonce = /'nonce-([^']+)'/.exec(miss.headers.get('content-security-policy') ?? '')?.[1]
    expect(new Set([...html.matchAll(/ nonce="([^"]*)"/g)].map((match) => match[1]))).toEqual(new Set([policyNonce]))
    const stored = site.htmlCache?.peek(htmlKey('res.localhost', 'zh', 'http://res.localhost', '/res/hot'))
    expect(stored?.body.br?.equals(body)).toBe(true)
    expect(stored?.body.gzip).toBeNull()
    // Its first gzip hit makes the gzip blocks: the same page, with a fresh nonce.
    const hit = await site.request('/res/hot', { headers: { cookie: 'lang=zh', 'accept-encoding': 'br, gzip' } })
    expect(hit.headers.get('content-encoding')).toBe('gzip')
    expect(withoutNonce(gunzipSync(Buffer.from(await hit.arrayBuffer())).toString())).toBe(withoutNonce(html))
    expect(stored?.body.gzip).not.toBeNull()
    expect(stored?.body.br).toBeNull()
  })

  it('answers a miss of a visitor without brotli in gzip, made from the stored page', async () => {
    site = await startTestSite({ htmlCache: {}, upstream: withSiteCode(ADDRESSED_SITE_SCRIPT) })
    const miss = await site.request('/res/hot', { headers: { cookie: 'lang=zh', 'accept-encoding': 'gzip' } })
    expect(miss.headers.get('content-encoding')).toBe('gzip')
    const html = gunzipSync(Buffer.from(await miss.arrayBuffer())).toString()
    const policyNonce = /'nonce-([^']+)'/.exec(miss.headers.get('content-security-policy') ?? '')?.[1]
    expect(new Set([...html.matchAll(/ nonce="([^"]*)"/g)].map((match) => match[1]))).toEqual(new Set([policyNonce]))
    const hit = await get(site, '/res/hot', { headers: { cookie: 'lang=zh' } })
    expect(withoutNonce(html)).toBe(hit.text)
  })

  it('a hit carries a fresh nonce, the one its Content-Security-Policy names', async () => {
    site = await startTestSite({ htmlCache: {}, upstream: withSiteCode(ADDRESSED_SITE_SCRIPT) })
    const first = await get(site, '/res/hot', { headers: { cookie: 'lang=zh' } })
    const calls = totalCalls(site)
    for (const encoding of ['identity', 'gzip']) {
      const response = await site.request('/res/hot', { headers: { cookie: 'lang=zh', 'accept-encoding': encoding } })
      const body = Buffer.from(await response.arrayBuffer())
      const html = (encoding === 'gzip' ? gunzipSync(body) : body).toString()
      const policyNonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
      const nonces = new Set([...html.matchAll(/ nonce="([^"]*)"/g)].map((match) => match[1]))
      expect(policyNonce).toBeTruthy()
      expect([...nonces]).toEqual([policyNonce])
      expect(first.raw).not.toContain(policyNonce)
    }
    expect(totalCalls(site)).toBe(calls)
  })

  it('reports hits, misses and entries to the metrics', async () => {
    const metrics = createMetrics({ processMetrics: false })
    site = await startTestSite({ htmlCache: { metrics: metrics.cache('html') }, app: { metrics } })
    await get(site, '/res/hot')
    await get(site, '/res/hot')
    await get(site, '/res/hot?utm=1')
    const text = await metrics.registry.metrics()
    expect(text).toContain('cache_lookups_total{cache="html",result="miss"} 1')
    expect(text).toContain('cache_lookups_total{cache="html",result="hit"} 2')
    expect(text).toContain('cache_entries{cache="html"} 1')
    // The one stored page's identity and compressed bodies: more than the compressed body alone.
    expect(Number(/^cache_bytes\{cache="html"\} (\d+)/m.exec(text)?.[1])).toBeGreaterThan(10_000)
    // A hit is reported under the page's route name, like the render it replays.
    expect(text).toMatch(/http_requests_total\{route="res-hot",method="GET",status_class="2xx",code="200"\} 3/)
  })

  it('HEAD is answered from a stored page', async () => {
    site = await startTestSite({ htmlCache: {} })
    await get(site, '/res/hot')
    const calls = totalCalls(site)
    const head = await site.request('/res/hot', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    expect(totalCalls(site)).toBe(calls)
  })
})

describe('POST /_internal/purge', () => {
  const purge = (body: unknown, token = TOKEN) =>
    site!.request('/_internal/purge', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('drops one tenant\'s configs, data and pages with "mode": "hard", and leaves the others', async () => {
    site = await startTestSite({ htmlCache: {}, purgeToken: TOKEN })
    await get(site, '/res/hot')
    await get(site, '/res/hot', { host: 'www.res.localhost' })
    await get(site, '/', { host: 'land.localhost' })
    expect(site.htmlCache?.size).toBe(3)
    const answer = await purge({ host: 'RES.localhost', mode: 'hard' })
    expect(answer.status).toBe(200)
    // The site's domain and every alias it names that the upstream maps to it go with it.
    expect(await answer.json()).toEqual({
      purged: { pages: 2, data: expect.any(Number) },
      hosts: ['res.localhost', 'localhost', '127.0.0.1', 'www.res.localhost'],
      shared: 'none',
    })
    expect(site.htmlCache?.size).toBe(1)
    // Counted after the purge, which asked the upstream which site each listed name is.
    const before = totalCalls(site)
    await get(site, '/', { host: 'land.localhost' })
    expect(totalCalls(site)).toBe(before)
    await get(site, '/res/hot')
    expect(site.upstreamCalls.get('/v1/site_page/web_get')).toBeGreaterThan(0)
    expect(totalCalls(site)).toBeGreaterThan(before)
  })

  it('drops everything with {"all": true}', async () => {
    site = await startTestSite({ htmlCache: {}, purgeToken: TOKEN })
    await get(site, '/res/hot')
    const answer = await purge({ all: true, mode: 'hard' })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({
      purged: { pages: 1, data: expect.any(Number) },
      hosts: ['*'],
      shared: 'none',
    })
    expect(site.htmlCache?.size).toBe(0)
    const before = totalCalls(site)
    await get(site, '/res/hot')
    expect(totalCalls(site)).toBeGreaterThan(before)
  })

  it.each([
    ['a wrong token', { host: 'res.localhost' }, 'wrong-token-000000000', 401],
    ['a missing token', { host: 'res.localhost' }, '', 401],
    ['a bad host', { host: 'not a host' }, TOKEN, 400],
    ['an unknown shape', { hosts: ['res.localhost'] }, TOKEN, 400],
    ['an unknown mode', { host: 'res.localhost', mode: 'gentle' }, TOKEN, 400],
    ['a path without a leading slash', { host: 'res.localhost', paths: ['res/hot'] }, TOKEN, 400],
    ['an empty list of paths', { host: 'res.localhost', paths: [] }, TOKEN, 400],
    ['both all and a host', { all: true, host: 'res.localhost' }, TOKEN, 400],
  ])('refuses %s', async (_label, body, token, status) => {
    site = await startTestSite({ htmlCache: {}, purgeToken: TOKEN })
    await get(site, '/res/hot')
    expect((await purge(body, token)).status).toBe(status)
    expect(site.htmlCache?.size).toBe(1)
  })

  it('does not exist without a token configured', async () => {
    site = await startTestSite({ htmlCache: {} })
    expect((await purge({ all: true })).status).toBe(404)
  })
})
