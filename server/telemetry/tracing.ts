import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AdmittedRequest } from '../http/request-facts.ts'
import type { ProxyTrust } from '../http/trusted-forwarding.ts'
import { toRequestTraceStart } from './request-trace-start.ts'
import type { TraceCarrier } from './trace-carrier.ts'
import type { OpenSpan, RequestTrace, TraceAttributes, TraceRuntime } from './trace-runtime.ts'

/**
 * The hooks the server's code calls to trace its work. With tracing off (no OTLP endpoint) the
 * runtime is absent and every hook is one comparison: the OpenTelemetry packages are never loaded
 * (start-tracing.ts). OpenTelemetry keeps its tracer provider process-wide; so does this, the one
 * runtime being installed once at start by server/index.ts (or by a test).
 */
let runtime: TraceRuntime | null = null

/** Installs the runtime the hooks use (null: tracing off). */
export function installTracing(next: TraceRuntime | null): void {
  runtime = next
}

const NONE: TraceAttributes = {}

/**
 * Runs a request's handling inside its span (lifecycle/front-door.ts), cache hits included. The
 * span ends once: by the request record, or else at `response`'s close (or when `run` settles,
 * without Node's response), marked failed, so a request that never reaches its record (refused by
 * the adapter, its connection closed first) leaves no span open.
 */
export function traceRequest<T>(
  admitted: AdmittedRequest,
  request: IncomingMessage | Request,
  trust: ProxyTrust,
  response: ServerResponse | undefined,
  run: () => T,
): T {
  return runtime === null ? run() : runtime.request(toRequestTraceStart(admitted, request, trust, response), run)
}

/** The span of the request the caller runs in, for its record and access line; undefined when off. */
export function currentRequestTrace(): RequestTrace | undefined {
  return runtime?.currentRequest()
}

/**
 * Runs `run` in a span named `name` (an INTERNAL span, or a CLIENT span for a call to another
 * service), ended when it returns or its promise settles; a throw or rejection marks it failed.
 */
export function inSpan<T>(
  name: string,
  run: (span: OpenSpan | undefined) => T,
  attributes: TraceAttributes = NONE,
  client = false,
): T {
  return runtime === null ? run(undefined) : runtime.span(name, client, attributes, run)
}

/**
 * Runs `run` in a span whose parent is a span of another instance (its trace context carried in a
 * message, validated: trace-carrier.ts), or a trace of its own without one.
 */
export function inSpanContinuing<T>(
  parent: TraceCarrier | undefined,
  name: string,
  run: (span: OpenSpan | undefined) => T,
  attributes: TraceAttributes = NONE,
): T {
  return runtime === null ? run(undefined) : runtime.span(name, false, attributes, run, parent ?? null)
}

/** The active span's trace context, for a message to another instance; undefined outside any span or when off. */
export function currentTraceCarrier(): TraceCarrier | undefined {
  if (runtime === null) return undefined
  const headers: Record<string, string> = {}
  runtime.inject(headers)
  const { traceparent, tracestate } = headers
  if (traceparent === undefined) return undefined
  return tracestate === undefined ? { traceparent } : { traceparent, tracestate }
}

/** A span ended by the caller (e.g. a render, whose shell and end come from React's callbacks). */
export function openSpan(name: string, attributes: TraceAttributes = NONE): OpenSpan | undefined {
  return runtime?.open(name, attributes)
}

/** Adds the W3C `traceparent` and `tracestate` of the active span to an outgoing call's headers. */
export function traceHeaders(headers: Record<string, string>): void {
  runtime?.inject(headers)
}

/**
 * Pino's `mixin` (logger.ts, set only when tracing is on): the active span's `traceId` and `spanId`
 * in every line logged inside it. A new object each time: pino merges the line's fields into it.
 */
export function traceLogFields(): Record<string, string> {
  return runtime === null ? {} : runtime.logFields()
}
