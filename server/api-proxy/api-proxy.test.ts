import { request as httpRequest } from 'node:http'
import { describe, expect, it } from 'vitest'
import { HOST, json, proxiedCalls, upstreamCalls, useProxySite } from './api-proxy.test-helper.ts'

const { start, post } = useProxySite()

describe('allow-list', () => {
  // The calls the browser makes (docs/API.md), written out so that widening the allow-list is a
  // deliberate change of this test too.
  it.each([
    'user/login',
    'user/register',
    'send_email',
    'user/update_password',
    'third_party_login',
    'rss_page_add_hot',
    'local_resource_save',
    'post/create',
    'feedback/submit',
  ])('forwards %s to the same upstream path', async (call) => {
    const { seen } = await start(() => json({ status: 0, info: 'ok', data: null }))
    const response = await post(`/api/v1/${call}`, { a: 1 })
    expect(response.status).toBe(200)
    expect(seen.map((s) => s.path)).toEqual([`/v1/${call}`])
    expect(seen[0]?.search).toBe('')
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ a: 1 })
  })

  it.each([
    '/api/v1/site_page/web_get',
    '/api/v1/user/login/',
    '/api/v1/USER/LOGIN',
    '/api/v1/user/login%2F..%2F..%2Fsite_page%2Fweb_get',
    '/api/v1/user%2Flogin',
    '/api/v1/user/%6Cogin',
    '/api/v1/user/login;x',
    '/api/v1/',
    '/api/v2/user/login',
    '/api/user/login',
    '/api/v1/user/login/..%2F..%2Fadmin',
  ])('answers 404 JSON for %s without any upstream call', async (path) => {
    const { site: test } = await start()
    const response = await post(path, {})
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(await response.json()).toMatchObject({ status: 404, data: null })
    expect(upstreamCalls(test)).toBe(0)
  })

  it.each([
    ['/api/v1/user/login?url=http://evil.example/steal', '/v1/user/login'],
    ['/api/v1/post/../user/login', '/v1/user/login'],
    ['/api/v1/x/%2e%2e/send_email', '/v1/send_email'],
  ])('%s reaches only %s, without a query', async (path, upstreamPath) => {
    const { seen } = await start(() => json({ status: 0, info: 'ok', data: null }))
    expect((await post(path)).status).toBe(200)
    expect(seen.map((s) => `${s.path}${s.search}`)).toEqual([upstreamPath])
  })

  it('answers 405 JSON for other methods without an upstream call', async () => {
    const { site: test } = await start()
    const response = await test.request('/api/v1/user/login', { host: HOST })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    expect(await response.json()).toMatchObject({ status: 405 })
    expect(upstreamCalls(test)).toBe(0)
  })
})

describe('refusals before any upstream call', () => {
  it.each([
    [{ origin: 'http://evil.example' }],
    [{ origin: 'http://res.localhost.evil.example' }],
    [{ origin: 'http://land.localhost' }],
    [{ origin: 'null' }],
    [{ origin: 'file:///x' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site' }],
    [{ origin: 'http://res.localhost', 'sec-fetch-site': 'cross-site' }],
  ])('403 for %o', async (headers) => {
    const { site: test } = await start()
    const response = await post('/api/v1/user/login', { email: 'a@b.co', password: 'x' }, headers)
    expect(response.status).toBe(403)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(await response.json()).toMatchObject({ status: 403, data: null })
    expect(upstreamCalls(test)).toBe(0)
  })

  it('lets same-origin browser requests through', async () => {
    const { seen } = await start(() => json({ status: 0, info: 'ok', data: null }))
    const response = await post(
      '/api/v1/user/login',
      {},
      { origin: 'http://res.localhost', 'sec-fetch-site': 'same-origin' },
    )
    expect(response.status).toBe(200)
    expect(seen).toHaveLength(1)
  })

  it.each([
    ['text/plain', '{"a":1}'],
    ['application/x-www-form-urlencoded', 'a=1'],
    ['application/json', 'not json'],
    ['application/json', '[1,2]'],
    ['application/json', '"text"'],
    ['application/json', ''],
  ])('415 for %s %j', async (type, body) => {
    const { site: test } = await start()
    const response = await post('/api/v1/user/login', body, { 'content-type': type })
    expect(response.status).toBe(415)
    expect(await response.json()).toMatchObject({ status: 415 })
    expect(proxiedCalls(test)).toBe(0)
  })

  it('413 for a body over 1 MiB', async () => {
    const { site: test } = await start()
    const response = await post('/api/v1/feedback/submit', { text: 'x'.repeat(1024 * 1024) })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ status: 413 })
    expect(upstreamCalls(test)).toBe(0)
  })

  it('413 from Content-Length alone, before the body is sent', async () => {
    const { site: test } = await start(undefined, { listen: true })
    const url = new URL(test.url!)
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/v1/feedback/submit',
          method: 'POST',
          headers: { host: HOST, 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) },
        },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
          req.destroy()
        },
      )
      req.on('error', reject)
      req.write('{"text":"') // the rest is never sent: the answer must come anyway
    })
    expect(status).toBe(413)
    expect(upstreamCalls(test)).toBe(0)
  })

  it('413 for a chunked body once it passes the limit, without waiting for its end', async () => {
    const { site: test } = await start(undefined, { listen: true })
    const url = new URL(test.url!)
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/v1/feedback/submit',
          method: 'POST',
          headers: { host: HOST, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
          req.destroy()
        },
      )
      req.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)))
      req.write(`{"text":"${'x'.repeat(1024 * 1024 + 10)}`) // never ended
    })
    expect(status).toBe(413)
    expect(upstreamCalls(test)).toBe(0)
  })
})

