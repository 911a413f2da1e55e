import type { z } from 'zod'

import { envelope, type Envelope } from '../../shared/api/envelope.ts'

/**
 * Status codes the demo answers with. The numbers are fixed by API.md, except 912 (a wrong code), the
 * demo's own choice; 100, fixed there for refused form input, the demo also uses for other refused bodies.
 */
export const STATUS = {
  ok: 0,
  invalidInput: 100,
  unauthorized: 401,
  notFound: 404,
  alreadyRegistered: 910,
  noSuchAccount: 911,
  wrongCode: 912,
  wrongCredentials: 914,
  sendRefused: 903,
  shareLinkError: 1030,
  shareLinkExpired: 1031,
  sendTooOften: 1132,
} as const

export function ok(data: unknown = null): Envelope {
  return envelope(STATUS.ok, 'success', data)
}

export function fail(status: number, info: string, data: unknown = null): Envelope {
  return envelope(status, info, data)
}

/** One readable line out of a zod error, e.g. `page_size: Too big: expected number to be <=100`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ')
}

/** Cuts a list into a 1-based page. */
export function paginate<T>(rows: readonly T[], page: number, pageSize: number): { rows: T[]; total: number } {
  const start = (page - 1) * pageSize
  return { rows: rows.slice(start, start + pageSize), total: rows.length }
}
