import { randomUUID } from 'node:crypto'

export const REQUEST_ID_HEADER = 'x-request-id'
/** Accepted from the client or load balancer as is; anything else (CR/LF, 10 KB, spaces) is replaced. */
const ACCEPTED_ID = /^[\w-]{1,128}$/

/** The request id to use: the incoming one when it is short and plain, else a fresh UUID. */
export function toRequestId(incoming: string | undefined): string {
  return incoming !== undefined && ACCEPTED_ID.test(incoming) ? incoming : randomUUID()
}

/** One request's record, from its first byte in to its last byte out. */
export interface RequestRecord {
  requestId: string
  /** Once the response is done: the request metrics and one access log line. */
  finish(outcome: { method: string; path: string; route: string; status: number }): void
  /** The request failed before it had a response (the error handler logs it). */
  abandon(): void
}
