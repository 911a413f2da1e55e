import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  UpstreamAuthError,
  UpstreamBadResponseError,
  UpstreamError,
  UpstreamHttpError,
  UpstreamNetworkError,
  UpstreamStatusError,
  UpstreamTimeoutError,
  isUpstreamError,
} from '../errors.ts'
import { joinUrl } from './client.ts'
import { context, failure, useClientHarness } from './client.test-helper.ts'
import { sendEnvelope, sendJson } from './stub-upstream.test-helper.ts'

const harness = useClientHarness()

describe('transport', () => {
  it('POSTs JSON with the contract headers', async () => {
    await harness.client().call('/v1/site_page/web_get', { page_path: 'x' }, context)
    const [seen] = harness.stub.requests
    expect(seen?.method).toBe('POST')
    expect(seen?.url).toBe('/v1/site_page/web_get')
    expect(JSON.parse(seen?.body ?? '')).toEqual({ page_path: 'x' })
    expect(seen?.headers).toMatchObject({
      'content-type': 'application/json',
      'app-username': '',
      'app-token': '',
      'user-agent': 'TestBrowser/1.0',
      referer: 'https://tenant.example/c/legal/privacy',
      'app-domain': 'tenant.example',
    })
    expect(seen?.headers['site-id']).toBeUndefined()
    expect(seen?.headers.cookie).toBeUndefined()
  })

  it('adds Site-Id and cookie when given, and sends {} for an empty body', async () => {
    await harness.client().call('/v1/send_email', undefined, { ...context, siteId: 'site-1', cookie: 'sid=abc' })
    const [seen] = harness.stub.requests
    expect(seen?.headers['site-id']).toBe('site-1')
    expect(seen?.headers.cookie).toBe('sid=abc')
    expect(seen?.body).toBe('{}')
  })

  it.each([
    ['http://api.example', '/v1/x', 'http://api.example/v1/x'],
    ['http://api.example/', '/v1/x', 'http://api.example/v1/x'],
    ['http://api.example/prefix', '/v1/x', 'http://api.example/prefix/v1/x'],
    ['http://api.example/prefix/', 'v1/x', 'http://api.example/prefix/v1/x'],
  ])('joins %s and %s', (base, path, expected) => {
    expect(joinUrl(base, path)).toBe(expected)
  })

  it('keeps a base path prefix on the wire', async () => {
    await harness.client({ baseUrl: `${harness.stub.url}/api/` }).call('/v1/links/get', {}, context)
    expect(harness.stub.requests[0]?.url).toBe('/api/v1/links/get')
  })

  it('returns Set-Cookie headers', async () => {
    harness.stub.handle((_request, res) => {
      res.setHeader('set-cookie', ['sid=1; Path=/; HttpOnly', 'theme=day'])
      sendEnvelope(res, { user_id: 'u1' })
    })
    const reply = await harness.client().call('/v1/user/login', {}, context)
    expect(reply.setCookies).toEqual(['sid=1; Path=/; HttpOnly', 'theme=day'])
  })
})

