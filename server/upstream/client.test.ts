import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Agent } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
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
import { createUpstreamClient, joinUrl, type UpstreamCallContext } from './client.ts'
import { createStubUpstream, sendEnvelope, sendJson, type StubUpstream } from './stub-upstream.test-helper.ts'

const context: UpstreamCallContext = {
  userAgent: 'TestBrowser/1.0',
  referer: 'https://tenant.example/c/legal/privacy',
  appDomain: 'tenant.example',
}

let stub: StubUpstream
let agent: Agent | undefined

beforeAll(async () => {
  stub = await createStubUpstream()
})
afterAll(async () => {
  await stub.close()
})
afterEach(async () => {
  stub.requests.length = 0
  await agent?.close()
  agent = undefined
})

function client(options: { timeoutMs?: number; maxBodyBytes?: number; connections?: number; baseUrl?: string } = {}) {
  const dispatcher = new Agent({ connections: options.connections ?? 4 })
  agent = dispatcher
  return createUpstreamClient({
    baseUrl: options.baseUrl ?? stub.url,
    dispatcher,
    timeoutMs: options.timeoutMs ?? 2000,
    ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
  })
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

describe('transport', () => {
  it('POSTs JSON with the contract headers', async () => {
    await client().call('/v1/site_page/web_get', { page_path: 'x' }, context)
    const [seen] = stub.requests
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
    await client().call('/v1/send_email', undefined, { ...context, siteId: 'site-1', cookie: 'sid=abc' })
    const [seen] = stub.requests
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
    await client({ baseUrl: `${stub.url}/api/` }).call('/v1/links/get', {}, context)
    expect(stub.requests[0]?.url).toBe('/api/v1/links/get')
  })

  it('returns Set-Cookie headers', async () => {
    stub.handle((_request, res) => {
      res.setHeader('set-cookie', ['sid=1; Path=/; HttpOnly', 'theme=day'])
      sendEnvelope(res, { user_id: 'u1' })
    })
    const reply = await client().call('/v1/user/login', {}, context)
    expect(reply.setCookies).toEqual(['sid=1; Path=/; HttpOnly', 'theme=day'])
  })
})

describe('unwrapping', () => {
  it('keeps an array as the same array', async () => {
    stub.handle((_request, res) => sendEnvelope(res, [1, 2]))
    const reply = await client().call('/v1/x', {}, context)
    expect(reply.value).toEqual([1, 2])
    expect(reply.value).toBe(reply.envelope.data)
  })

  it('shallow-copies an object', async () => {
    stub.handle((_request, res) => sendEnvelope(res, { a: 1, nested: { b: 2 } }))
    const reply = await client().call('/v1/x', {}, context)
    expect(reply.value).toEqual({ a: 1, nested: { b: 2 } })
    expect(reply.value).not.toBe(reply.envelope.data)
    expect((reply.value as { nested: unknown }).nested).toBe((reply.envelope.data as { nested: unknown }).nested)
  })

  it('answers the whole envelope when status is not 0', async () => {
    stub.handle((_request, res) => sendEnvelope(res, { err_msg: 'quota' }, 903, 'send failed'))
    const reply = await client().call('/v1/send_email', {}, context)
    expect(reply.value).toEqual({ status: 903, info: 'send failed', data: { err_msg: 'quota' } })
  })

  it('data() parses with the schema', async () => {
    stub.handle((_request, res) => sendEnvelope(res, { rows: [{ n: 1 }], extra: true }))
    const schema = z.object({ rows: z.array(z.object({ n: z.number() })) })
    await expect(client().data('/v1/x', {}, schema, context)).resolves.toEqual({ rows: [{ n: 1 }] })
  })

  it('data() raises UpstreamStatusError for a non-zero status', async () => {
    stub.handle((_request, res) => sendEnvelope(res, null, 404, 'site not found'))
    const error = await failure(client().data('/v1/x', {}, z.null(), context))
    expect(error).toBeInstanceOf(UpstreamStatusError)
    expect(error).toMatchObject({ status: 404, info: 'site not found', data: null })
  })

  it('rawData() answers data unparsed with the length of the answer text', async () => {
    const text = JSON.stringify({ status: 0, info: 'ok', data: { rows: [{ n: 1 }], name: '拾源' } }, null, 2)
    stub.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
      res.end(text)
    })
    await expect(client().rawData('/v1/x', {}, context)).resolves.toEqual({ data: { rows: [{ n: 1 }], name: '拾源' }, textLength: text.length })
  })

  it('rawData() raises UpstreamStatusError for a non-zero status', async () => {
    stub.handle((_request, res) => sendEnvelope(res, null, 404, 'site not found'))
    const error = await failure(client().rawData('/v1/x', {}, context))
    expect(error).toBeInstanceOf(UpstreamStatusError)
    expect(error).toMatchObject({ status: 404, info: 'site not found' })
  })

  it('data() raises UpstreamBadResponseError for the wrong shape, naming the field', async () => {
    stub.handle((_request, res) => sendEnvelope(res, { rows: 'nope' }))
    const error = await failure(client().data('/v1/x', {}, z.object({ rows: z.array(z.number()) }), context))
    expect(error).toBeInstanceOf(UpstreamBadResponseError)
    expect((error as Error).message).toContain('rows')
  })
})

