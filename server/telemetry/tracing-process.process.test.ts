import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OtlpReceiver, startOtlpReceiver } from '../../test/otlp-receiver.ts'
import { rawConnection } from '../../test/raw-http.ts'
import { type DemoUpstream, startDemoUpstream, useServerProcesses } from '../../test/server-process.ts'

// The production bundle as server/index.ts runs it: tracing started from OpenTelemetry's variables,
// the runtime loaded from its own file, and the spans still held sent when SIGTERM stops it.

const TRACE_ID = '5bf92f3577b34da6a3ce929d0e0e4737'
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`

describe('a server process with an OTLP endpoint', { timeout: 60_000 }, () => {
  const received: (string | null)[] = []
  const processes = useServerProcesses<DemoUpstream>(() =>
    startDemoUpstream((request, demo) => {
      received.push(request.headers.get('traceparent'))
      return demo(request)
    }),
  )
  let receiver: OtlpReceiver
  beforeAll(async () => {
    receiver = await startOtlpReceiver()
  })
  afterAll(() => receiver?.close())

  it('traces a request under the proxy’s trace, logs its trace id, and sends its spans at SIGTERM', async () => {
    const server = await processes.start({
      NODE_ENV: 'production',
      API_BASE_URL: processes.upstream.url,
      TRUST_PROXY: '1',
      SHUTDOWN_DELAY_MS: '0',
      // The base endpoint: the exporter posts to its v1/traces.
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url.replace(/v1\/traces$/, ''),
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'sites-process-test',
    })
    expect(server.lines.some((line) => line.msg === 'tracing to an OTLP endpoint')).toBe(true)
    const connection = await rawConnection(server.port)
    expect((await connection.get('/', { traceparent: TRACEPARENT })).status).toBe(200)
    connection.destroy()
    expect(received.some((value) => value?.includes(TRACE_ID))).toBe(true)

    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    await receiver.until(() => receiver.jsonSpans().some((span) => span.traceId === TRACE_ID && span.kind === 2))
    const spans = receiver.jsonSpans().filter((span) => span.traceId === TRACE_ID)
    expect(spans.map((span) => span.name)).toEqual(expect.arrayContaining(['render', 'resolve tenant']))
    expect(spans[0]?.resource).toMatchObject({ 'service.name': 'sites-process-test', 'service.version': '0.1.0' })
    const access = server.lines.find((line) => line.msg === 'request' && line.path === '/')
    expect(access).toMatchObject({ traceId: TRACE_ID, host: 'res.localhost' })
  })
})
