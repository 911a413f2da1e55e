import Negotiator from 'negotiator'

export type Encoding = 'br' | 'gzip'

/**
 * zlib's memory level for every gzip pass of a response. At the default (8) a pass allocates two
 * more 64 KiB blocks (its hash table and its output buffer); under the serve script's glibc mapping
 * threshold (32 KiB) a block that size is mapped anew whenever the heap has no free one, and faulted
 * in page by page, and the HTML cache compresses a page in one pass per segment. At 6 they are
 * 16 KiB and come from the heap: the post's miss went from 13.2–16.2 to 8.2–9.1 CPU ms per request
 * (`npm run profile -- --only=post --miss`), for bodies within 0.1 % of the same bytes on the bench
 * pages (a little smaller for a whole 109 KiB page at level 3).
 */
export const GZIP_MEM_LEVEL = 6

/**
 * The encoding to use for an `Accept-Encoding` value among those `available` (br, then gzip),
 * honouring q-values (RFC 9110 §12.5.3); null for identity.
 */
export function negotiateEncoding(acceptEncoding: string | undefined, available: readonly Encoding[] = ['br', 'gzip']): Encoding | null {
  if (!acceptEncoding) return null
  if (acceptEncoding.length > NEGOTIATED_KEY_MAX) return negotiate(acceptEncoding, available)
  const key = `${available.join(',')} ${acceptEncoding}`
  const known = negotiated.get(key)
  if (known !== undefined) return known
  const encoding = negotiate(acceptEncoding, available)
  // Browsers send a handful of distinct values; hostile variety only refills the memo.
  if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear()
  negotiated.set(key, encoding)
  return encoding
}

const NEGOTIATED_MAX = 256
const NEGOTIATED_KEY_MAX = 128
const negotiated = new Map<string, Encoding | null>()

function negotiate(acceptEncoding: string, available: readonly Encoding[]): Encoding | null {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } })
  // negotiator 1 takes a server preference for equal q-values (browsers list gzip before br);
  // its type definitions predate that second parameter.
  const encodings: (available: readonly string[], options: { preferred: readonly string[] }) => string[] = negotiator.encodings
  const best = encodings.call(negotiator, available, { preferred: available })[0]
  return best === 'br' || best === 'gzip' ? best : null
}