describe('HTTP errors', () => {
  it('401 → UpstreamAuthError with the contract message', async () => {
    stub.handle((_request, res) => sendJson(res, { message: 'expired' }, 401))
    const error = await failure(client().call('/v1/post/create', {}, context))
    expect(error).toBeInstanceOf(UpstreamAuthError)
    expect(error).toBeInstanceOf(UpstreamHttpError)
    expect((error as Error).message).toContain('身份信息验证失败')
    expect((error as Error).message).toContain(`POST ${stub.url}/v1/post/create`)
    expect(error).toMatchObject({ name: 'UpstreamAuthError', status: 401, body: { message: 'expired' }, method: 'POST' })
  })

  it.each([500, 404, 429])('%i → UpstreamHttpError with status and parsed body', async (status) => {
    stub.handle((_request, res) => sendJson(res, { error: 'boom' }, status))
    const error = await failure(client().call('/v1/x', {}, context))
    expect(error).toBeInstanceOf(UpstreamHttpError)
    expect(error).not.toBeInstanceOf(UpstreamAuthError)
    expect(error).toMatchObject({ name: 'UpstreamHttpError', status, body: { error: 'boom' } })
    expect(isUpstreamError(error)).toBe(true)
  })

  it('keeps body undefined when an error body is not JSON', async () => {
    stub.handle((_request, res) => {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end('<h1>Bad gateway</h1>')
    })
    const error = await failure(client().call('/v1/x', {}, context))
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
    stub.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(body)
    })
    const error = await failure(client().call('/v1/x', {}, context))
    expect(error).toBeInstanceOf(UpstreamBadResponseError)
    expect((error as Error).message).toContain(reason)
  })

  it('accepts a numeric-string status and a missing info', async () => {
    stub.handle((_request, res) => sendJson(res, { status: '0', data: [1] }))
    const reply = await client().call('/v1/x', {}, context)
    expect(reply.envelope).toEqual({ status: 0, info: '', data: [1] })
  })

  it('refuses a body over maxBodyBytes, declared or streamed', async () => {
    const big = JSON.stringify({ status: 0, info: 'ok', data: 'x'.repeat(10_000) })
    stub.handle((request, res) => {
      if (request.url === '/declared') {
        res.writeHead(200, { 'content-length': Buffer.byteLength(big) })
      } else {
        res.writeHead(200, { 'transfer-encoding': 'chunked' })
      }
      res.end(big)
    })
    const upstream = client({ maxBodyBytes: 1024 })
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
    stub.handle(() => {})
    const error = await failure(client({ timeoutMs: 100 }).call('/v1/x', {}, context))
    expect(error).toBeInstanceOf(UpstreamTimeoutError)
  })

  it('the deadline also covers a body that stalls halfway', async () => {
    stub.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"status":0,"info":"ok","data":[')
    })
    const error = await failure(client({ timeoutMs: 100 }).call('/v1/x', {}, context))
    expect(error).toBeInstanceOf(UpstreamTimeoutError)
  })

  it("the caller's signal aborts the call (not reported as a timeout)", async () => {
    const controller = new AbortController()
    // Aborted once the request has reached the stub, which never answers.
    stub.handle(() => controller.abort())
    const error = await failure(client({ timeoutMs: 5000 }).call('/v1/x', {}, { ...context, signal: controller.signal }))
    expect(error).toBeInstanceOf(UpstreamError)
    expect(error).not.toBeInstanceOf(UpstreamTimeoutError)
  })

  it('connection refused → UpstreamNetworkError', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const error = await failure(client({ baseUrl: `http://127.0.0.1:${port}` }).call('/v1/x', {}, context))
    expect(error).toBeInstanceOf(UpstreamNetworkError)
    expect((error as Error).message).toContain('ECONNREFUSED')
  })

  it('a connection reset mid-reply → UpstreamNetworkError', async () => {
    stub.handle((_request, res) => {
      res.writeHead(200, { 'content-length': '1000' })
      res.write('{"status":0', () => res.socket?.destroy())
    })
    const error = await failure(client().call('/v1/x', {}, context))
    expect(error).toBeInstanceOf(UpstreamNetworkError)
  })
})

