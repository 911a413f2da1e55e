import { createHash } from 'node:crypto'

/**
 * Between two parts of a body: a byte that never occurs in UTF-8 text, so parts `['ab', 'c']` and
 * `['a', 'bc']` never give the same tag.
 */
const PART_SEPARATOR = Buffer.from([0xff])

/**
 * The entity tag of a body given in parts: a page's text cut where its per-response nonce goes (the
 * nonce itself never counts), or a whole file as one part. Weak (RFC 9110 §8.8.1): the bytes sent
 * differ by nonce and by content coding, while the content they carry is the same.
 */
export function etagOf(parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256')
  parts.forEach((part, index) => {
    if (index > 0) hash.update(PART_SEPARATOR)
    hash.update(part)
  })
  return `W/"${hash.digest('base64url').slice(0, 27)}"`
}

/** `"…"` or `W/"…"`, one element of an `If-None-Match` list (RFC 9110 §8.8.3). */
const ENTITY_TAG = /^(?:W\/)?("[\x21\x23-\x7e\x80-\xff]*")$/
/** One element of a comma-separated list, possibly empty (RFC 9110 §5.6.1: empty elements are ignored). */
const LIST_ELEMENT = /\s*((?:W\/)?"[^"]*"|[^,\s]+)?\s*(?:,|$)/y

/**
 * Whether `If-None-Match` names the current representation, whose tag is `etag` (RFC 9110 §13.1.2):
 * `*`, or a list holding a tag equal to it by weak comparison (the opaque parts match, either may be
 * weak). A field that is not a valid list of entity tags is ignored (no match), so the full answer
 * goes out.
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  const field = header.trim()
  if (field === '*') return true
  const current = ENTITY_TAG.exec(etag)?.[1]
  if (current === undefined || field === '') return false
  let matched = false
  LIST_ELEMENT.lastIndex = 0
  while (LIST_ELEMENT.lastIndex < field.length) {
    const start = LIST_ELEMENT.lastIndex
    const element = LIST_ELEMENT.exec(field)
    if (element === null || LIST_ELEMENT.lastIndex === start) return false
    if (element[1] === undefined) continue
    const opaque = ENTITY_TAG.exec(element[1])?.[1]
    if (opaque === undefined) return false
    if (opaque === current) matched = true
  }
  return matched
}

/**
 * Headers a 304 carries from the 200 it stands for: those RFC 9110 §15.4.5 requires (Cache-Control,
 * Content-Location, Date, ETag, Expires, Vary), the age and CDN tags that guide the caches updating
 * their copy, what this server's cache did (RFC 9211 Cache-Status) and the request id. Nothing that describes a body (length, coding, type), and no
 * Content-Security-Policy: a cache takes a 304's fields into its stored response (RFC 9111 §4.3.4),
 * and a fresh nonce there would block the scripts of the stored page, which carry the old one.
 */
const NOT_MODIFIED_CARRIED = new Set([
  'cache-control',
  'cdn-cache-control',
  'content-location',
  'date',
  'etag',
  'expires',
  'vary',
  'age',
  'cache-tag',
  'surrogate-key',
  'cache-status',
  'x-request-id',
])

/** The headers of the 304 answered in place of a 200 with `headers`. */
export function notModifiedHeaders(headers: Iterable<[string, string]>): Record<string, string> {
  const carried: Record<string, string> = {}
  for (const [name, value] of headers) {
    const lower = name.toLowerCase()
    if (NOT_MODIFIED_CARRIED.has(lower)) carried[lower] = value
  }
  return carried
}

/**
 * Whether an answer may be validated by its tag for anyone who asks: a 200 that sets no cookie and
 * that shared caches may keep. A private answer (a cookie, `private`, `no-store`) carries no tag,
 * so no 304 ever confirms one visitor's copy to another.
 */
export function isShareable(status: number, cacheControl: string | null | undefined, setsCookie: boolean): boolean {
  if (status !== 200 || setsCookie) return false
  return !/(?:^|,)\s*(?:private|no-store)\s*(?:[,=]|$)/i.test(cacheControl ?? '')
}
