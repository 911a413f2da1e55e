import type { IncomingMessage } from 'node:http'
import net from 'node:net'
import { gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { captureLog } from '../../test/log-capture.ts'
import { parseResponse, rawConnection, type RawResponse } from '../../test/raw-http.ts'
import { startTestSite, type TestSite, type TestSiteOptions, type Via } from '../../test/harness.ts'
import { ADDRESSED_SITE_SCRIPT, withSiteCode } from '../../test/site-code.ts'
import { createMetrics } from '../metrics/metrics.ts'

const ZH = { cookie: 'lang=zh' }

let site: TestSite | undefined
afterEach(async () => {
  await site?.close()
  site = undefined
})

/** A listening site with the HTML cache on whose `/res/hot` is cached; `getSite` spied from then on. */
async function siteWithCachedPage(options: TestSiteOptions = {}) {
  site = await startTestSite({ htmlCache: {}, listen: true, ...options })
  const first = await send(site, '/res/hot', { headers: ZH })
  expect(first.status).toBe(200)
  await vi.waitFor(() => expect(site!.htmlCache?.size).toBe(1))
  return { site, getSite: vi.spyOn(site.sites, 'getSite') }
}

interface Sent {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/**
 * A request over the site's socket (where hits are answered), with the Host header as given; or,
 * `via: 'app'`, the same request through app.request().
 */
async function send(
  site: TestSite,
  path: string,
  init: { method?: 'GET' | 'HEAD'; headers?: Record<string, string>; via?: Via } = {},
): Promise<Sent> {
  const { host = 'res.localhost', ...headers } = init.headers ?? {}
  const answer = await site.request(path, { method: init.method ?? 'GET', headers, host, via: init.via ?? 'listener' })
  return {
    status: answer.status,
    headers: Object.fromEntries(answer.headers),
    body: Buffer.from(await answer.arrayBuffer()),
  }
}

/** Headers that differ between any two responses of one page: the request id and the nonce. */
function comparable(headers: Record<string, string>): Record<string, string> {
  const record: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'x-request-id' || name === 'date' || name === 'keep-alive' || name === 'connection') continue
    record[name] = value.replace(/'nonce-[^']+'/, "'nonce-N'")
  }
  return record
}

const decoded = (answer: Sent) =>
  (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body).toString('utf8')

