import { traceHeaders } from '../telemetry/tracing.ts'
import type { UpstreamCallContext } from './call-context.ts'

/** Every upstream call is a POST (docs/API.md "Transport"). */
export const METHOD = 'POST'

/** The request headers of one call: the contract's fixed ones and what the caller's context says. */
export function toHeaders(context: UpstreamCallContext): Record<string, string> {
  // The two APP-* headers are part of the contract even though the public site never has credentials.
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'APP-USERNAME': '',
    'APP-TOKEN': '',
    'user-agent': context.userAgent,
    referer: context.referer,
    'app-domain': context.appDomain,
  }
  if (context.siteId !== undefined) headers['Site-Id'] = context.siteId
  if (context.cookie !== undefined) headers.cookie = context.cookie
  if (context.requestId !== undefined) headers['x-request-id'] = context.requestId
  if (context.forwardedFor !== undefined) headers['x-forwarded-for'] = context.forwardedFor
  // The W3C trace context of the call's span (tracing on), so the upstream's spans join the trace.
  traceHeaders(headers)
  return headers
}

/** A declared Content-Length when it is a plain decimal number; anything else is no declaration at all. */
export function contentLength(value: string | string[] | undefined): number | undefined {
  const text = firstValue(value)
  if (text === undefined || !/^\d+$/.test(text)) return undefined
  return Number(text)
}

/** A header's values as a list, however undici handed them over. */
export function toList(value: string | string[] | undefined): string[] {
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}

/** A header's first value, however undici handed it over. */
export function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

/** True for `application/json` and structured `+json` suffix types, parameters and case aside. */
export function isJsonType(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)
}
