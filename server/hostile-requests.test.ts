import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawConnection, type RawResponse } from '../test/raw-http.ts'
import { startTestSite, type TestSite } from '../test/harness.ts'
import { MAX_HEADER_BYTES } from './lifecycle/http-server.ts'

/** One request on a fresh connection, with exactly these bytes. */
async function send(port: number, bytes: string): Promise<RawResponse> {
  const connection = await rawConnection(port)
  const response = connection.next()
  connection.write(bytes)
  try {
    return await response
  } finally {
    connection.destroy()
  }
}

const SECURITY_HEADERS = ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'content-security-policy']
const normalize = (html: string) => html.replace(/nonce="[^"]*"/g, '').replace(/"requestId":"[^"]*"/g, '')

describe('hostile requests over real sockets', () => {
  let site: TestSite
  let port: number
  beforeAll(async () => {
    site = await startTestSite({ listen: true })
    port = Number(new URL(site.url!).port)
  })
  afterAll(() => site.close())

  it('refuses an absolute-form request line naming another host than Host', async () => {
    const evil = await send(
      port,
      'GET http://evil.com/res/hot HTTP/1.1\r\nHost: res.localhost\r\nCookie: lang=zh\r\n\r\n',
    )
    expect(evil.status).toBe(400)
    expect(evil.body.toString()).not.toContain('evil.com')
    const same = await send(
      port,
      'GET http://res.localhost/res/hot HTTP/1.1\r\nHost: res.localhost\r\nCookie: lang=zh\r\nConnection: close\r\n\r\n',
    )
    expect(same.status).toBe(200)
  })

  it('refuses two Host headers and malformed ones', async () => {
    expect((await send(port, 'GET / HTTP/1.1\r\nHost: res.localhost\r\nHost: evil.com\r\n\r\n')).status).toBe(400)
    for (const host of [
      'evil.com@res.localhost',
      'res.localhost:99999',
      'a..b',
      '-x.localhost',
      'xn--\u00e9.localhost',
    ]) {
      expect((await send(port, `GET / HTTP/1.1\r\nHost: ${host}\r\n\r\n`)).status).toBe(400)
    }
  })

  it('answers 431 to headers past MAX_HEADER_BYTES (64 KiB), before the app runs', async () => {
    const response = await send(
      port,
      `GET / HTTP/1.1\r\nHost: res.localhost\r\nX-Big: ${'a'.repeat(MAX_HEADER_BYTES)}\r\n\r\n`,
    )
    expect(response.status).toBe(431)
  })

  it('replaces a request id with CR/LF (header injection) or 10 KB', async () => {
    const long = await send(
      port,
      `GET /healthz HTTP/1.1\r\nHost: res.localhost\r\nX-Request-Id: ${'x'.repeat(10 * 1024)}\r\n\r\n`,
    )
    expect(long.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    // A bare LF inside a header value is refused by Node's parser itself.
    const injected = await send(
      port,
      'GET /healthz HTTP/1.1\r\nHost: res.localhost\r\nX-Request-Id: a\nSet-Cookie: pwned=1\r\n\r\n',
    )
    expect(injected.headers['set-cookie']).toBeUndefined()
    expect(injected.headers['x-request-id'] ?? '').not.toContain('pwned')
  })

  it('keeps every static path inside the asset folder', async () => {
    for (const path of [
      '/assets/../package.json',
      '/assets/%2e%2e/package.json',
      '/assets/..%2fpackage.json',
      '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
      '/assets/manifest.json%00.js',
      '/assets/..\\package.json',
      '/assets//etc/passwd',
      '/assets/%2fetc%2fpasswd',
    ]) {
      const response = await send(port, `GET ${path} HTTP/1.1\r\nHost: res.localhost\r\n\r\n`)
      expect([400, 404]).toContain(response.status)
      expect(response.body.toString()).not.toMatch(/"name": "tenant-sites"|root:x:0/)
    }
  })

  it('sends security headers on every response, whatever answered it', async () => {
    for (const request of [
      'GET /res/hot HTTP/1.1\r\nHost: res.localhost\r\nCookie: lang=zh\r\n\r\n',
      'GET /healthz HTTP/1.1\r\nHost: res.localhost\r\n\r\n',
      'GET /assets/nope.js HTTP/1.1\r\nHost: res.localhost\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: nobody.localhost\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: bad..host\r\n\r\n',
      'DELETE / HTTP/1.1\r\nHost: res.localhost\r\n\r\n',
    ]) {
      const response = await send(port, request)
      for (const name of SECURITY_HEADERS)
        expect(response.headers[name], `${name} on ${request.split('\r\n')[0]}`).toBeDefined()
      expect(response.headers['strict-transport-security']).toBeUndefined()
    }
  })
})

describe('internal-looking headers change nothing', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it.each<Record<string, string>>([
    { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' },
    { 'x-tenant-id': 'land', 'x-tenant-host': 'land.localhost' },
    {
      'x-forwarded-host': 'land.localhost',
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '127.0.0.1',
      forwarded: 'host=land.localhost',
    },
    { 'x-original-url': '/admin', 'x-rewrite-url': '/admin', 'x-http-method-override': 'DELETE' },
  ])('%j', async (headers) => {
    const plain = await site.request('/res/hot', { headers: { cookie: 'lang=zh' } })
    const spoofed = await site.request('/res/hot', { headers: { cookie: 'lang=zh', ...headers } })
    expect(spoofed.status).toBe(plain.status)
    expect(normalize(await spoofed.text())).toBe(normalize(await plain.text()))
  })
})

describe('limits and security headers through the app', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite({ app: { hsts: true, bodyLimitBytes: 1024 } })
  })
  afterAll(() => site.close())

  it('answers 413 to a body over the limit before any upstream call', async () => {
    const response = await site.request('/feedback', {
      method: 'POST',
      host: 'fresh-host.localhost',
      headers: { 'content-length': String(2048) },
      body: 'x'.repeat(2048),
    })
    expect(response.status).toBe(413)
    expect(site.upstreamCalls.size).toBe(0)
  })

  it('sends HSTS when asked to', async () => {
    expect((await site.request('/healthz')).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })

  it('allows the document scripts by their hashes: no secret in a page every visitor may be handed', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await site.request('/res/hot', { headers: { cookie: 'lang=zh' } })
      const policy = response.headers.get('content-security-policy') ?? ''
      expect(policy).toContain("'strict-dynamic'")
      expect(policy).toContain("object-src 'none'")
      expect(policy).not.toContain("'nonce-")
      const html = await response.text()
      const scripts = [...html.matchAll(/<script((?![^>]*application\/(?:ld\+)?json)[^>]*)>([\s\S]*?)<\/script>/g)]
      expect(scripts.length).toBeGreaterThan(1)
      for (const [, attributes, text] of scripts) {
        expect(attributes).not.toContain('nonce=')
        expect(policy).toContain(
          `'sha256-${createHash('sha256')
            .update(text ?? '')
            .digest('base64')}'`,
        )
      }
    }
  })
})
