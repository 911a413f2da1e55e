import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TraceCarrier } from './trace-carrier.ts'

/** Span attribute values: what OpenTelemetry accepts, kept to the plain kinds the server sets. */
export type TraceAttributes = Record<string, string | number | boolean | undefined>

/** A span whose end the caller decides (a render's shell, its completion). */
export interface OpenSpan {
  /** A span under this one, started now. */
  child(name: string): OpenSpan
  set(attributes: TraceAttributes): void
  /** Ends the span; an error marks it failed. A second end is ignored. */
  end(error?: unknown): void
}

/** How a request ended, as its access line says it. */
export interface RequestTraceOutcome {
  method: string
  route: string
  status: number
  cache: string
  bytes: number
}

/** The request's own span, as the request record (middleware/request-context.ts) sees it. */
export interface RequestTrace {
  /** `traceId` and `spanId` of the request's span, for its access line. */
  logFields: { traceId: string; spanId: string }
  /** Names the span after the route, records the outcome and ends it. */
  finish(outcome: RequestTraceOutcome): void
}

/** What the request span starts from: the tenant host the door decided and the request's headers. */
export interface RequestTraceStart {
  method: string
  path: string
  /** The validated tenant host; undefined when the door refused it. */
  host: string | undefined
  /** The request as it came: its `traceparent` and `tracestate` are read from it when trusted. */
  request: IncomingMessage | Request
  /** Whether the hop in front is trusted (TRUST_PROXY ≥ 1): only then is a `traceparent` adopted. */
  trustParent: boolean
  /**
   * Node's response, when there is one: the span ends at its 'close' if the request record has not
   * ended it by then. Without one (a web Request) it ends when the handling settles.
   */
  response: ServerResponse | undefined
}

/** Spans started and ended so far, all kinds: the difference is what is open now. */
export interface SpanCounts {
  started: number
  ended: number
}

/**
 * What the OpenTelemetry side (otel-runtime.ts, loaded only when an endpoint is set) provides to
 * the hooks of tracing.ts. Every span started here is a child of the active one and carries the
 * tenant host of the request it belongs to.
 */
export interface TraceRuntime {
  request<T>(start: RequestTraceStart, run: () => T): T
  /** The active request's span, if the code runs inside one. */
  currentRequest(): RequestTrace | undefined
  /**
   * Runs `run` in a span that ends when it returns or its promise settles: a child of the active
   * span, or of `remote` (another instance's span; null: a trace of its own) when given.
   */
  span<T>(
    name: string,
    client: boolean,
    attributes: TraceAttributes,
    run: (span: OpenSpan) => T,
    remote?: TraceCarrier | null,
  ): T
  /** A span under the active one, ended by the caller. */
  open(name: string, attributes: TraceAttributes): OpenSpan
  /** Adds `traceparent` (and `tracestate`) of the active span to outgoing headers. */
  inject(headers: Record<string, string>): void
  /** `traceId` and `spanId` of the active span, for a log line; empty outside any span. */
  logFields(): Record<string, string>
  spanCounts(): SpanCounts
  /** Ends tracing: the spans still held are sent (within a deadline). */
  shutdown(): Promise<void>
}