describe('headers sent upstream', () => {
  it('sends the contract headers and nothing the visitor added', async () => {
    const { seen } = await start(() => json({ status: 0, info: 'ok', data: null }))
    await post(
      '/api/v1/user/login',
      { email: 'a@b.co', password: 'x' },
      {
        'user-agent': 'VisitorBrowser/2.0',
        referer: 'http://res.localhost/d/some-resource',
        origin: 'http://res.localhost',
        authorization: 'Bearer secret',
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-host': 'evil.example',
        connection: 'keep-alive, x-hop',
        'x-hop': '1',
        'x-custom': 'secret',
        'app-domain': 'land.localhost',
        'site-id': 'forged',
        'app-token': 'forged',
        cookie: 'lang=en; _ga=GA1.2',
      },
    )
    const headers = seen[0]!.headers
    expect(headers.get('app-domain')).toBe('res.localhost')
    expect(headers.get('user-agent')).toBe('VisitorBrowser/2.0')
    expect(headers.get('referer')).toBe('http://res.localhost/d/some-resource')
    expect(headers.get('app-username')).toBe('')
    expect(headers.get('app-token')).toBe('')
    expect(headers.get('content-type')).toBe('application/json')
    for (const name of [
      'authorization',
      'x-forwarded-for',
      'x-forwarded-host',
      'x-hop',
      'x-custom',
      'site-id',
      'cookie',
      'origin',
    ]) {
      expect(headers.get(name), name).toBeNull()
    }
  })

  it('adds Site-Id (the tenant site_id) on send_email only', async () => {
    const { seen } = await start(() => json({ status: 0, info: 'ok', data: null }))
    await post('/api/v1/send_email', { email: 'a@b.co', code_type: 0 })
    await post('/api/v1/user/register', { email: 'a@b.co' })
    await post('/api/v1/send_email', { email: 'a@b.co', code_type: 0 }, {}, 'land.localhost')
    expect(seen.map((s) => [s.path, s.headers.get('site-id'), s.headers.get('app-domain')])).toEqual([
      ['/v1/send_email', 'site-res', 'res.localhost'],
      ['/v1/user/register', null, 'res.localhost'],
      ['/v1/send_email', 'site-land', 'land.localhost'],
    ])
  })

  it('answers 404 JSON for an unknown site', async () => {
    await start()
    const response = await post('/api/v1/user/login', {}, {}, 'unknown.example')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ status: 404 })
  })
})

describe('answers', () => {
  it.each([
    [200, { status: 911, info: 'no such account', data: null }],
    [200, { status: 903, info: 'refused', data: { err_msg: 'Mailbox full' } }],
    [200, { status: 0, info: 'success', data: { user_id: 'u1', email: 'a@b.co' } }],
    [401, { status: 401, info: '身份信息验证失败', data: null }],
    [500, { status: 500, info: 'internal error', data: null }],
  ])('passes HTTP %i %j through unchanged', async (http, body) => {
    const raw = JSON.stringify(body)
    await start(
      () =>
        new Response(raw, {
          status: http,
          headers: { 'content-type': 'application/json; charset=utf-8', 'x-upstream-secret': 'v' },
        }),
    )
    const response = await post('/api/v1/user/login', {})
    expect(response.status).toBe(http)
    expect(await response.text()).toBe(raw)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(response.headers.get('x-upstream-secret')).toBeNull()
  })

  it.each([
    [
      'an HTML error page',
      () =>
        new Response('<html>502 Bad Gateway at 10.0.0.3</html>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        }),
    ],
    ['a 200 answer that is not JSON', () => new Response('ok', { headers: { 'content-type': 'text/plain' } })],
    ['an answer over the size cap', () => json({ status: 0, data: 'x'.repeat(3 * 1024 * 1024) })],
  ])('answers 502 JSON for %s, without internals', async (_name, answer) => {
    await start(answer)
    const response = await post('/api/v1/user/login', {})
    expect(response.status).toBe(502)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ status: 502, info: expect.any(String), data: null })
    expect(text).not.toMatch(/10\.0\.0\.3|127\.0\.0\.1|\/v1\//)
  })

  it('answers 504 JSON when the upstream does not answer in time', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    await start(async () => {
      await gate
      return json({ status: 0 })
    })
    try {
      const response = await post('/api/v1/user/login', {})
      expect(response.status).toBe(504)
      expect(await response.json()).toMatchObject({ status: 504, data: null })
    } finally {
      release()
    }
  })
})
