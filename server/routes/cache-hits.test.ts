import { gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { captureLog } from '../../test/log-capture.ts'
import { rawConnection } from '../../test/raw-http.ts'
import { startTestSite, type TestSite, type TestSiteOptions } from '../../test/harness.ts'
import { createMetrics } from '../metrics/metrics.ts'

const ZH = { cookie: 'lang=zh' }

let site: TestSite | undefined
afterEach(async () => {
  await site?.close()
  site = undefined
})

/** A site with the HTML cache on whose `/res/hot` is cached; `getSite` spied from then on. */
async function siteWithCachedPage(options: TestSiteOptions = {}) {
  site = await startTestSite({ htmlCache: {}, ...options })
  const first = await site.request('/res/hot', { headers: ZH })
  expect(first.status).toBe(200)
  await first.text()
  await vi.waitFor(() => expect(site!.htmlCache?.size).toBe(1))
  return { site, getSite: vi.spyOn(site.sites, 'getSite') }
}

/** Headers that differ between any two responses of one page: the request id and the nonce. */
function comparable(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {}
  headers.forEach((value, name) => {
    if (name === 'x-request-id' || name === 'date') return
    record[name] = value.replace(/'nonce-[^']+'/, "'nonce-N'")
  })
  return record
}

describe('page views the HTML cache answers ahead of the middleware chain', () => {
  it('answer a cached page without the tenant step, in the encoding asked for, with a fresh nonce in body and policy', async () => {
    const { site, getSite } = await siteWithCachedPage()
    const nonces = new Set<string>()
    // A page with a nonce keeps no brotli (a brotli stream cannot be spliced): br asks get gzip.
    for (const [asked, encoding] of [['br, gzip', 'gzip'], ['gzip', 'gzip'], ['identity', 'identity']]) {
      const answer = await site.request('/res/hot', { headers: { ...ZH, 'accept-encoding': asked! } })
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding)
      const bytes = Buffer.from(await answer.arrayBuffer())
      expect(answer.headers.get('content-length')).toBe(String(bytes.length))
      // app.request() leaves the body as sent: decode it the way a browser would.
      const html = (encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8')
      const nonce = /'nonce-([^']+)'/.exec(answer.headers.get('content-security-policy') ?? '')![1]!
      nonces.add(nonce)
      expect(html).toContain(`nonce="${nonce}"`)
      expect(html).not.toMatch(new RegExp(`nonce="(?!${nonce.replace(/[+/=]/g, '\\$&')}")`))
      expect(answer.headers.get('vary')).toMatch(/Accept-Encoding/)
      expect(answer.headers.get('x-request-id')).toMatch(/^[\w-]+$/)
      expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN')
      expect(answer.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=/)
    }
    expect(nonces.size).toBe(3)
    expect(getSite).not.toHaveBeenCalled()
  })

  it('answer exactly as the chain answers a hit', async () => {
    let clock = Date.now()
    const { site, getSite } = await siteWithCachedPage({ repository: { now: () => clock } })
    const early = await site.request('/res/hot', { headers: { ...ZH, 'accept-encoding': 'gzip' } })
    expect(getSite).not.toHaveBeenCalled()
    // A site config older than its TTL is not used ahead of the chain: the chain serves it stale
    // (and refreshes it) and answers the same hit from the HTML cache.
    clock += 61_000
    const throughChain = await site.request('/res/hot', { headers: { ...ZH, 'accept-encoding': 'gzip' } })
    expect(getSite).toHaveBeenCalled()
    expect(comparable(early.headers)).toEqual(comparable(throughChain.headers))
    const html = async (answer: Response) => gunzipSync(Buffer.from(await answer.arrayBuffer())).toString('utf8').replace(/ nonce="[^"]*"/g, '')
    expect(await html(early)).toBe(await html(throughChain))
  })

  it('echo a plain incoming request id, log one access line and count the request and the hit', async () => {
    const capture = captureLog('info')
    const metrics = createMetrics({ processMetrics: false })
    const { site, getSite } = await siteWithCachedPage({ log: capture.log, app: { metrics, log: capture.log }, htmlCache: { metrics: metrics.cache('html') } })
    const answer = await site.request('/res/hot', { headers: { ...ZH, 'x-request-id': 'hit-trace-1' } })
    expect(answer.headers.get('x-request-id')).toBe('hit-trace-1')
    expect(getSite).not.toHaveBeenCalled()
    expect(capture.lines.find((line) => line.requestId === 'hit-trace-1' && line.msg === 'request')).toMatchObject({ method: 'GET', route: 'res-hot', path: '/res/hot', status: 200 })
    const text = await metrics.registry.metrics()
    expect(text).toMatch(/http_requests_total\{route="res-hot",method="GET",status_class="2xx"\} 2/)
    expect(text).toMatch(/cache_lookups_total\{cache="html",result="hit"\} 1/)
    expect(text).toMatch(/http_requests_in_flight 0/)
  })

  it.each([
    ['HEAD', { method: 'HEAD', headers: ZH }],
    ['a visitor whose language cookie is set by the answer', { headers: {} }],
    ['a redirect (language prefix of the default language)', { headers: ZH }, '/zh/res/hot'],
    ['another page', { headers: ZH }, '/res/new'],
  ] as [string, RequestInit, string?][])('leave %s to the chain', async (_name, init, path = '/res/hot') => {
    const { site, getSite } = await siteWithCachedPage()
    const answer = await site.request(path, init)
    expect(getSite).toHaveBeenCalled()
    if (path === '/res/hot' && init.method !== 'HEAD') expect(answer.headers.get('set-cookie')).toMatch(/^lang=zh;/)
    if (path === '/zh/res/hot') expect(answer.status).toBe(301)
  })

  it('leave refused hosts to the host guard, even for a cached page', async () => {
    const { site, getSite } = await siteWithCachedPage({ listen: true })
    const connection = await rawConnection(Number(new URL(site.url!).port))
    connection.write('GET /res/hot HTTP/1.1\r\nHost: res.localhost\r\nHost: land.localhost\r\nCookie: lang=zh\r\n\r\n')
    expect((await connection.next()).status).toBe(400)
    connection.destroy()
    const other = await rawConnection(Number(new URL(site.url!).port))
    other.write('GET http://land.localhost/res/hot HTTP/1.1\r\nHost: res.localhost\r\nCookie: lang=zh\r\n\r\n')
    expect((await other.next()).status).toBe(400)
    other.destroy()
    expect(getSite).not.toHaveBeenCalled()
    // A forwarded host is ignored without TRUST_PROXY: the cached page of the Host is answered.
    const forwarded = await site.request('/res/hot', { headers: { ...ZH, 'x-forwarded-host': 'land.localhost' } })
    expect(forwarded.status).toBe(200)
    expect(getSite).not.toHaveBeenCalled()
  })

  it('follow a purge at once', async () => {
    const { site, getSite } = await siteWithCachedPage()
    site.purger.purge('res.localhost')
    const answer = await site.request('/res/hot', { headers: ZH })
    expect(answer.status).toBe(200)
    expect(getSite).toHaveBeenCalled()
  })
})
