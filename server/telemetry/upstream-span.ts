import { inSpan } from './tracing.ts'

/**
 * An upstream call as a CLIENT span named by its API path label (upstream/api-paths.ts): one of
 * the contract's paths, or `other` for a path built from visitor input (the same-origin API proxy),
 * so span names stay a fixed set. Every call is a POST (docs/API.md "Transport").
 */
export function traceUpstreamCall<T>(apiPathLabel: string, run: () => Promise<T>): Promise<T> {
  return inSpan(`POST ${apiPathLabel}`, run, { 'http.request.method': 'POST' }, true)
}
