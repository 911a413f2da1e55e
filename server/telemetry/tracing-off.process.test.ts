import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { captureLog } from '../../test/log-capture.ts'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { startOtlpReceiver } from '../../test/otlp-receiver.ts'
import { startTracing } from './start-tracing.ts'
import { toTracingConfig, tracingEnvShape } from './tracing-env.ts'
import { z } from 'zod'

// Counts the loads of the module that imports the OpenTelemetry SDK (the real one is loaded).
const loads = vi.hoisted(() => ({ count: 0 }))
vi.mock('./otel-runtime.ts', async (importOriginal) => {
  loads.count += 1
  return importOriginal()
})

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'
const tracingEnv = z.object(tracingEnvShape)

describe('tracing off (no OTLP endpoint set)', () => {
  let site: TestSite
  const captured = captureLog('info')
  const sent: (string | null)[] = []

  beforeAll(async () => {
    site = await startTestSite({
      listen: true,
      log: captured.log,
      app: { trustProxy: 1 },
      upstream: (request, demo) => {
        sent.push(request.headers.get('traceparent'))
        return demo(request)
      },
    })
  })
  afterAll(() => site?.close())

  it('loads no OpenTelemetry code, passes no trace on and logs no trace id', async () => {
    const config = toTracingConfig(tracingEnv.parse({ OTEL_SERVICE_NAME: 'x', OTEL_TRACES_SAMPLER: 'always_on' }), '1')
    expect(config).toBeNull()
    const tracing = await startTracing(config, pino({ level: 'silent' }))
    expect(tracing.on).toBe(false)

    const response = await site.request('/', { via: 'listener', headers: { traceparent: TRACEPARENT } })
    expect(response.status).toBe(200)
    await response.text()
    expect(loads.count).toBe(0)
    expect(sent.length).toBeGreaterThan(0)
    expect(sent.every((value) => value === null)).toBe(true)
    const access = captured.lines.find((line) => line.msg === 'request')
    expect(access).toBeDefined()
    expect(access).not.toHaveProperty('traceId')
  })

  it('loads it once an endpoint is set (the count above can tell)', async () => {
    const receiver = await startOtlpReceiver()
    const env = tracingEnv.parse({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: receiver.url })
    const tracing = await startTracing(toTracingConfig(env, '1'), pino({ level: 'silent' }))
    expect(tracing.on).toBe(true)
    expect(loads.count).toBe(1)
    await tracing.shutdown()
    await receiver.close()
  })
})
