import { type CounterSeries, countOne, type PlainCounter } from './plain-counter.ts'
import { type HistogramSeries, observeOne, type PlainHistogram } from './plain-histogram.ts'

/** The request metrics of one route, method and status: what a finished request with them records. */
export interface RequestSeries {
  /** A finished request: its duration and time to its first byte, in seconds. */
  observe(seconds: number, ttfbSeconds: number): void
}

/** The three request metrics (metric-definitions.ts `requests`, `requestSeconds`, `firstByteSeconds`). */
export interface RequestMetricTables {
  requests: PlainCounter
  requestSeconds: PlainHistogram
  firstByteSeconds: PlainHistogram
}

/** Methods labelled as they are; any other is `OTHER`, so a client's made-up method adds no series. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** A status the server chose, 100 to 599: labelled by its code, any other as `other`. */
function isStatusCode(status: number): boolean {
  return Number.isInteger(status) && status >= 100 && status < 600
}

function statusClassOf(status: number): string {
  return `${Math.floor(status / 100)}xx`
}

function toRequestSeries(tables: RequestMetricTables, route: string, method: string, status: number): RequestSeries {
  const statusClass = statusClassOf(status)
  const code = isStatusCode(status) ? String(status) : 'other'
  const counted: CounterSeries = tables.requests.series([route, method, statusClass, code])
  const timed: HistogramSeries = tables.requestSeconds.series([route, method, statusClass])
  const firstByte: HistogramSeries = tables.firstByteSeconds.series([route])
  return {
    observe(seconds, ttfbSeconds) {
      // prom-client refuses such a value too: a sum once NaN or infinite would stay so for good.
      if (!Number.isFinite(seconds) || !Number.isFinite(ttfbSeconds)) {
        throw new TypeError(`request times must be finite numbers: ${seconds}, ${ttfbSeconds}`)
      }
      countOne(counted)
      observeOne(timed, seconds)
      observeOne(firstByte, ttfbSeconds)
    },
  }
}

/**
 * Finds the request metrics of a route, method and status, each made once and kept: recording a
 * request then costs a few map lookups and additions, where prom-client builds and hashes a label
 * object per metric per call. Series are keyed by what their labels hold (a method outside METHODS
 * as `OTHER`, a status outside 100–599 by its class), so there are never more than the labels allow.
 */
export function createRequestSeries(
  tables: RequestMetricTables,
): (route: string, method: string, status: number) => RequestSeries {
  const byRoute = new Map<string, Map<string, Map<number | string, RequestSeries>>>()
  return function requestSeries(route, method, status) {
    const folded = METHODS.has(method) ? method : 'OTHER'
    // Nested maps keyed by the strings and number as they come: no key is built per request.
    const statusKey = isStatusCode(status) ? status : statusClassOf(status)
    let byMethod = byRoute.get(route)
    if (byMethod === undefined) {
      byMethod = new Map()
      byRoute.set(route, byMethod)
    }
    let byStatus = byMethod.get(folded)
    if (byStatus === undefined) {
      byStatus = new Map()
      byMethod.set(folded, byStatus)
    }
    let found = byStatus.get(statusKey)
    if (found === undefined) {
      found = toRequestSeries(tables, route, folded, status)
      byStatus.set(statusKey, found)
    }
    return found
  }
}