describe('socket hygiene', () => {
  it('error and oversize replies never pin the only connection', async () => {
    // Bodies far larger than the socket buffers: an unread body would keep the single connection busy
    // and every later call would hit its deadline.
    const large = 'x'.repeat(1024 * 1024)
    stub.handle((request, res) => {
      if (request.url === '/ok') return sendEnvelope(res, { fine: true })
      const status = request.url === '/auth' ? 401 : request.url === '/fail' ? 500 : 200
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ status: 0, info: 'ok', data: large }))
    })
    const upstream = client({ connections: 1, timeoutMs: 1000, maxBodyBytes: 64 * 1024 })
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

describe('passthrough', () => {
  const read = (body: ReadableStream<Uint8Array>) => new Response(body).text()

  it('hands the JSON answer and HTTP status on unchanged, with the cookies, sending the body as given', async () => {
    const raw = '{"status":911,"info":"no account","data":{"err_msg":"x"},"extra":[1,2]}'
    stub.handle((_request, res) => {
      res.writeHead(401, { 'content-type': 'application/json; charset=utf-8', 'set-cookie': ['sid=1; Path=/'] })
      res.end(raw)
    })
    const reply = await client().passthrough('/v1/user/login', '{"email":"a@b.c"}', { ...context, cookie: 'sid=0' })
    expect(reply.httpStatus).toBe(401)
    expect(reply.contentType).toBe('application/json; charset=utf-8')
    expect(reply.setCookies).toEqual(['sid=1; Path=/'])
    expect(await read(reply.body)).toBe(raw)
    expect(stub.requests[0]?.body).toBe('{"email":"a@b.c"}')
    expect(stub.requests[0]?.headers).toMatchObject({ cookie: 'sid=0', 'app-domain': 'tenant.example', 'content-type': 'application/json' })
  })

  it('refuses an answer that is not JSON (a gateway error page)', async () => {
    stub.handle((_request, res) => {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end('<h1>Bad Gateway</h1>')
    })
    const error = await failure(client().passthrough('/v1/user/login', '{}', context))
    expect(error).toBeInstanceOf(UpstreamBadResponseError)
  })

  it('refuses an answer declared larger than the cap before reading it', async () => {
    stub.handle((_request, res) => sendJson(res, { status: 0, info: '', data: 'x'.repeat(500) }))
    const error = await failure(client({ maxBodyBytes: 100 }).passthrough('/v1/x', '{}', context))
    expect(error).toBeInstanceOf(UpstreamBadResponseError)
  })

  it('errors the stream when an undeclared answer grows past the cap', async () => {
    stub.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write(`{"data":"${'x'.repeat(80)}`)
      res.end(`${'y'.repeat(80)}"}`)
    })
    const reply = await client({ maxBodyBytes: 100 }).passthrough('/v1/x', '{}', context)
    await expect(read(reply.body)).rejects.toBeInstanceOf(UpstreamBadResponseError)
  })

  it('raises UpstreamTimeoutError when no answer comes in time', async () => {
    let release = () => {}
    stub.handle((_request, res) => {
      release = () => sendJson(res, { status: 0 })
    })
    const error = await failure(client({ timeoutMs: 50 }).passthrough('/v1/x', '{}', context))
    release()
    expect(error).toBeInstanceOf(UpstreamTimeoutError)
  })

  it('raises UpstreamNetworkError when the upstream is down', async () => {
    const dead = createServer()
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve))
    const { port } = dead.address() as AddressInfo
    await new Promise<void>((resolve) => dead.close(() => resolve()))
    const error = await failure(client({ baseUrl: `http://127.0.0.1:${port}` }).passthrough('/v1/x', '{}', context))
    expect(error).toBeInstanceOf(UpstreamNetworkError)
  })
})
