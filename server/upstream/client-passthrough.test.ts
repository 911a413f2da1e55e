import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { UpstreamBadResponseError, UpstreamNetworkError, UpstreamTimeoutError } from '../errors.ts'
import { context, failure, useClientHarness } from './client.test-helper.ts'
import { sendJson } from './stub-upstream.test-helper.ts'

// The proxy's call (server/api-proxy): the upstream's answer handed on as it came, within the
// same caps and deadline as the client's own calls.
const harness = useClientHarness()

describe('passthrough', () => {
  const read = (body: ReadableStream<Uint8Array>) => new Response(body).text()

  it('hands the JSON answer and HTTP status on unchanged, with the cookies, sending the body as given', async () => {
    const raw = '{"status":911,"info":"no account","data":{"err_msg":"x"},"extra":[1,2]}'
    harness.stub.handle((_request, res) => {
      res.writeHead(401, { 'content-type': 'application/json; charset=utf-8', 'set-cookie': ['sid=1; Path=/'] })
      res.end(raw)
    })
    const reply = await harness
      .client()
      .passthrough('/v1/user/login', '{"email":"a@b.c"}', { ...context, cookie: 'sid=0' })
    expect(reply.httpStatus).toBe(401)
    expect(reply.contentType).toBe('application/json; charset=utf-8')
    expect(reply.setCookies).toEqual(['sid=1; Path=/'])
    expect(await read(reply.body)).toBe(raw)
    expect(harness.stub.requests[0]?.body).toBe('{"email":"a@b.c"}')
    expect(harness.stub.requests[0]?.headers).toMatchObject({
      cookie: 'sid=0',
      'app-domain': 'tenant.example',
      'content-type': 'application/json',
    })
  })

  it('refuses an answer that is not JSON (a gateway error page)', async () => {
    harness.stub.handle((_request, res) => {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end('<h1>Bad Gateway</h1>')
    })
    const error = await failure(harness.client().passthrough('/v1/user/login', '{}', context))
    expect(error).toBeInstanceOf(UpstreamBadResponseError)
  })

  it('refuses an answer declared larger than the cap before reading it', async () => {
    harness.stub.handle((_request, res) => sendJson(res, { status: 0, info: '', data: 'x'.repeat(500) }))
    const error = await failure(harness.client({ maxBodyBytes: 100 }).passthrough('/v1/x', '{}', context))
    expect(error).toBeInstanceOf(UpstreamBadResponseError)
  })

  it('errors the stream when an undeclared answer grows past the cap', async () => {
    harness.stub.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write(`{"data":"${'x'.repeat(80)}`)
      res.end(`${'y'.repeat(80)}"}`)
    })
    const reply = await harness.client({ maxBodyBytes: 100 }).passthrough('/v1/x', '{}', context)
    await expect(read(reply.body)).rejects.toBeInstanceOf(UpstreamBadResponseError)
  })

  it('raises UpstreamTimeoutError when no answer comes in time', async () => {
    let release = () => {}
    harness.stub.handle((_request, res) => {
      release = () => sendJson(res, { status: 0 })
    })
    const error = await failure(harness.client({ timeoutMs: 50 }).passthrough('/v1/x', '{}', context))
    release()
    expect(error).toBeInstanceOf(UpstreamTimeoutError)
  })

  it('raises UpstreamNetworkError when the upstream is down', async () => {
    const dead = createServer()
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve))
    const { port } = dead.address() as AddressInfo
    await new Promise<void>((resolve) => dead.close(() => resolve()))
    const error = await failure(
      harness.client({ baseUrl: `http://127.0.0.1:${port}` }).passthrough('/v1/x', '{}', context),
    )
    expect(error).toBeInstanceOf(UpstreamNetworkError)
  })
})
