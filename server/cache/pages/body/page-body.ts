import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib'
import { ANSWER_BROTLI_PARAMS, SYNC_MAX_BYTES } from '../../../http/content-coding.ts'
import {
  assembleGzip,
  compressSegments,
  compressSegmentsSync,
  joinedWith,
  segmentTexts,
  type GzipSegments,
} from './gzip-segments.ts'

const brotliAsync = promisify(brotliCompress)

/**
 * A kept page's body, in the forms it is answered in. Shared by every copy of the page (a page
 * renewed without rendering keeps it), so a form made for one answer serves the next.
 *
 * A page kept from a visitor's own render starts as one brotli pass of it, the pass the cache-off
 * answer makes (see ANSWER_BROTLI_PARAMS), with the render's nonce in it: for a page rendered in one
 * piece, the very bytes that visitor is answered with (`kept` in html-cache.ts). Most pages
 * of a fleet's long tail are never asked for again before they expire, and deflating a page cut at
 * its nonces takes four to five times as long as that pass (0.9 against 0.2 ms for the 110 KiB res
 * home). The gzip blocks every later answer is assembled from are made from it by the first answer
 * that needs them: the page's first hit.
 */
export interface PageBody {
  /**
   * Brotli of the whole body: as rendered, until the gzip blocks are made (`renderedNonce` in its
   * slots), or, for a page without a nonce, for good (it then answers every visitor).
   */
  br: Buffer | null
  /** The nonce the render wrote into `br`; undefined for a page without a nonce. */
  renderedNonce: string | undefined
  /** The body cut at its nonce slots, as deflate blocks (see gzip-segments.ts); null until first needed. */
  gzip: GzipSegments | null
}

/**
 * Brotli quality of the variant of a page without a nonce kept from a render nobody waits for (a
 * background re-render, another instance's copy): quality 5 takes about 3 ms for a 100 KiB page on
 * this machine against about 45 ms for quality 9, for about 5 % more bytes.
 */
const STORE_BROTLI_QUALITY = 5

/**
 * The body of a page kept from the render a visitor is answered with: one brotli pass, nothing else
 * (see PageBody). A page over SYNC_MAX_BYTES is compressed as one nobody waits for.
 */
export async function firstAnsweredBody(
  whole: Buffer,
  segments: Buffer[],
  nonce: string | undefined,
): Promise<PageBody> {
  if (whole.length > SYNC_MAX_BYTES) return bodyWithBlocks(segments)
  const br = brotliCompressSync(whole, {
    params: { ...ANSWER_BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: whole.length },
  })
  return { br: ownCopy(br), renderedNonce: segments.length > 1 ? nonce : undefined, gzip: null }
}

/** The body of a page kept from a render nobody waits for, or another instance's copy: the gzip blocks at once. */
export async function bodyWithBlocks(segments: Buffer[]): Promise<PageBody> {
  const [whole] = segments
  const [gzip, br] = await Promise.all([
    compressSegments(segments),
    segments.length === 1 && whole !== undefined
      ? brotliAsync(whole, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: STORE_BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: whole.length,
          },
        })
      : Promise.resolve(null),
  ])
  return { br: br && ownCopy(br), renderedNonce: undefined, gzip: packedSegments(gzip) }
}

/** The brotli variant, when it can answer a response whose nonce is `filler`. */
export function servableBrotli(body: PageBody, filler: string): Buffer | null {
  return body.br !== null && (body.renderedNonce === undefined || body.renderedNonce === filler) ? body.br : null
}

/**
 * The page's gzip blocks, made from its brotli on first need (about a millisecond for a 100 KiB
 * page, on the event loop: the page is at most SYNC_MAX_BYTES). Once they are made, a brotli
 * holding the render's nonce answers nobody any more, and is let go.
 */
export function gzipOf(body: PageBody): GzipSegments {
  if (body.gzip !== null) return body.gzip
  body.gzip = packedSegments(compressSegmentsSync(renderedSegments(body)))
  if (body.renderedNonce !== undefined) body.br = null
  return body.gzip
}

/** A gzip body of the page with `filler` in its nonce slots (see assembleGzip). */
export function gzipAnswer(body: PageBody, filler: string): Buffer {
  return assembleGzip(gzipOf(body), filler)
}

/** The page's text with `filler` in its nonce slots, for the rare visitor who asks for no coding. */
export function identityAnswer(body: PageBody, filler: string): Buffer {
  return joinedWith(bodySegments(body), Buffer.from(filler, 'utf8'))
}

/** The page's text cut at its nonce slots (for the shared store's copy). */
export function bodySegments(body: PageBody): Buffer[] {
  return body.gzip !== null ? segmentTexts(body.gzip) : renderedSegments(body)
}

/**
 * Bytes the body holds: its brotli, its gzip blocks (in one block of their own, replaced whole when
 * a popular page's are compressed again) and the gzip bodies kept for reuse.
 */
export function bodyBytes(body: PageBody): number {
  let held = body.br?.length ?? 0
  for (const block of body.gzip?.blocks ?? []) held += block.length
  for (const spare of body.gzip?.spare ?? []) held += spare.length
  return held
}

/** The text of `br` cut at the render's nonce (one segment for a page without one). */
function renderedSegments(body: PageBody): Buffer[] {
  if (body.br === null) throw new Error('a page body without its brotli has its gzip blocks')
  const text = brotliDecompressSync(body.br)
  return body.renderedNonce === undefined ? [text] : cutAt(text, Buffer.from(body.renderedNonce, 'utf8'))
}

/**
 * The body's bytes cut at each occurrence of `separator`, as views of them. A nonce is ASCII, and
 * ASCII bytes never occur inside a multi-byte UTF-8 character, so cutting the bytes cuts the text at
 * the same places without decoding it.
 */
export function cutAt(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = []
  let from = 0
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at))
    from = at + separator.length
  }
  parts.push(body.subarray(from))
  return parts
}

/** Gzip segments whose blocks, now and once compressed again, live in memory of their own (see ownCopy). */
function packedSegments(gzip: GzipSegments): GzipSegments {
  return { ...gzip, blocks: packTogether(gzip.blocks), pack: packTogether }
}

/**
 * A copy in one memory block of exactly its size. Without it a cached page would keep far more than
 * its bytes alive: a short zlib result is a view into the stream's 16 KiB output chunk, so the
 * cache's byte bound would count the views while the process holds the blocks behind them. One block
 * per form is given back whole when the page goes, where a small block per run would be kept in the
 * allocator's heap between the buffers of renders, and thousands of them keep that heap fragmented.
 */
function ownCopy(part: Buffer): Buffer {
  const [copy = part] = packTogether([part])
  return copy
}

/**
 * Copies `parts` into one memory block of their total size, as views of it: what a page keeps must
 * not hold alive a larger buffer its parts are views of (a render's output, a read from the store).
 */
export function packTogether(parts: Buffer[]): Buffer[] {
  let total = 0
  for (const part of parts) total += part.length
  // Outside the pool: one block owned by this page alone, freed with it.
  const block = Buffer.allocUnsafeSlow(Math.max(1, total))
  let offset = 0
  return parts.map((part) => {
    part.copy(block, offset)
    const view = block.subarray(offset, offset + part.length)
    offset += part.length
    return view
  })
}