describe('page views the HTML cache answers before the app', () => {
  it.each(['listener', 'app'] as const)(
    'answer a cached page in the encoding asked for, with a fresh nonce in body and policy, via %s (the listener without the tenant step)',
    async (via) => {
      // A site whose code needs the nonce (render/document-scripts.ts): its pages carry one everywhere.
      const { site, getSite } = await siteWithCachedPage({ upstream: withSiteCode(ADDRESSED_SITE_SCRIPT) })
      const nonces = new Set<string>()
      // A page with a nonce keeps no brotli (a brotli stream cannot be spliced): br asks get gzip.
      for (const [asked, encoding] of [
        ['br, gzip', 'gzip'],
        ['gzip', 'gzip'],
        ['identity', 'identity'],
      ]) {
        const answer = await send(site, '/res/hot', { headers: { ...ZH, 'accept-encoding': asked! }, via })
        expect(answer.status).toBe(200)
        expect(answer.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding)
        expect(answer.headers['content-length']).toBe(String(answer.body.length))
        const html = decoded(answer)
        const nonce = /'nonce-([^']+)'/.exec(answer.headers['content-security-policy'] ?? '')![1]!
        nonces.add(nonce)
        expect(html).toContain(`nonce="${nonce}"`)
        expect(html).not.toMatch(new RegExp(`nonce="(?!${nonce.replace(/[+/=]/g, '\\$&')}")`))
        expect(answer.headers.vary).toMatch(/Accept-Encoding/)
        expect(answer.headers['x-request-id']).toMatch(/^[\w-]+$/)
        expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN')
        // Its visitor's alone: a shared cache would hand the nonce to everyone.
        expect(answer.headers['cache-control']).toBe('private, max-age=0')
      }
      expect(nonces.size).toBe(3)
      expect(getSite).toHaveBeenCalledTimes(via === 'listener' ? 0 : 3)
    },
  )

  it('never refill a body before its response is written, even when the visitor is slow to read', async () => {
    const metrics = createMetrics({ processMetrics: false })
    const { site } = await siteWithCachedPage({
      htmlCache: { metrics: metrics.cache('html') },
      // Bodies to refill: the pages of a site whose code needs the nonce carry one (render/document-scripts.ts).
      upstream: withSiteCode(ADDRESSED_SITE_SCRIPT),
    })
    const hits = async () =>
      Number(/cache_lookups_total\{cache="html",result="hit"\} (\d+)/.exec(await metrics.registry.metrics())?.[1] ?? 0)
    // A visitor that pipelines requests and reads nothing: their answers queue up in the server.
    const slow = net.connect(Number(new URL(site.url!).port), '127.0.0.1')
    slow.pause()
    const request = 'GET /res/hot HTTP/1.1\r\nHost: res.localhost\r\nCookie: lang=zh\r\nAccept-Encoding: gzip\r\n\r\n'
    slow.write(request.repeat(300))
    await vi.waitFor(async () => expect(await hits()).toBeGreaterThanOrEqual(20))
    // Meanwhile other visitors' hits of the same page are answered (from any body given back).
    for (let i = 0; i < 20; i += 1)
      expect((await send(site, '/res/hot', { headers: { ...ZH, 'accept-encoding': 'gzip' } })).status).toBe(200)
    const chunks: Buffer[] = []
    slow.on('data', (chunk: Buffer) => chunks.push(chunk))
    slow.resume()
    const answers: RawResponse[] = []
    await vi.waitFor(
      () => {
        let buffer = Buffer.concat(chunks.splice(0))
        for (let parsed = parseResponse(buffer); parsed !== null; parsed = parseResponse(buffer)) {
          answers.push(parsed.response)
          buffer = buffer.subarray(parsed.consumed)
        }
        if (buffer.length > 0) chunks.unshift(buffer)
        expect(answers).toHaveLength(300)
      },
      { timeout: 10_000 },
    )
    slow.destroy()
    const nonces = new Set<string>()
    for (const answer of answers) {
      const nonce = /'nonce-([^']+)'/.exec(answer.headers['content-security-policy'] ?? '')![1]!
      nonces.add(nonce)
      const html = gunzipSync(answer.body).toString('utf8')
      expect(html.match(/ nonce="[^"]*"/g)!.every((attribute) => attribute === ` nonce="${nonce}"`)).toBe(true)
    }
    expect(nonces.size).toBe(300)
  })
})

