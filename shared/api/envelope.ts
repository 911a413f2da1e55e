// The one shape every answer of the upstream API has, and of the same-origin API in front of it
// (API.md "Transport"): built, typed and parsed here only, on both sides. No schema library: the
// browser's first page load carries this module.

/** `{ status, info, data }`: status 0 is success; any other number is the call's refusal. */
export interface Envelope {
  status: number
  info: string
  data: unknown
}

/** An envelope; `data` is null unless given. */
export function envelope(status: number, info: string, data: unknown = null): Envelope {
  return { status, info, data }
}

/**
 * Parses an envelope: an object with an integer `status` (or a numeric string, as some backends
 * send); a missing `info` reads as '' and a missing `data` as null. Anything else is null.
 */
export function parseEnvelope(json: unknown): Envelope | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null
  const record = json as Record<string, unknown>
  const status = statusOf(record.status)
  if (status === null) return null
  return envelope(status, typeof record.info === 'string' ? record.info : '', record.data ?? null)
}

function statusOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value)
  return null
}
