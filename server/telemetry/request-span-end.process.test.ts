import { connect } from 'node:net'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { type JsonSpan, type OtlpReceiver, startOtlpReceiver } from '../../test/otlp-receiver.ts'
import { type StartedTracing, startTracing } from './start-tracing.ts'

// A request span ends exactly once, whether or not the request reached its record: requests Node or
// the adapter refuse, and a visitor who leaves before the answer, over raw sockets.

const ERROR = 2

/** Writes `text` on a new connection to `url` and answers what comes back until the server closes it, or the first chunk. */
function rawExchange(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text))
    socket.once('data', (chunk) => {
      resolve(chunk.toString('latin1'))
      socket.destroy()
    })
    socket.once('error', reject)
  })
}

describe('request spans that never reach the request record', () => {
  let receiver: OtlpReceiver
  let tracing: StartedTracing
  let site: TestSite
  let releaseUpstream: () => void = () => {}
  let upstreamHeld: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    upstreamHeld = resolve
  })

  beforeAll(async () => {
    receiver = await startOtlpReceiver()
    tracing = await startTracing(
      {
        url: receiver.url,
        protocol: 'http/json',
        sampler: 'parentbased_always_on',
        ratio: 1,
        resource: { 'service.name': 'tenant-sites-test' },
      },
      pino({ level: 'silent' }),
      { exportDelayMs: 20 },
    )
    const release = new Promise<void>((resolve) => {
      releaseUpstream = resolve
    })
    site = await startTestSite({
      listen: true,
      app: { trustProxy: 1 },
      // The site config's call waits for the test: the visitor leaves meanwhile.
      upstream: async (request, demo) => {
        upstreamHeld()
        await release
        return demo(request)
      },
    })
  })
  afterAll(async () => {
    releaseUpstream()
    await site?.close()
    await tracing?.shutdown()
    await receiver?.close()
  })

  const ofTrace = (id: string) => receiver.jsonSpans().filter((span) => span.traceId === id)
  const serverSpan = (id: string): JsonSpan | undefined => ofTrace(id).find((span) => span.kind === 2)
  const open = () => {
    const { started, ended } = tracing.spanCounts()
    return started - ended
  }

  it('starts no span for a request Node’s parser refuses with 400', async () => {
    const before = tracing.spanCounts()
    const answer = await rawExchange(site.url ?? '', 'NOT A REQUEST\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(tracing.spanCounts()).toEqual(before)
  })

  it('ends, failed, the span of a request the adapter refuses with 400 before the record starts', async () => {
    const traceId = 'd1d2d3d4e5f60718293a4b5c6d7e8f90'
    const answer = await rawExchange(
      site.url ?? '',
      `GET /a\\b HTTP/1.1\r\nhost: res.localhost\r\ntraceparent: 00-${traceId}-00f067aa0ba902b7-01\r\n\r\n`,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    await receiver.until(() => serverSpan(traceId) !== undefined)
    const span = serverSpan(traceId)
    expect(span?.status?.code).toBe(ERROR)
    expect(span?.attributes).toMatchObject({ 'http.response.status_code': 400, 'error.type': '400' })
    expect(ofTrace(traceId).filter((each) => each.spanId === span?.spanId)).toHaveLength(1)
    await vi.waitFor(() => expect(open()).toBe(0))
  })

  it('ends, failed, the span of a request whose visitor left before the answer, once, and leaves none open', async () => {
    const traceId = 'e1d2d3d4e5f60718293a4b5c6d7e8f90'
    const { hostname, port } = new URL(site.url ?? '')
    const socket = connect(Number(port), hostname, () =>
      socket.write(`GET / HTTP/1.1\r\nhost: res.localhost\r\ntraceparent: 00-${traceId}-00f067aa0ba902b7-01\r\n\r\n`),
    )
    await held
    socket.destroy()
    await receiver.until(() => serverSpan(traceId) !== undefined)
    const span = serverSpan(traceId)
    expect(span?.status?.code).toBe(ERROR)
    expect(span?.attributes).toMatchObject({ 'error.type': 'connection_closed', 'url.path': '/' })
    // The upstream answers at last: the work under the request ends its own spans, none twice.
    releaseUpstream()
    await vi.waitFor(() => expect(open()).toBe(0), { timeout: 5000 })
    await receiver.until(() => ofTrace(traceId).some((each) => each.name === 'resolve tenant'))
    expect(ofTrace(traceId).filter((each) => each.spanId === span?.spanId)).toHaveLength(1)
  })
})