describe('page views the HTML cache answers before the app, as the app would', () => {
  it('answer exactly as the app answers a hit', async () => {
    let clock = Date.now()
    const { site, getSite } = await siteWithCachedPage({ repository: { now: () => clock } })
    const early = await send(site, '/res/hot', { headers: { ...ZH, 'accept-encoding': 'gzip' } })
    expect(getSite).not.toHaveBeenCalled()
    // A site config older than its TTL is not used before the app: the app serves it stale (and
    // refreshes it) and answers the same hit from the HTML cache.
    clock += 61_000
    const throughApp = await send(site, '/res/hot', { headers: { ...ZH, 'accept-encoding': 'gzip' } })
    expect(getSite).toHaveBeenCalled()
    expect(comparable(early.headers)).toEqual(comparable(throughApp.headers))
    const html = (answer: Sent) => decoded(answer).replace(/ nonce="[^"]*"/g, '')
    expect(html(early)).toBe(html(throughApp))
  })

  it.each(['listener', 'app'] as const)(
    'echo a plain incoming request id, log one access line and count the request and the hit, via %s',
    async (via) => {
      const capture = captureLog('info')
      const metrics = createMetrics({ processMetrics: false })
      const { site, getSite } = await siteWithCachedPage({
        log: capture.log,
        app: { metrics, log: capture.log },
        htmlCache: { metrics: metrics.cache('html') },
      })
      const answer = await send(site, '/res/hot', { headers: { ...ZH, 'x-request-id': 'hit-trace-1' }, via })
      expect(answer.headers['x-request-id']).toBe('hit-trace-1')
      const replaced = await send(site, '/res/hot', { headers: { ...ZH, 'x-request-id': 'bad id\twith tab' }, via })
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
      expect(getSite).toHaveBeenCalledTimes(via === 'listener' ? 0 : 2)
      await vi.waitFor(() =>
        expect(capture.lines.find((line) => line.requestId === 'hit-trace-1' && line.msg === 'request')).toMatchObject({
          method: 'GET',
          route: 'res-hot',
          path: '/res/hot',
          status: 200,
        }),
      )
      await vi.waitFor(async () => {
        const text = await metrics.registry.metrics()
        expect(text).toMatch(/http_requests_total\{route="res-hot",method="GET",status_class="2xx",code="200"\} 3/)
        expect(text).toMatch(/cache_lookups_total\{cache="html",result="hit"\} 2/)
        expect(text).toMatch(/http_requests_in_flight 0/)
      })
    },
  )

  it.each([
    ['HEAD', { method: 'HEAD', headers: ZH }],
    ['a visitor whose language cookie is set by the answer', { headers: {} }],
    ['a redirect (language prefix of the default language)', { headers: ZH }, '/zh/res/hot'],
    ['another page', { headers: ZH }, '/res/new'],
  ] as [string, { method?: 'GET' | 'HEAD'; headers: Record<string, string> }, string?][])(
    'leave %s to the app',
    async (_name, init, path = '/res/hot') => {
      const { site, getSite } = await siteWithCachedPage()
      const answer = await send(site, path, init)
      expect(getSite).toHaveBeenCalled()
      if (path === '/res/hot' && init.method !== 'HEAD') expect(answer.headers['set-cookie']).toMatch(/^lang=zh;/)
      if (path === '/zh/res/hot') expect(answer.status).toBe(301)
    },
  )

  it.each(['/res/./hot', "/res/hot?x='", '/res/hot#top'])(
    'leave the target %s, which URL parsing rewrites, to the app',
    async (target) => {
      const { site, getSite } = await siteWithCachedPage()
      const connection = await rawConnection(Number(new URL(site.url!).port))
      const answer = await connection.get(target, ZH)
      connection.destroy()
      expect(answer.status).toBe(200)
      expect(answer.body.toString('utf8')).toContain('</html>')
      expect(getSite).toHaveBeenCalled()
    },
  )
})

