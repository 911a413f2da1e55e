import type { Logger } from 'pino'
import { installTracing } from './tracing.ts'
import type { OtelRuntimeOptions } from './otel-runtime.ts'
import type { SpanCounts } from './trace-runtime.ts'
import type { TracingConfig } from './tracing-env.ts'

/** Tracing as started: `shutdown` sends the spans still held (graceful shutdown). */
export interface StartedTracing {
  on: boolean
  /** Spans recorded and ended so far (none when off). */
  spanCounts(): SpanCounts
  shutdown(): Promise<void>
}

const OFF: StartedTracing = { on: false, spanCounts: () => ({ started: 0, ended: 0 }), shutdown: async () => {} }

/**
 * Starts tracing when a configuration is given (an OTLP endpoint is set). Without one nothing is
 * loaded: the OpenTelemetry packages are imported here, on demand, and the production bundle keeps
 * them in a file of their own (build.mjs), so an instance without an endpoint never loads them.
 */
export async function startTracing(
  config: TracingConfig | null,
  log: Logger,
  options: Omit<OtelRuntimeOptions, 'onExportError'> = {},
): Promise<StartedTracing> {
  if (config === null) return OFF
  const { createOtelRuntime } = await import('./otel-runtime.ts')
  let lastReportedAt = -Infinity
  const runtime = createOtelRuntime(config, {
    ...options,
    // A collector that is down fails every batch: one warning a minute is enough.
    onExportError(error) {
      if (performance.now() - lastReportedAt < 60_000) return
      lastReportedAt = performance.now()
      log.warn({ err: error, url: config.url }, 'spans not sent to the OTLP endpoint')
    },
  })
  installTracing(runtime)
  log.info({ url: config.url, protocol: config.protocol, sampler: config.sampler }, 'tracing to an OTLP endpoint')
  return {
    on: true,
    spanCounts: () => runtime.spanCounts(),
    async shutdown() {
      installTracing(null)
      await runtime.shutdown()
    },
  }
}
