import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { envelope } from '../../shared/api/envelope.ts'

/** Answers of the same-origin API are personal (cookies, account results): no cache keeps them. */
export const API_NO_STORE = { 'cache-control': 'private, no-store' } as const

/**
 * A refusal of the same-origin API: the envelope every answer of that API has (so the browser reads
 * them all the same way), its status the HTTP status, never stored.
 */
export function jsonError(
  c: Context,
  status: ContentfulStatusCode,
  info: string,
  headers: Record<string, string> = {},
): Response {
  return c.json(envelope(status, info), status, { ...API_NO_STORE, ...headers })
}
