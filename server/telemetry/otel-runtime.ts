import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  type Context,
  createContextKey,
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type Tracer,
  trace,
} from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { ExportResultCode, W3CTraceContextPropagator } from '@opentelemetry/core'
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { BatchSpanProcessor, type SpanExporter, type SpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace'
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions'
import { CACHE_RESULT, TENANT_HOST } from './attributes.ts'
import { samplerOf } from './sampler.ts'
import type {
  OpenSpan,
  RequestTrace,
  RequestTraceStart,
  SpanCounts,
  TraceAttributes,
  TraceRuntime,
} from './trace-runtime.ts'
import type { TraceCarrier } from './trace-carrier.ts'
import type { TracingConfig } from './tracing-env.ts'

export interface OtelRuntimeOptions {
  /** How long ended spans wait to be sent together (the batch processor's schedule). Default 1 s. */
  exportDelayMs?: number
  /** Told when a batch of spans could not be sent to the collector. */
  onExportError?: (error: unknown) => void
}

const MAX_ATTRIBUTE_LENGTH = 1024

/** The request a context belongs to: its span's record and its tenant host. */
interface RequestState {
  host: string | undefined
  trace: RequestTrace
}
const REQUEST = createContextKey('tenant-sites request')

const headerGetter: TextMapGetter<IncomingMessage | Request> = {
  keys: (carrier) => (carrier instanceof Request ? [...carrier.headers.keys()] : Object.keys(carrier.headers)),
  get: (carrier, key) => (carrier instanceof Request ? (carrier.headers.get(key) ?? undefined) : carrier.headers[key]),
}

/**
 * OpenTelemetry's tracer provider with the OTLP/HTTP exporter (protobuf or JSON), a batch span
 * processor (bounded: spans past its queue are dropped, never held without end) and W3C trace
 * context. Its context manager and propagator are this runtime's own, not OpenTelemetry's globals.
 */
export function createOtelRuntime(config: TracingConfig, options: OtelRuntimeOptions = {}): TraceRuntime {
  // Spans recorded and ended: a span left open (never exported, held in memory) shows as the difference.
  const counts: SpanCounts = { started: 0, ended: 0 }
  const provider = createProvider(config, options, counts)
  const tracing = createTracing(provider.getTracer('tenant-sites'))
  const { contexts, propagator } = tracing

  return {
    request: (start, run) => traceRequest(tracing, start, run),
    currentRequest: () => (contexts.active().getValue(REQUEST) as RequestState | undefined)?.trace,
    span: (name, client, attributes, run, remote) => traceSpan(tracing, { name, client, attributes, remote }, run),
    open: (name, attributes) => {
      const parent = contexts.active()
      return tracing.toOpenSpan(tracing.startSpan(name, SpanKind.INTERNAL, attributes, parent), parent)
    },
    inject: (headers) => propagator.inject(contexts.active(), headers, defaultTextMapSetter),
    logFields(): Record<string, string> {
      const span = trace.getSpan(contexts.active())
      if (span === undefined) return {}
      const { traceId, spanId } = span.spanContext()
      return { traceId, spanId }
    },
    spanCounts: () => ({ ...counts }),
    async shutdown() {
      await provider.shutdown()
      contexts.disable()
    },
  }
}

/** The provider: sampled, its attributes bounded, every span counted and exported in batches. */
function createProvider(config: TracingConfig, options: OtelRuntimeOptions, counts: SpanCounts): TracerProvider {
  const exporter = reportingFailures(
    config.protocol === 'http/json' ? new JsonExporter({ url: config.url }) : new ProtobufExporter({ url: config.url }),
    options.onExportError,
  )
  const counting: SpanProcessor = {
    onStart: () => void counts.started++,
    onEnd: () => void counts.ended++,
    forceFlush: () => Promise.resolve(),
    shutdown: () => Promise.resolve(),
  }
  return new TracerProvider({
    resource: resourceFromAttributes(config.resource),
    sampler: samplerOf(config.sampler, config.ratio),
    // A path is the one attribute a visitor writes: its length in a span is bounded like the rest.
    spanLimits: { attributeValueLengthLimit: MAX_ATTRIBUTE_LENGTH },
    spanProcessors: [
      counting,
      new BatchSpanProcessor({ exporter, scheduledDelayMillis: options.exportDelayMs ?? 1000 }),
    ],
  })
}

type Tracing = ReturnType<typeof createTracing>

/** The tracer with this runtime's own context manager and propagator, and how its spans are started. */
function createTracing(tracer: Tracer) {
  /** A span under `parent`, carrying the tenant host of the request `parent` belongs to. */
  function startSpan(name: string, kind: SpanKind, attributes: TraceAttributes, parent: Context): Span {
    const host = (parent.getValue(REQUEST) as RequestState | undefined)?.host
    return tracer.startSpan(name, { kind, attributes: { [TENANT_HOST]: host, ...attributes } }, parent)
  }

  function toOpenSpan(span: Span, parent: Context): OpenSpan {
    let ended = false
    const own = trace.setSpan(parent, span)
    return {
      child: (name) => toOpenSpan(startSpan(name, SpanKind.INTERNAL, {}, own), own),
      set: (attributes) => void span.setAttributes(attributes),
      end(error) {
        if (ended) return
        ended = true
        if (error !== undefined) failed(span, error)
        span.end()
      },
    }
  }

  return {
    tracer,
    contexts: new AsyncLocalStorageContextManager().enable(),
    propagator: new W3CTraceContextPropagator(),
    startSpan,
    toOpenSpan,
  }
}

/** Runs `run` as one request: its server span, ended once by its record or, failing that, as unfinished. */
function traceRequest<T>(tracing: Tracing, start: RequestTraceStart, run: () => T): T {
  const { tracer, contexts, propagator } = tracing
  const parent = start.trustParent ? propagator.extract(ROOT_CONTEXT, start.request, headerGetter) : ROOT_CONTEXT
  const span = tracer.startSpan(
    start.method,
    {
      kind: SpanKind.SERVER,
      attributes: {
        [TENANT_HOST]: start.host,
        [ATTR_HTTP_REQUEST_METHOD]: start.method,
        [ATTR_URL_PATH]: start.path,
      },
    },
    parent,
  )
  let ended = false
  const endOnce = () => {
    if (ended) return false
    ended = true
    return true
  }
  const state: RequestState = { host: start.host, trace: toRequestTrace(span, endOnce) }
  // A request its record never finished (refused by the adapter, its connection closed first, a
  // fault before the record began) still ends its span, once, marked failed.
  const unfinished = (error?: unknown) => {
    if (endOnce()) endUnfinished(span, start.response, error)
  }
  const { response } = start
  let result: T
  try {
    result = contexts.with(trace.setSpan(parent, span).setValue(REQUEST, state), run)
  } finally {
    // Added after `run`: a record finished at 'close' by a listener added in `run` (a cache hit)
    // has ended the span by then, so a hit pays no microtask. A record whose listener comes
    // later (the app's) goes first through the microtask.
    response?.on('close', () => {
      if (!ended) queueMicrotask(unfinished)
    })
  }
  if (response === undefined && result instanceof Promise) result.then(() => unfinished(), unfinished)
  else if (response === undefined) unfinished()
  return result
}

/** The record a request's code finishes its span with; `endOnce` answers false once the span has ended. */
function toRequestTrace(span: Span, endOnce: () => boolean): RequestTrace {
  const { traceId, spanId } = span.spanContext()
  return {
    logFields: { traceId, spanId },
    finish({ method, route, status, cache, bytes }) {
      if (!endOnce()) return
      // Named by the route, never the path: span names stay a small set.
      span.updateName(`${method} ${route}`)
      span.setAttributes({
        [ATTR_HTTP_ROUTE]: route,
        [ATTR_HTTP_RESPONSE_STATUS_CODE]: status,
        [CACHE_RESULT]: cache,
        'http.response.body.size': bytes,
      })
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
      span.end()
    },
  }
}

/** Runs `run` in a span ended when it returns, throws, or its promise settles. */
function traceSpan<T>(
  tracing: Tracing,
  what: { name: string; client: boolean; attributes: TraceAttributes; remote: TraceCarrier | null | undefined },
  run: (span: OpenSpan) => T,
): T {
  const { contexts, propagator } = tracing
  const { remote } = what
  const parent =
    remote === undefined
      ? contexts.active()
      : remote === null
        ? ROOT_CONTEXT
        : propagator.extract(ROOT_CONTEXT, remote, defaultTextMapGetter)
  const raw = tracing.startSpan(what.name, what.client ? SpanKind.CLIENT : SpanKind.INTERNAL, what.attributes, parent)
  const span = tracing.toOpenSpan(raw, parent)
  let result: T
  try {
    result = contexts.with(trace.setSpan(parent, raw), run, undefined, span)
  } catch (error) {
    span.end(error)
    throw error
  }
  if (!(result instanceof Promise)) {
    span.end()
    return result
  }
  return result.then(
    (value) => {
      span.end()
      return value
    },
    (error: unknown) => {
      span.end(error)
      throw error
    },
  ) as typeof result
}

/**
 * Ends a request span its record did not: with the status the adapter answered (a 400 for a
 * request it could not read), or as closed before any answer, failed either way.
 */
function endUnfinished(span: Span, response: ServerResponse | undefined, error: unknown): void {
  if (error !== undefined) failed(span, error)
  else if (response?.headersSent) {
    span.setAttributes({
      [ATTR_HTTP_RESPONSE_STATUS_CODE]: response.statusCode,
      'error.type': String(response.statusCode),
    })
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'answered without a request record' })
  } else {
    span.setAttribute('error.type', 'connection_closed')
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'closed before an answer' })
  }
  span.end()
}

/** Marks a span failed, with the error as its exception event. */
function failed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error))
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' })
}

/** The exporter, telling `onError` of each batch the collector did not take. */
function reportingFailures(exporter: SpanExporter, onError: ((error: unknown) => void) | undefined): SpanExporter {
  if (onError === undefined) return exporter
  return {
    export(spans, done) {
      exporter.export(spans, (result) => {
        if (result.code !== ExportResultCode.SUCCESS) onError(result.error)
        done(result)
      })
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  }
}
