import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AdmittedRequest } from '../http/request-facts.ts'
import type { ProxyTrust } from '../http/trusted-forwarding.ts'
import type { RequestTraceStart } from './trace-runtime.ts'

/** Methods named as they are; any other is `_OTHER` (OpenTelemetry's HTTP conventions), so span names stay a fixed set. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/**
 * What a request's span starts from. A `traceparent` is adopted only from a trusted hop
 * (TRUST_PROXY ≥ 1): a visitor talking to the instance directly could otherwise join its requests
 * to any trace, or mark them sampled and make every instance record and send their spans. The
 * shipped proxies drop a visitor's `traceparent` and `tracestate` (docs/deploy/), so what reaches
 * the instance through them was set by the operator's own tracing, if any.
 */
export function toRequestTraceStart(
  admitted: AdmittedRequest,
  request: IncomingMessage | Request,
  trust: ProxyTrust,
  response: ServerResponse | undefined,
): RequestTraceStart {
  return {
    method: METHODS.has(admitted.facts.method) ? admitted.facts.method : '_OTHER',
    path: admitted.facts.target.pathname,
    host: admitted.host.ok ? admitted.host.host : undefined,
    request,
    trustParent: trust.hops > 0,
    response,
  }
}
