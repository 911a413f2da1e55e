import type { ZodType } from 'zod'
import { UpstreamBadResponseError, type UpstreamErrorOptions } from '../errors.ts'
import { parseEnvelope, type Envelope } from '../../shared/api/envelope.ts'

// The envelope rules of the upstream contract (docs/API.md "Transport"), apart from the transport.

/**
 * Parses an upstream `data` value with `schema`: a shape mismatch is an UpstreamBadResponseError
 * naming the call. Also used for values read back from a cache.
 */
export function parseUpstreamData<T>(schema: ZodType<T>, data: unknown, where: UpstreamErrorOptions): T {
  const parsed = schema.safeParse(data)
  if (!parsed.success)
    throw new UpstreamBadResponseError(describeIssue(parsed.error.issues), { ...where, cause: parsed.error })
  return parsed.data
}

/** The envelope of an upstream answer (`undefined` when the body was not JSON), or why it is none. */
export function toEnvelope(json: unknown, where: UpstreamErrorOptions): Envelope {
  if (json === undefined) throw new UpstreamBadResponseError('body is not JSON', where)
  const parsed = parseEnvelope(json)
  if (parsed !== null) return parsed
  const isObject = typeof json === 'object' && json !== null && !Array.isArray(json)
  throw new UpstreamBadResponseError(
    isObject ? 'envelope has no numeric status' : 'body is not an envelope object',
    where,
  )
}

/** SPEC §7: status 0 → data (arrays kept, objects shallow-copied); otherwise the whole envelope. */
export function unwrap(envelope: Envelope): unknown {
  if (envelope.status !== 0) return { ...envelope }
  const { data } = envelope
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) return { ...data }
  return data
}

function describeIssue(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const first = issues[0]
  if (!first) return 'data has the wrong shape'
  const path = first.path.map(String).join('.') || '(root)'
  const more = issues.length > 1 ? ` and ${issues.length - 1} more` : ''
  return `data has the wrong shape at ${path}: ${first.message}${more}`
}
