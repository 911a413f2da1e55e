import type { PurgeScope } from '../cache/purge/purge-scope.ts'

/** The CDNs a purge can be forwarded to. */
export type CdnName = 'varnish' | 'cloudflare' | 'fastly'

/**
 * What one purge asks of the CDNs, in the names the shareable answers carry (cache/cdn-tags.ts):
 * everything, keys (a host alone, or `<host>:<tag>`), or published addresses. `hosts` are the
 * tenant's, what a purge too large for one CDN's call bound is widened to (cdn/call-plan.ts).
 */
export type CdnPurge =
  | { kind: 'all'; mode: PurgeScope['mode'] }
  | { kind: 'keys'; mode: PurgeScope['mode']; keys: string[]; hosts?: readonly string[] }
  | { kind: 'addresses'; mode: PurgeScope['mode']; addresses: CdnAddress[]; hosts?: readonly string[] }

/** One published address: a host and a path as visitors request it (percent-encoded, no query). */
export interface CdnAddress {
  host: string
  path: string
}

/** One HTTP request to a CDN. Its headers may carry a credential: they are never logged. */
export interface CdnRequest {
  /** `https://api.example.com` */
  origin: string
  /** Path and query, e.g. `/client/v4/zones/<zone>/purge_cache`. */
  path: string
  method: string
  headers: Record<string, string>
  body?: string
}

/** How a CDN's answer to one request is taken. */
export type CdnVerdict =
  | { kind: 'ok' }
  /** Worth another try after a back-off (429, 5xx). */
  | { kind: 'retry'; reason: string }
  /** Refused for good (bad token, unknown zone or service, a request the CDN will never take). */
  | { kind: 'rejected'; reason: string }

/** One configured CDN: the requests a purge takes there, and how its answers are judged. */
export interface CdnTarget {
  name: CdnName
  /** The requests that carry `purge`, in order; null when this CDN cannot express it. */
  requestsFor(purge: CdnPurge): CdnRequest[] | null
  /** `body` is at most the first few KiB of the answer, as text. */
  verdict(status: number, body: string): CdnVerdict
  /** Values that must never appear in a log line or an answer (the API token). */
  secrets: string[]
  /**
   * Whether the CDN meters purge calls (an API quota shared by every tenant of the zone or service):
   * such a CDN gets them at CDN_PURGE_CALLS_PER_MINUTE. A Varnish of one's own is not metered.
   */
  metered: boolean
}

/**
 * `items` cut into batches of at most `maxCount`, and, when `maxBytes` is given, at most that many
 * bytes once joined with `separator` (a header value's length). An item longer than `maxBytes`
 * alone makes a batch of its own.
 */
export function inBatches(
  items: readonly string[],
  maxCount: number,
  maxBytes = Infinity,
  separator = ' ',
): string[][] {
  const batches: string[][] = []
  let batch: string[] = []
  let bytes = 0
  for (const item of items) {
    const size = Buffer.byteLength(item)
    if (batch.length > 0 && (batch.length >= maxCount || bytes + separator.length + size > maxBytes)) {
      batches.push(batch)
      batch = []
      bytes = 0
    }
    bytes += (batch.length > 0 ? separator.length : 0) + size
    batch.push(item)
  }
  if (batch.length > 0) batches.push(batch)
  return batches
}

/** A status a later try may change: too many requests, a timeout on the way, or a server error. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500
}

/** An API base URL (`https://api.example.com/client/v4/`) as an origin and a path prefix without trailing slash. */
export function toApiBase(url: string): { origin: string; prefix: string } {
  const parsed = new URL(url)
  return { origin: parsed.origin, prefix: parsed.pathname.replace(/\/+$/, '') }
}