describe('unwrapping', () => {
  it('keeps an array as the same array', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, [1, 2]))
    const reply = await harness.client().call('/v1/x', {}, context)
    expect(reply.value).toEqual([1, 2])
    expect(reply.value).toBe(reply.envelope.data)
  })

  it('shallow-copies an object', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, { a: 1, nested: { b: 2 } }))
    const reply = await harness.client().call('/v1/x', {}, context)
    expect(reply.value).toEqual({ a: 1, nested: { b: 2 } })
    expect(reply.value).not.toBe(reply.envelope.data)
    expect((reply.value as { nested: unknown }).nested).toBe((reply.envelope.data as { nested: unknown }).nested)
  })

  it('answers the whole envelope when status is not 0', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, { err_msg: 'quota' }, 903, 'send failed'))
    const reply = await harness.client().call('/v1/send_email', {}, context)
    expect(reply.value).toEqual({ status: 903, info: 'send failed', data: { err_msg: 'quota' } })
  })

  it('data() parses with the schema', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, { rows: [{ n: 1 }], extra: true }))
    const schema = z.object({ rows: z.array(z.object({ n: z.number() })) })
    await expect(harness.client().data('/v1/x', {}, schema, context)).resolves.toEqual({ rows: [{ n: 1 }] })
  })

  it('data() raises UpstreamStatusError for a non-zero status', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, null, 404, 'site not found'))
    const error = await failure(harness.client().data('/v1/x', {}, z.null(), context))
    expect(error).toBeInstanceOf(UpstreamStatusError)
    expect(error).toMatchObject({ status: 404, info: 'site not found', data: null })
  })

  it('rawData() answers data unparsed with the length of the answer text', async () => {
    const text = JSON.stringify({ status: 0, info: 'ok', data: { rows: [{ n: 1 }], name: '拾源' } }, null, 2)
    harness.stub.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
      res.end(text)
    })
    await expect(harness.client().rawData('/v1/x', {}, context)).resolves.toEqual({
      data: { rows: [{ n: 1 }], name: '拾源' },
      textLength: text.length,
      fingerprint: expect.stringMatching(/^[\w-]{43}$/),
    })
  })

  it('rawData() leaves an answer of the bytes the caller holds unparsed, and parses any other', async () => {
    let text = JSON.stringify({ status: 0, info: 'ok', data: { name: 'first' } })
    harness.stub.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(text)
    })
    const first = await harness.client().rawData('/v1/x', {}, context)
    if (!('fingerprint' in first)) throw new Error('the first answer has nothing to compare with')
    expect(await harness.client().rawData('/v1/x', {}, context, first.fingerprint)).toEqual({ unchanged: true })
    text = JSON.stringify({ status: 0, info: 'ok', data: { name: 'second' } })
    const second = await harness.client().rawData('/v1/x', {}, context, first.fingerprint)
    expect(second).toMatchObject({ data: { name: 'second' } })
    expect('fingerprint' in second && second.fingerprint).not.toBe(first.fingerprint)
  })

  it('rawData() raises UpstreamStatusError for a non-zero status', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, null, 404, 'site not found'))
    const error = await failure(harness.client().rawData('/v1/x', {}, context))
    expect(error).toBeInstanceOf(UpstreamStatusError)
    expect(error).toMatchObject({ status: 404, info: 'site not found' })
  })

  it('data() raises UpstreamBadResponseError for the wrong shape, naming the field', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, { rows: 'nope' }))
    const error = await failure(harness.client().data('/v1/x', {}, z.object({ rows: z.array(z.number()) }), context))
    expect(error).toBeInstanceOf(UpstreamBadResponseError)
    expect((error as Error).message).toContain('rows')
  })
})

describe('HTTP errors', () => {
  it('401 → UpstreamAuthError with the contract message', async () => {
    harness.stub.handle((_request, res) => sendJson(res, { message: 'expired' }, 401))
    const error = await failure(harness.client().call('/v1/post/create', {}, context))
    expect(error).toBeInstanceOf(UpstreamAuthError)
    expect(error).toBeInstanceOf(UpstreamHttpError)
    expect((error as Error).message).toContain('身份信息验证失败')
    expect((error as Error).message).toContain(`POST ${harness.stub.url}/v1/post/create`)
    expect(error).toMatchObject({
      name: 'UpstreamAuthError',
      status: 401,
      body: { message: 'expired' },
      method: 'POST',
    })
  })

  it.each([500, 404, 429])('%i → UpstreamHttpError with status and parsed body', async (status) => {
    harness.stub.handle((_request, res) => sendJson(res, { error: 'boom' }, status))
    const error = await failure(harness.client().call('/v1/x', {}, context))
    expect(error).toBeInstanceOf(UpstreamHttpError)
    expect(error).not.toBeInstanceOf(UpstreamAuthError)
    expect(error).toMatchObject({ name: 'UpstreamHttpError', status, body: { error: 'boom' } })
    expect(isUpstreamError(error)).toBe(true)
  })

  it('keeps body undefined when an error body is not JSON', async () => {
    harness.stub.handle((_request, res) => {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end('<h1>Bad gateway</h1>')
    })
    const error = await failure(harness.client().call('/v1/x', {}, context))
    expect(error).toMatchObject({ status: 502, body: undefined })
  })
})

