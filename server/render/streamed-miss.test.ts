import http from 'node:http'
import zlib from 'node:zlib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createGate, type Gate } from '../../test/gate.ts'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { createMetrics, type Metrics } from '../metrics/metrics.ts'

const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const PENDING = /<!--\$\?-->|<template id="B:|<div hidden id="S:|\$RC\(/

/** The first chunk of a GET over a socket, decoded as far as it goes, and the whole body decoded. */
function firstChunkAndBody(
  url: string,
  headers: Record<string, string>,
  gate: Gate,
): Promise<{ first: string; gateOpenAtFirst: boolean; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const coding = response.headers['content-encoding']
        const chunks: Buffer[] = []
        let first: string | null = null
        let gateOpenAtFirst = false
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          if (first !== null) return
          gateOpenAtFirst = gate.isOpen
          first = decodePartial(chunk, coding)
          gate.open()
        })
        response.on('end', () =>
          resolve({ first: first ?? '', gateOpenAtFirst, body: decodeWhole(Buffer.concat(chunks), coding) }),
        )
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

function decodePartial(chunk: Buffer, coding: string | undefined): string {
  if (coding === 'br')
    return zlib.brotliDecompressSync(chunk, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }).toString('utf8')
  if (coding === 'gzip') return zlib.gunzipSync(chunk, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('utf8')
  return chunk.toString('utf8')
}

function decodeWhole(body: Buffer, coding: string | undefined): string {
  if (coding === 'br') return zlib.brotliDecompressSync(body).toString('utf8')
  if (coding === 'gzip') return zlib.gunzipSync(body).toString('utf8')
  return body.toString('utf8')
}

function asideOf(html: string): string {
  return /<aside class="res-aside"[^>]*>.*?<\/aside>/s.exec(html)?.[0] ?? ''
}

/** The document up to its hydration data, without its nonces (each render has its own). */
function beforeData(html: string): string {
  return html.split('<script id="__hydration"')[0]!.replace(/ nonce="[^"]*"/g, '')
}

