import { randomUUID } from 'node:crypto'
import type { RequestSeries } from '../metrics/request-series.ts'
import type { ServerResponse } from 'node:http'
import type { CacheResult } from './cache-status.ts'

export const REQUEST_ID_HEADER = 'x-request-id'
/** Accepted from the client or load balancer as is; anything else (CR/LF, 10 KB, spaces) is replaced. */
const ACCEPTED_ID = /^[\w-]{1,128}$/

/** The request id to use: the incoming one when it is short and plain, else a fresh UUID. */
export function toRequestId(incoming: string | undefined): string {
  return incoming !== undefined && ACCEPTED_ID.test(incoming) ? incoming : randomUUID()
}

/** How a request was answered, for its metrics and access log line. */
export interface RequestOutcome {
  method: string
  path: string
  route: string
  status: number
  /** The validated tenant host (never a raw header); absent when the host was refused. */
  host: string | undefined
  cache: CacheResult
  /** The body's length when known (its Content-Length), for an answer without a socket to count. */
  bytes: number | undefined
  /**
   * The request metrics of this route, method and status when the caller holds them
   * (`metrics.requestSeries`, found once for a page answered many times): recorded without a lookup.
   */
  series?: RequestSeries
}

/** One request's record, from its first byte in to its last byte out. */
export interface RequestRecord {
  requestId: string
  /** The response's status and headers are decided and its first bytes go out now (the first call counts). */
  firstByte(): void
  /** `Server-Timing` of the time so far (to the shell), or null when the operator left it off. */
  serverTiming(): string | null
  /** Once the response is done: the request metrics and one access log line. */
  finish(outcome: RequestOutcome): void
  /** The request failed before it had a response (the error handler logs it). */
  abandon(): void
}

/**
 * Starts request records (middleware/request-context.ts `requestRecorder`); `together` runs a piece
 * of work whose records' access lines leave as one write (middleware/access-line.ts).
 */
export interface RequestRecorder {
  begin(incomingId: string | undefined, outgoing?: ServerResponse): RequestRecord
  together(run: () => void): void
}

/**
 * Runs `done` once a response has left: at once when the socket took the whole of it in its write
 * (as a rule for a kept page), or when there is no socket (`app.request()`); else at its close,
 * when the last byte is out or the visitor has gone.
 */
export function whenSent(outgoing: ServerResponse | undefined, done: () => void): void {
  if (outgoing === undefined || outgoing.writableFinished) done()
  else outgoing.once('close', done)
}
