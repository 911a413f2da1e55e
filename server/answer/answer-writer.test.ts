import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../app-env.ts'
import { nextNonce, securityPolicy } from '../http/security-policy.ts'
import { NOT_KEPT, sharedFile, visitorOnly } from '../http/answer-policy.ts'
import { answerWriter } from './answer-writer.ts'

describe('nextNonce', () => {
  it('gives 128 random bits per nonce and never repeats one, across refills of its pool', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 2000; i += 1) {
      const nonce = nextNonce()
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
      seen.add(nonce)
    }
    expect(seen.size).toBe(2000)
  })
})

describe('answerWriter', () => {
  it("writes `Vary` from the policy alone: the route's, Accept-Encoding for a compressible body, X-Forwarded-Host when trusted, on a 304 too", async () => {
    const app = new Hono<AppEnv>()
    app.use(answerWriter({ security: securityPolicy({ hsts: false }), varyOnForwardedHost: true }))
    app.get('/page', (c) => {
      c.set('answer', { ...sharedFile('public'), vary: ['Accept-Language', 'Cookie'], etag: '"p"' })
      // What a route leaves in `Vary` is not the answer's: the policy says what it varies by.
      return c.html('<p>page</p>', 200, { vary: 'User-Agent' })
    })
    app.get('/image', (c) => {
      c.set('answer', { ...sharedFile('public'), vary: ['Accept'] })
      return c.body(new Uint8Array([1]), 200, { 'content-type': 'image/webp' })
    })
    app.get('/plain', (c) => c.body(new Uint8Array([1]), 200, { 'content-type': 'image/png' }))
    const page = await app.request('/page')
    expect(page.headers.get('vary')).toBe('Accept-Language, Cookie, Accept-Encoding, X-Forwarded-Host')
    const notModified = await app.request('/page', { headers: { 'if-none-match': '"p"' } })
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('vary')).toBe('Accept-Language, Cookie, Accept-Encoding, X-Forwarded-Host')
    expect((await app.request('/image')).headers.get('vary')).toBe('Accept, X-Forwarded-Host')
    expect((await app.request('/plain')).headers.get('vary')).toBe('X-Forwarded-Host')
  })

  it('puts the nonce the page sees into its own response Content-Security-Policy, a new one per response', async () => {
    const app = new Hono<AppEnv>()
    app.use(answerWriter({ security: securityPolicy({ hsts: false }) }))
    app.get('/', (c) => {
      c.set('answer', visitorOnly(sharedFile('public'), {}))
      return c.text(c.var.cspNonce)
    })
    const answers = await Promise.all([app.request('/'), app.request('/')])
    const nonces = await Promise.all(answers.map((answer) => answer.text()))
    for (const [index, answer] of answers.entries()) {
      expect(answer.headers.get('content-security-policy')).toContain(
        `script-src 'self' 'nonce-${nonces[index]}' 'strict-dynamic'`,
      )
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    }
    expect(nonces[0]).not.toBe(nonces[1])
  })

  it('names no nonce in the policy of an answer a shared cache may keep: it would be the same for every visitor', async () => {
    const app = new Hono<AppEnv>()
    app.use(answerWriter({ security: securityPolicy({ hsts: false }) }))
    app.get('/kept', (c) => {
      c.set('answer', sharedFile('public, max-age=0, s-maxage=10'))
      return c.json({})
    })
    app.get('/heuristic', (c) => c.text('no policy: a shared cache may keep it too'))
    app.get('/error', (c) => {
      c.set('answer', NOT_KEPT)
      return c.text('gone', 404)
    })
    for (const path of ['/kept', '/heuristic']) {
      const policy = (await app.request(path)).headers.get('content-security-policy')
      expect(policy).toContain("script-src 'self' 'strict-dynamic'")
      expect(policy).not.toContain("'nonce-")
    }
    expect((await app.request('/error')).headers.get('content-security-policy')).toContain("'nonce-")
  })

  it("writes the script sources a route chose (a document's hashes) and the other headers around them", async () => {
    const app = new Hono<AppEnv>()
    app.use(answerWriter({ security: securityPolicy({ hsts: false }) }))
    app.get('/', (c) => {
      c.set('answer', { ...sharedFile('public, max-age=0, s-maxage=10'), scripts: { hashes: ['abc'] } })
      return c.html('<p>')
    })
    const response = await app.request('/')
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-abc' 'strict-dynamic'")
    expect(response.headers.get('content-security-policy')).not.toContain("'nonce-")
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })

  it('answers a matching If-None-Match of a shareable answer 304, never of a private one', async () => {
    const app = new Hono<AppEnv>()
    app.use(answerWriter({ security: securityPolicy({ hsts: false }) }))
    app.get('/file', (c) => {
      c.set('answer', { ...sharedFile('public, max-age=3600'), etag: 'W/"a"' })
      return c.text('file')
    })
    app.get('/cookie', (c) => {
      c.set('answer', { ...sharedFile('public, max-age=3600'), etag: 'W/"a"' })
      return c.text('file', 200, { 'set-cookie': 'a=b' })
    })
    const matching = { headers: { 'if-none-match': 'W/"a"' } }
    const notModified = await app.request('/file', matching)
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('etag')).toBe('W/"a"')
    expect(notModified.headers.get('content-security-policy')).toBeNull()
    const personal = await app.request('/cookie', matching)
    expect(personal.status).toBe(200)
    expect(personal.headers.get('etag')).toBeNull()
    expect(personal.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe('securityPolicy', () => {
  it('lists the hashes of the scripts it allows, with or without a nonce', () => {
    const policy = securityPolicy({ hsts: false })
    expect(policy.headersFor({ hashes: ['AAA=', 'BBB='] })['content-security-policy']).toContain(
      "script-src 'self' 'sha256-AAA=' 'sha256-BBB=' 'strict-dynamic' https:;",
    )
    expect(policy.headersFor({ nonce: 'N', hashes: ['AAA='] })['content-security-policy']).toContain(
      "script-src 'self' 'nonce-N' 'sha256-AAA=' 'strict-dynamic' https:;",
    )
  })

  it('lists every header a response carries, the nonce inside the policy', () => {
    expect(securityPolicy({ hsts: true }).headersFor('N0NCE')).toEqual({
      'content-security-policy':
        "default-src 'self'; script-src 'self' 'nonce-N0NCE' 'strict-dynamic' https:; style-src 'self' 'unsafe-inline' https:; img-src * data: blob:; media-src * data: blob:; font-src 'self' data: https:; connect-src 'self' https:; frame-src 'self' https:; object-src 'none'; base-uri 'self'; form-action 'self' https:; frame-ancestors 'self'",
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    })
    expect(securityPolicy({ hsts: false }).headersFor('N0NCE')).not.toHaveProperty('strict-transport-security')
  })

  it('lets a response that declares its own policy keep it', async () => {
    const app = new Hono<AppEnv>()
    app.use(answerWriter({ security: securityPolicy({ hsts: false }) }))
    app.get('/', (c) => {
      c.set('answer', sharedFile('public, max-age=86400', { own: "default-src 'none'" }))
      return c.text('inert')
    })
    const answer = await app.request('/')
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'")
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })
})