describe('a cacheable miss streams its shell; the HTML cache keeps the complete page', () => {
  let sites: TestSite[] = []
  let gate: Gate = createGate()
  /**
   * The demo API of the first site that called its own, and the address it was called at: its data's
   * timestamps are those of its start, and its media addresses name the origin it is called at.
   */
  let firstApi: { demo: (request: Request) => Promise<Response>; origin: string } | undefined
  afterEach(async () => {
    gate.open()
    await Promise.all(sites.map((site) => site.close()))
    sites = []
    firstApi = undefined
  })

  /** `sameApi`: answer from the first site's demo API, so both sites render the same data. */
  async function start(
    options: { renderTimeoutMs?: number; htmlCache?: boolean; metrics?: Metrics; sameApi?: boolean } = {},
  ) {
    const site = await startTestSite({
      listen: true,
      ...(options.htmlCache === false ? {} : { htmlCache: {} }),
      ...(options.renderTimeoutMs ? { renderTimeoutMs: options.renderTimeoutMs } : {}),
      // The held aside call waits for the test, not for the client's deadline (2 s in tests).
      upstreamClient: { timeoutMs: 30_000 },
      ...(options.metrics ? { app: { metrics: options.metrics } } : {}),
      upstream: async (request, demo) => {
        const url = new URL(request.url)
        if (url.pathname === '/v1/resource/aside') await gate.passed()
        if (!options.sameApi) {
          firstApi ??= { demo, origin: url.origin }
          return demo(request)
        }
        if (firstApi === undefined) throw new Error('sameApi needs a site that called its own demo API first')
        const body = request.body === null ? null : await request.arrayBuffer()
        const { method, headers } = request
        return firstApi.demo(new Request(firstApi.origin + url.pathname + url.search, { method, headers, body }))
      },
    })
    sites.push(site)
    return site
  }

  it.each([['identity'], ['br'], ['gzip']])(
    'answers the shell before the deferred aside (%s), then keeps and serves the complete page',
    async (coding) => {
      const metrics = createMetrics({ processMetrics: false })
      const started = await start({ metrics })
      gate = createGate()
      const headers = { host: 'res.localhost', cookie: 'lang=zh', 'user-agent': BROWSER, 'accept-encoding': coding }
      const miss = await firstChunkAndBody(`${started.url}/res/hot`, headers, gate)
      expect(miss.gateOpenAtFirst).toBe(false)
      expect(miss.first).toContain('<div id="root">')
      expect(miss.first).toMatch(/<main/)
      expect(miss.first).toContain('res-aside__loading')
      expect(miss.first).not.toContain('</html>')
      // The visitor's own answer streamed the aside in later.
      expect(miss.body).toMatch(PENDING)
      expect(miss.body).toMatch(/<\/html>$/)
      await vi.waitFor(() => expect(started.htmlCache?.size).toBe(1))
      await vi.waitFor(() => expect(started.htmlCache?.inFlight).toBe(0))
      // Kept without a second upstream round trip (see also the crawler's test below).
      expect(started.upstreamCalls.get('/v1/resource/aside')).toBe(1)
      // The stored copy was spliced from what streamed, not rendered again.
      const counted = await metrics.registry.metrics()
      expect(counted).toContain('streamed_copies_total{made="splice"} 1')
      expect(counted).not.toContain('streamed_copies_total{made="render"}')
      // The next visitor gets the stored copy: complete, the aside in place, before the app and in it.
      const early = await firstChunkAndBody(`${started.url}/res/hot`, headers, createGate())
      const late = await (
        await started.request('/res/hot', { headers: { cookie: 'lang=zh', 'user-agent': BROWSER } })
      ).text()
      for (const html of [early.body, late]) {
        expect(html).not.toMatch(PENDING)
        expect(asideOf(html)).toMatch(/^<aside class="res-aside"[^>]*><!--\$--><section class="res-aside__block/)
      }
    },
  )

  it("keeps, up to its hydration data, the bytes of a crawler's own complete render", async () => {
    const visited = await start()
    // A crawler's own render: another instance, the HTML cache off, so nothing is answered from a copy.
    const crawled = await start({ htmlCache: false, sameApi: true })
    gate = createGate()
    const headers = { host: 'res.localhost', cookie: 'lang=zh', 'user-agent': BROWSER }
    const miss = await firstChunkAndBody(`${visited.url}/res/hot`, headers, gate)
    expect(miss.gateOpenAtFirst).toBe(false)
    expect(miss.body).toMatch(PENDING)
    await vi.waitFor(() => expect(visited.htmlCache?.size).toBe(1))
    await vi.waitFor(() => expect(visited.htmlCache?.inFlight).toBe(0))
    const stored = await (
      await visited.request('/res/hot', { headers: { cookie: 'lang=zh', 'user-agent': BROWSER } })
    ).text()
    const crawler = await (
      await crawled.request('/res/hot', { headers: { cookie: 'lang=zh', 'user-agent': CRAWLER } })
    ).text()
    // The stored copy cost the upstream no more than the crawler's render: each API path as often.
    expect(Object.fromEntries(visited.upstreamCalls)).toEqual(Object.fromEntries(crawled.upstreamCalls))
    expect(visited.upstreamCalls.get('/v1/resource/aside')).toBe(1)
    expect(crawler).not.toMatch(PENDING)
    expect(asideOf(crawler)).toMatch(/^<aside class="res-aside"[^>]*><!--\$--><section class="res-aside__block/)
    expect(beforeData(stored)).toBe(beforeData(crawler))
  })

  it('gives a crawler the complete page on a miss and on a hit', async () => {
    const started = await start()
    gate = createGate()
    const asked = started.request('/res/hot', { headers: { cookie: 'lang=zh', 'user-agent': CRAWLER } })
    await vi.waitFor(() => expect(started.upstreamCalls.get('/v1/resource/aside')).toBeGreaterThan(0))
    gate.open()
    const miss = await (await asked).text()
    expect(miss).not.toMatch(PENDING)
    expect(asideOf(miss)).toContain('<!--$--><section class="res-aside__block')
    await vi.waitFor(() => expect(started.htmlCache?.size).toBe(1))
    const hit = await firstChunkAndBody(
      `${started.url}/res/hot`,
      { host: 'res.localhost', cookie: 'lang=zh', 'user-agent': CRAWLER },
      createGate(),
    )
    expect(hit.body).not.toMatch(PENDING)
    expect(asideOf(hit.body)).toContain('<!--$--><section class="res-aside__block')
  })

  it('never keeps a streamed miss cut short by the render timeout', async () => {
    const started = await start({ renderTimeoutMs: 300 })
    gate = createGate()
    const headers = { host: 'res.localhost', cookie: 'lang=zh', 'user-agent': BROWSER }
    // The gate stays shut for this request: only the timeout ends the page.
    const miss = await new Promise<string>((resolve, reject) =>
      http
        .get(`${started.url}/res/hot`, { headers }, (response) => {
          let body = ''
          response.setEncoding('utf8')
          response.on('data', (text: string) => (body += text))
          response.on('end', () => resolve(body))
        })
        .on('error', reject),
    )
    expect(miss).toContain('<div id="root">')
    expect(gate.isOpen).toBe(false)
    await vi.waitFor(() => expect(started.htmlCache?.inFlight).toBe(0))
    expect(started.htmlCache?.size).toBe(0)
  })
})