describe('bad responses', () => {
  it.each([
    ['malformed JSON', '{"status": 0,', 'not JSON'],
    ['a JSON array', '[1,2]', 'not an envelope'],
    ['no status', '{"info":"ok","data":{}}', 'no numeric status'],
    ['a bare string', '"hello"', 'not an envelope'],
  ])('%s → UpstreamBadResponseError', async (_label, body, reason) => {
    harness.stub.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(body)
    })
    const error = await failure(harness.client().call('/v1/x', {}, context))
    expect(error).toBeInstanceOf(UpstreamBadResponseError)
    expect((error as Error).message).toContain(reason)
  })

  it('accepts a numeric-string status and a missing info', async () => {
    harness.stub.handle((_request, res) => sendJson(res, { status: '0', data: [1] }))
    const reply = await harness.client().call('/v1/x', {}, context)
    expect(reply.envelope).toEqual({ status: 0, info: '', data: [1] })
  })

  it('refuses a body over maxBodyBytes, declared or streamed', async () => {
    const big = JSON.stringify({ status: 0, info: 'ok', data: 'x'.repeat(10_000) })
    harness.stub.handle((request, res) => {
      if (request.url === '/declared') {
        res.writeHead(200, { 'content-length': Buffer.byteLength(big) })
      } else {
        res.writeHead(200, { 'transfer-encoding': 'chunked' })
      }
      res.end(big)
    })
    const upstream = harness.client({ maxBodyBytes: 1024 })
    for (const path of ['/declared', '/chunked']) {
      const error = await failure(upstream.call(path, {}, context))
      expect(error).toBeInstanceOf(UpstreamBadResponseError)
      expect((error as Error).message).toContain('exceeds 1024 bytes')
      expect((error as Error).message).not.toContain('xxxx')
    }
  })
})

describe('deadline and network', () => {
  it('a stub that never answers → UpstreamTimeoutError (only the deadline can end the call)', async () => {
    harness.stub.handle(() => {})
    const error = await failure(harness.client({ timeoutMs: 100 }).call('/v1/x', {}, context))
    expect(error).toBeInstanceOf(UpstreamTimeoutError)
  })

  it('the deadline also covers a body that stalls halfway', async () => {
    harness.stub.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"status":0,"info":"ok","data":[')
    })
    const error = await failure(harness.client({ timeoutMs: 100 }).call('/v1/x', {}, context))
    expect(error).toBeInstanceOf(UpstreamTimeoutError)
  })

  it("the caller's signal aborts the call (not reported as a timeout)", async () => {
    const controller = new AbortController()
    // Aborted once the request has reached the stub, which never answers.
    harness.stub.handle(() => controller.abort())
    const error = await failure(
      harness.client({ timeoutMs: 5000 }).call('/v1/x', {}, { ...context, signal: controller.signal }),
    )
    expect(error).toBeInstanceOf(UpstreamError)
    expect(error).not.toBeInstanceOf(UpstreamTimeoutError)
  })

  it('connection refused → UpstreamNetworkError', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const error = await failure(harness.client({ baseUrl: `http://127.0.0.1:${port}` }).call('/v1/x', {}, context))
    expect(error).toBeInstanceOf(UpstreamNetworkError)
    expect((error as Error).message).toContain('ECONNREFUSED')
  })

  it('a connection reset mid-reply → UpstreamNetworkError', async () => {
    harness.stub.handle((_request, res) => {
      res.writeHead(200, { 'content-length': '1000' })
      res.write('{"status":0', () => res.socket?.destroy())
    })
    const error = await failure(harness.client().call('/v1/x', {}, context))
    expect(error).toBeInstanceOf(UpstreamNetworkError)
  })
})

describe('socket hygiene', () => {
  it('error and oversize replies never pin the only connection', async () => {
    // Bodies far larger than the socket buffers: an unread body would keep the single connection busy
    // and every later call would hit its deadline.
    const large = 'x'.repeat(1024 * 1024)
    harness.stub.handle((request, res) => {
      if (request.url === '/ok') return sendEnvelope(res, { fine: true })
      const status = request.url === '/auth' ? 401 : request.url === '/fail' ? 500 : 200
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ status: 0, info: 'ok', data: large }))
    })
    const upstream = harness.client({ connections: 1, timeoutMs: 1000, maxBodyBytes: 64 * 1024 })
    for (let round = 0; round < 5; round++) {
      for (const path of ['/fail', '/auth', '/big']) {
        expect(await failure(upstream.call(path, {}, context))).toBeInstanceOf(UpstreamError)
      }
    }
    // A pinned connection would make each of these wait for its deadline and fail.
    for (let i = 0; i < 10; i++) {
      await expect(upstream.call('/ok', {}, context)).resolves.toMatchObject({ value: { fine: true } })
    }
  })
})