describe('page views the HTML cache answers before the app: hosts, proxies, purges and faults', () => {
  it('leave refused hosts to the host guard, even for a cached page', async () => {
    const { site, getSite } = await siteWithCachedPage()
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
    const forwarded = await send(site, '/res/hot', { headers: { ...ZH, 'x-forwarded-host': 'land.localhost' } })
    expect(forwarded.status).toBe(200)
    expect(getSite).not.toHaveBeenCalled()
  })

  it('behind a trusted proxy, answer the cached page of Host whatever X-Forwarded-Host says', async () => {
    const { site, getSite } = await siteWithCachedPage({ app: { trustProxy: 1 } })
    const cached = await send(site, '/res/hot', { headers: ZH })
    const forged = await send(site, '/res/hot', { headers: { ...ZH, 'x-forwarded-host': 'land.localhost' } })
    expect(forged.status).toBe(200)
    const title = (sent: Sent) => /<title>[^<]*<\/title>/.exec(decoded(sent))?.[0]
    expect(title(forged)).toBe(title(cached))
    expect(forged.headers.vary).not.toMatch(/forward/i)
    expect(getSite).not.toHaveBeenCalled()
  })

  it('take the tenant from the forwarded host of a proxy that rewrites Host, as the host guard does, and vary on it', async () => {
    const { site, getSite } = await siteWithCachedPage({ app: { trustProxy: 1, trustForwardedHost: true } })
    const forwarded = await send(site, '/res/hot', {
      headers: { ...ZH, host: 'internal.lb', 'x-forwarded-host': 'res.localhost' },
    })
    expect(forwarded.status).toBe(200)
    expect(forwarded.headers.vary).toMatch(/, X-Forwarded-Host$/)
    expect(getSite).not.toHaveBeenCalled()
    const notModified = await send(site, '/res/hot', {
      headers: {
        ...ZH,
        host: 'internal.lb',
        'x-forwarded-host': 'res.localhost',
        'if-none-match': forwarded.headers.etag ?? '',
      },
    })
    expect(notModified.status).toBe(304)
    expect(notModified.headers.vary).toMatch(/X-Forwarded-Host/)
    const https = await send(site, '/res/hot', { headers: { ...ZH, 'x-forwarded-proto': 'https' } })
    // Another origin is another page (its canonical links differ): the app renders it.
    expect(https.status).toBe(200)
    expect(getSite).toHaveBeenCalled()
  })

  it('follow a purge at once', async () => {
    const { site, getSite } = await siteWithCachedPage()
    await site.purger.purge({ host: 'res.localhost', mode: 'hard' })
    const answer = await send(site, '/res/hot', { headers: ZH })
    expect(answer.status).toBe(200)
    expect(getSite).toHaveBeenCalled()
  })

  it('leave the request to the app when writing the hit fails before a byte is out, and log why', async () => {
    const capture = captureLog('error')
    const { site, getSite } = await siteWithCachedPage({ log: capture.log, app: { log: capture.log } })
    // Read once the hit is decided, when its answer is made: the fault falls in the write (once:
    // the app's answer reads it too).
    vi.spyOn(site.htmlCache!, 'freshMs', 'get').mockImplementationOnce(() => {
      throw new Error('answer broke')
    })
    const answer = await send(site, '/res/hot', { headers: ZH })
    expect(answer.status).toBe(200)
    expect(decoded(answer)).toContain('</html>')
    // The app answered it: through the tenant step.
    expect(getSite).toHaveBeenCalled()
    expect(capture.lines.find((line) => line.msg === 'cache hit failed; left to the app')).toMatchObject({
      err: { message: 'answer broke' },
    })
  })

  it('finish the record of a hit whose visitor left before it was written: its access line, and nothing left in flight', async () => {
    const capture = captureLog('info')
    const metrics = createMetrics({ processMetrics: false })
    const { site } = await siteWithCachedPage({ log: capture.log, app: { log: capture.log, metrics } })
    const inFlight = async () =>
      Number(/^http_requests_in_flight (\d+)/m.exec(await metrics.registry.metrics())?.[1] ?? Number.NaN)
    const hitLines = () => capture.lines.filter((line) => line.msg === 'request' && line.cache === 'hit').length
    const before = hitLines()
    // Heard after the hit writer has decided (and before it writes, at the end of the turn): the
    // connection is gone by then, as when a visitor resets it right after asking.
    site.server!.on('request', (request: IncomingMessage) => request.socket.destroy())
    const asked = net.connect(Number(new URL(site.url!).port), '127.0.0.1')
    asked.on('error', () => {})
    asked.write('GET /res/hot HTTP/1.1\r\nHost: res.localhost\r\nCookie: lang=zh\r\nAccept-Encoding: gzip\r\n\r\n')
    await new Promise((resolve) => asked.once('close', resolve))
    await vi.waitFor(() => expect(hitLines() - before).toBe(1))
    await vi.waitFor(async () => expect(await inFlight()).toBe(0))
  })

  it('leave the request to the app when answering it fails, and log why', async () => {
    const capture = captureLog('error')
    const { site } = await siteWithCachedPage({ log: capture.log, app: { log: capture.log } })
    vi.spyOn(site.sites, 'peekSite').mockImplementation(() => {
      throw new Error('peek broke')
    })
    const answer = await send(site, '/res/hot', { headers: ZH })
    expect(answer.status).toBe(200)
    expect(decoded(answer)).toContain('</html>')
    expect(capture.lines.find((line) => line.msg === 'cache hit failed; left to the app')).toMatchObject({
      err: { message: 'peek broke' },
    })
  })
})
