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
 * honouring q-values (RFC 9110 §12.5.3); null for identity. Runs on every answer, cache hits
 * included, and keeps nothing between calls: the lists browsers send (`gzip, deflate, br, zstd`,
 * with or without weights) are read here in well under a microsecond; anything else (quoted
 * parameters, other parameters, empty members) goes to negotiator, which takes about 12 µs.
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[] = ['br', 'gzip'],
): Encoding | null {
  if (!acceptEncoding) return null
  const weights = simpleWeights(acceptEncoding)
  if (weights === null) return negotiate(acceptEncoding, available)
  let best: Encoding | null = null
  let bestQ = 0
  // A coding named outright takes its own weight, else the wildcard's; on equal weights the
  // server's order (`available`) decides, as browsers list gzip before br.
  for (const coding of available) {
    const own = coding === 'br' ? weights.br : weights.gzip
    const q = own >= 0 ? own : Math.max(weights.any, 0)
    if (q > bestQ) {
      best = coding
      bestQ = q
    }
  }
  return best
}

/** The weights of br, gzip and `*` in a header (-1: not named). */
interface Weights {
  br: number
  gzip: number
  any: number
}

const SPACE = 0x20
const TAB = 0x09
const COMMA = 0x2c
const SEMICOLON = 0x3b
/** What readMember answers for a member that is not plain. */
const NOT_PLAIN = -1

/**
 * The weights of a list of plain members (`token` or `token;q=0.5`, as RFC 9110 §12.5.3 lists codings), read in one
 * pass over the characters (the highest weight when a coding is named twice); null when a member
 * is anything else, for negotiator to read.
 */
function simpleWeights(header: string): Weights | null {
  const weights: Weights = { br: -1, gzip: -1, any: -1 }
  // Up to the end included: an empty last member (a trailing comma) is not plain.
  let i = 0
  while (i <= header.length) {
    i = readMember(header, i, weights)
    if (i === NOT_PLAIN) return null
  }
  return weights
}

/**
 * Reads the member at `at` (a coding, then optionally `;q=` and a weight) into `weights`. Answers
 * where the next member starts, past its comma, or NOT_PLAIN.
 */
function readMember(header: string, at: number, weights: Weights): number {
  const start = skipSpace(header, at)
  const nameEnd = skipToken(header, start)
  if (nameEnd === start) return NOT_PLAIN
  let i = skipSpace(header, nameEnd)
  let q = 1
  if (i < header.length && header.charCodeAt(i) === SEMICOLON) {
    const read = readWeightParameter(header, i + 1)
    if (read === null) return NOT_PLAIN
    q = read.q
    i = read.next
  }
  if (i < header.length && header.charCodeAt(i) !== COMMA) return NOT_PLAIN
  weigh(weights, header, start, nameEnd - start, q)
  return i + 1
}

/** `q=<weight>` from `at` (after the semicolon), and where the spaces after it end; null for any other parameter. */
function readWeightParameter(header: string, at: number): { q: number; next: number } | null {
  const i = skipSpace(header, at)
  if (header.charCodeAt(i) !== 0x71 /* q */ || header.charCodeAt(i + 1) !== 0x3d /* = */) return null
  const read = readWeight(header, i + 2)
  return read === null ? null : { q: read.q, next: skipSpace(header, read.next) }
}

/** Records weight `q` for the coding named at `start` (`length` characters) when it is br, gzip or `*`. */
function weigh(weights: Weights, header: string, start: number, length: number, q: number): void {
  if (length === 1 && header.charCodeAt(start) === 0x2a /* * */) weights.any = Math.max(weights.any, q)
  else if (length === 2 && sameLetters(header, start, 'br')) weights.br = Math.max(weights.br, q)
  else if (length === 4 && sameLetters(header, start, 'gzip')) weights.gzip = Math.max(weights.gzip, q)
}

/** Where the spaces and tabs from `at` end. */
function skipSpace(header: string, at: number): number {
  let i = at
  while (i < header.length && (header.charCodeAt(i) === SPACE || header.charCodeAt(i) === TAB)) i++
  return i
}

/** Where the token characters from `at` end. */
function skipToken(header: string, at: number): number {
  let i = at
  while (i < header.length && isTokenChar(header.charCodeAt(i))) i++
  return i
}

/** A weight from `at`: `0`, `0.5`, `0.001`, `1`, `1.000` (at most three decimals); null for anything else. */
function readWeight(header: string, at: number): { q: number; next: number } | null {
  const first = header.charCodeAt(at)
  if (first !== 0x30 && first !== 0x31) return null
  let i = at + 1
  if (header.charCodeAt(i) === 0x2e /* . */) {
    i++
    const digits = i
    while (i < digits + 3 && header.charCodeAt(i) >= 0x30 && header.charCodeAt(i) <= 0x39) i++
  }
  const q = Number(header.slice(at, i))
  return q <= 1 ? { q, next: i } : null
}

/** A character HTTP allows in a token, such as a coding's name. */
function isTokenChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    "!#$%&'*+-.^_`|~".includes(String.fromCharCode(code))
  )
}

/** Whether the letters at `start` are `lower`, in any case. */
function sameLetters(header: string, start: number, lower: string): boolean {
  for (let k = 0; k < lower.length; k++) if ((header.charCodeAt(start + k) | 0x20) !== lower.charCodeAt(k)) return false
  return true
}

/** negotiator's reading of any `Accept-Encoding` value, the server's order preferred on equal weights. */
export function negotiate(acceptEncoding: string, available: readonly Encoding[]): Encoding | null {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } })
  // negotiator 1 takes a server preference for equal q-values (browsers list gzip before br);
  // its type definitions predate that second parameter.
  const encodings: (available: readonly string[], options: { preferred: readonly string[] }) => string[] =
    negotiator.encodings
  const best = encodings.call(negotiator, available, { preferred: available })[0]
  return best === 'br' || best === 'gzip' ? best : null
}
