import { readFileSync, readdirSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import { Hono } from 'hono'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { distDir, startTestSite, type TestSite } from '../../test/harness.ts'
import { streamedResponse, wholeBodyResponse } from '../http/whole-body.ts'
import { negotiateEncoding } from '../http/content-coding.ts'
import { compression } from './compression.ts'

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['deflate', null],
  ])('%j → %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected)
  })
})

const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""')

describe('whole bodies', () => {
  const page = `<p>${'a page worth compressing '.repeat(400)}</p>`
  const appWith = (syncMaxBytes: number) => {
    const app = new Hono()
    app.use(compression({ syncMaxBytes }))
    // A whole body, as the renderer answers when nothing suspends.
    app.get(
      '/',
      () =>
        new Response(page, {
          headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': String(Buffer.byteLength(page)) },
        }),
    )
    return app
  }

  it.each([
    ['br', 'brotliCompressSync', (body: Buffer) => zlib.brotliDecompressSync(body)],
    ['gzip', 'gzipSync', (body: Buffer) => zlib.gunzipSync(body)],
  ] as const)(
    'are compressed (%s) on the event loop up to the limit, without thread-pool hand-offs',
    async (encoding, sync, decode) => {
      const spy = vi.spyOn(zlib, sync)
      onTestFinished(() => spy.mockRestore())
      const response = await appWith(1_048_576).request('/', { headers: { 'accept-encoding': encoding } })
      expect(response.headers.get('content-encoding')).toBe(encoding)
      const body = Buffer.from(await response.arrayBuffer())
      expect(Number(response.headers.get('content-length'))).toBe(body.byteLength)
      expect(decode(body).toString()).toBe(page)
      expect(spy).toHaveBeenCalledTimes(1)
    },
  )

  it('above the limit go to the thread pool, with the same bytes out', async () => {
    const spy = vi.spyOn(zlib, 'brotliCompressSync')
    onTestFinished(() => spy.mockRestore())
    const response = await appWith(1024).request('/', { headers: { 'accept-encoding': 'br' } })
    expect(zlib.brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(page)
    expect(spy).not.toHaveBeenCalled()
  })
})

describe('a page rendered in one piece', () => {
  it('is compressed from its bytes in memory, never read back through its body stream', async () => {
    const page = `<!DOCTYPE html><p>${'words '.repeat(400)}`
    const app = new Hono()
    app.use(compression())
    app.get('/', () => {
      const response = wholeBodyResponse(new TextEncoder().encode(page), {
        status: 200,
        headers: new Headers({ 'content-type': 'text/html; charset=utf-8' }),
      })
      Object.defineProperty(response, 'body', { get: () => expect.fail('the body stream was read') })
      return response
    })
    const response = await app.request('/', { headers: { 'accept-encoding': 'gzip' } })
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(zlib.gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(page)
  })
})

describe('compressed responses', () => {
  let site: TestSite | undefined
  afterEach(async () => {
    await site?.close()
    site = undefined
  })

  it('compresses pages and payloads with br or gzip as negotiated, always with Vary: Accept-Encoding', async () => {
    site = await startTestSite()
    const plain = await site.request('/res/hot')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toContain('Accept-Encoding')
    const html = withoutNonce(await plain.text())

    const br = await site.request('/res/hot', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toContain('Accept-Encoding')
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(withoutNonce(zlib.brotliDecompressSync(brBytes).toString())).toBe(html)
    expect(brBytes.length).toBeLessThan(Buffer.byteLength(html) / 2)

    const gz = await site.request('/res/hot/_payload.json', { headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    const payload = JSON.parse(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()) as { status: number }
    expect(payload.status).toBe(200)

    const head = await site.request('/res/hot', { method: 'HEAD', headers: { 'accept-encoding': 'br' } })
    expect(head.headers.get('content-encoding')).toBeNull()
    expect(head.headers.get('vary')).toContain('Accept-Encoding')
  })

  it('serves the precompressed asset files by negotiation, never compressing them again', async () => {
    site = await startTestSite()
    const folder = path.join(distDir(), 'client', 'assets')
    const name = readdirSync(folder).find(
      (file) => file.endsWith('.js') && readFileSync(path.join(folder, file)).length > 2000,
    )!
    expect(readdirSync(folder)).toEqual(expect.arrayContaining([`${name}.br`, `${name}.gz`]))
    for (const [accept, encoding, suffix] of [
      ['br, gzip', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
      ['identity', null, ''],
    ] as const) {
      const response = await site.request(`/assets/${name}`, { headers: { 'accept-encoding': accept } })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-encoding')).toBe(encoding)
      expect(response.headers.get('vary')).toContain('Accept-Encoding')
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(path.join(folder, name + suffix)))).toBe(
        true,
      )
    }
  })

  it('still streams: the compressed shell reaches the browser before slow data', async () => {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    site = await startTestSite({
      listen: true,
      upstream: async (request, demo) => {
        if (new URL(request.url).pathname === '/v1/resource/aside') await released
        return demo(request)
      },
    })
    const url = `${site.url}/s?query=linux`
    const text = await new Promise<string>((resolve, reject) => {
      http
        .get(url, { headers: { host: 'res.localhost', 'accept-encoding': 'br' } }, (response) => {
          expect(response.headers['content-encoding']).toBe('br')
          expect(response.headers['content-length']).toBeUndefined()
          const decoder = zlib.createBrotliDecompress()
          let seen = ''
          decoder.on('data', (chunk: Buffer) => {
            const before = seen
            seen += chunk.toString()
            // The shell with the search results arrived while the aside is still held back upstream.
            if (!before.includes('<div id="root">') && seen.includes('<div id="root">')) {
              expect(seen).toMatch(/linux/i)
              expect(seen).not.toContain('</html>')
              release()
            }
          })
          decoder.on('end', () => resolve(seen))
          decoder.on('error', reject)
          response.pipe(decoder)
        })
        .on('error', reject)
    })
    expect(text).toContain('<div id="root">')
    expect(text.endsWith('</html>')).toBe(true)
  })
})

describe('bodies a handler wrote whole without a length', () => {
  const appOf = (body: string) => {
    const app = new Hono()
    app.use(compression())
    app.get('/', (c) => c.body(body, 200, { 'content-type': 'application/json' }))
    return app
  }

  it('are compressed in one piece, with a Content-Length, never through a compression stream', async () => {
    const json = JSON.stringify({ rows: Array.from({ length: 300 }, (_, i) => ({ id: i, title: `Resource ${i}` })) })
    const whole = vi.spyOn(zlib, 'brotliCompressSync')
    const stream = vi.spyOn(zlib, 'createBrotliCompress')
    onTestFinished(() => {
      whole.mockRestore()
      stream.mockRestore()
    })
    const response = await appOf(json).request('/', { headers: { 'accept-encoding': 'br' } })
    expect(response.headers.get('content-encoding')).toBe('br')
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(response.headers.get('content-length')).toBe(String(bytes.length))
    expect(zlib.brotliDecompressSync(bytes).toString()).toBe(json)
    expect(whole).toHaveBeenCalledTimes(1)
    expect(stream).not.toHaveBeenCalled()
  })

  it('are sent as they are, with their length, when too short to be worth compressing', async () => {
    const response = await appOf('{"status":"ok"}').request('/', { headers: { 'accept-encoding': 'br' } })
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('content-length')).toBe('15')
    expect(await response.text()).toBe('{"status":"ok"}')
  })
})

describe('a visitor who leaves mid-stream', () => {
  it.each(['cancelled by the visitor', 'cut short by the renderer'])(
    'stops compressing without an uncaught error when the body is %s while output is pending',
    async (how) => {
      const uncaught: unknown[] = []
      const onUncaught = (error: unknown) => uncaught.push(error)
      process.on('uncaughtException', onUncaught)
      onTestFinished(() => {
        process.off('uncaughtException', onUncaught)
      })
      let source!: ReadableStreamDefaultController<Uint8Array>
      const app = new Hono()
      app.use(compression())
      app.get('/', () =>
        streamedResponse(
          new ReadableStream<Uint8Array>({
            start: (controller) => {
              source = controller
            },
          }),
          {
            headers: { 'content-type': 'text/html' },
          },
        ),
      )
      const response = await app.request('/', { headers: { 'accept-encoding': 'gzip' } })
      const reader = response.body!.getReader()
      const text = new TextEncoder()
      source.enqueue(text.encode('<p>shell</p>'))
      await reader.read()
      // Lots of output still inside the compressor when the visitor goes away.
      source.enqueue(text.encode('<p>more</p>'.repeat(50_000)))
      if (how === 'cancelled by the visitor') {
        await reader.cancel()
        source.enqueue(text.encode('<p>late</p>'))
      } else {
        source.error(new Error('render aborted'))
        await reader.read().catch(() => {})
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(uncaught).toEqual([])
    },
  )
})
