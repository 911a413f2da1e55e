import { constants } from 'node:zlib'
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
 * Text up to this size is compressed on the event loop, by a per-request answer and by the HTML
 * cache alike (about a millisecond for a 100–150 KiB page); larger text on the thread pool. Under
 * load the hand-offs (one per piece of a kept page) cost more than the compression itself and left
 * the loop idle while requests waited.
 */
export const SYNC_MAX_BYTES = 1_048_576

/**
 * Brotli of a response compressed for its request (a render, a payload), and of the page the HTML
 * cache keeps from a visitor's render, which is that same answer. Quality 0 is brotli's one-pass
 * compressor with small tables; from quality 1 on the encoder sets up tables of hundreds of KiB
 * per response, which the allocator maps and the kernel faults in anew each time. Uncached, as the
 * server runs (`npm run profile`, two rounds alternated), quality 0 took the res home from 9.7 to
 * 7.4–8.4 and the land home from 10.5–11.4 to 7.3–8.1 CPU ms per request, for about 4 % more bytes
 * (26.5 against 25.5 KiB for the 109 KiB res home). A 256 KiB window covers any page whole (the
 * default 4 MiB one is allocated per response, and freed memory from it stays with the allocator of
 * whichever thread compressed).
 */
export const ANSWER_BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 0, [constants.BROTLI_PARAM_LGWIN]: 18 }

/**
 * The encoding to use for an `Accept-Encoding` value among those `available` (br, then gzip),
 * honouring q-values (RFC 9110 §12.5.3); null for identity.
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[] = ['br', 'gzip'],
): Encoding | null {
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
  const encodings: (available: readonly string[], options: { preferred: readonly string[] }) => string[] =
    negotiator.encodings
  const best = encodings.call(negotiator, available, { preferred: available })[0]
  return best === 'br' || best === 'gzip' ? best : null
}
