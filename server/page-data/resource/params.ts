/** Longest search term sent upstream (characters). */
const MAX_QUERY_LENGTH = 100

// Category, pan type and tag keys: letters, digits and a few separators, as the admin creates them.
const FILTER_KEY = /^[\p{L}\p{N}_.-]{1,64}$/u

/** A search term: trimmed and cut to {@link MAX_QUERY_LENGTH} characters (whole code points). */
export function parseQuery(raw: string | null): string {
  const trimmed = (raw ?? '').trim()
  const chars = Array.from(trimmed)
  return chars.length <= MAX_QUERY_LENGTH ? trimmed : chars.slice(0, MAX_QUERY_LENGTH).join('').trim()
}

/** An optional filter key from the query string; a malformed one is ignored rather than sent upstream. */
export function parseFilterKey(raw: string | null): string | null {
  const trimmed = (raw ?? '').trim()
  return FILTER_KEY.test(trimmed) ? trimmed : null
}
