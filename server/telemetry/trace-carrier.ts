/**
 * A span's W3C trace context as it travels inside a message between instances (a purge through
 * Redis): the receiving instance's span becomes its child (W3C Trace Context).
 */
export interface TraceCarrier {
  traceparent: string
  tracestate?: string
}

/**
 * Version 00 exactly: a trace id and a parent id in lowercase hex, neither all zeros, and the flags.
 * W3C Trace Context, "traceparent Header Field Values".
 */
const TRACEPARENT = /^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/
/** Printable ASCII, within the 512 characters the specification asks a carrier to pass on. */
const TRACESTATE = /^[\x20-\x7e]{1,512}$/

/**
 * The trace context a message carries, or undefined when it carries none or a malformed one: the
 * message is still taken, its trace context only ever read as a parent id.
 */
export function toTraceCarrier(traceparent: unknown, tracestate: unknown): TraceCarrier | undefined {
  if (typeof traceparent !== 'string' || !TRACEPARENT.test(traceparent)) return undefined
  if (typeof tracestate !== 'string' || !TRACESTATE.test(tracestate)) return { traceparent }
  return { traceparent, tracestate }
}
