import { promisify } from 'node:util'
import { constants, crc32, deflateRaw, deflateRawSync, inflateRaw, inflateRawSync, type ZlibOptions } from 'node:zlib'
import { GZIP_MEM_LEVEL, SYNC_MAX_BYTES } from '../../../http/content-coding.ts'
import { applyShift, shiftOver } from './crc32-combine.ts'

const deflateRawAsync = promisify(deflateRaw)
const inflateRawAsync = promisify(inflateRaw)
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff])
/** Longest text a single stored deflate block can hold (RFC 1951 §3.2.4). */
const MAX_STORED = 0xffff

/** Text segments compressed once, ready to be joined into gzip bodies around any short string. */
export interface GzipSegments {
  /** Per segment, its deflate blocks. */
  blocks: Buffer[]
  /** Per segment, its CRC-32 and length: the trailer of a joined body is computed from these alone. */
  crcs: number[]
  lengths: number[]
  /** The trailer's CRC as a function of the filler's, for the last filler length used (see trailerCrc). */
  crcOfFill?: { fillLength: number; base: number; shift: number }
  /** Bodies already written out, kept to be refilled by the next responses (see releaseGzip). */
  spare?: Buffer[]
  /** The zlib level the blocks were made at; below the best one, they are compressed again once the page proves popular. */
  level: number
  /** Bodies assembled so far. */
  served?: number
  /** Settles once the blocks are at the best level (present from the moment that starts). */
  improved?: Promise<void>
  /** Copies new blocks into memory of the page's own (see cached-page.ts); as they come when absent. */
  pack?: (blocks: Buffer[]) => Buffer[]
}

/**
 * Bodies kept per page for reuse. Two are enough: a body comes back as soon as its response is
 * written, and hits are answered one at a time; a cached page reserves room for them in its size.
 */
export const SPARE_BODIES = 2
/**
 * Bodies a page has served before one is kept for reuse. Most pages of a fleet's long tail are
 * served once: a body kept for a hit that never comes is a small block held for the page's life,
 * and thousands of them, between the short-lived buffers of renders, keep the allocator's heap
 * fragmented (see toCachedPage for the page's own bytes; the two together took the 10,000-tenant
 * soak walk from 651 to 599 MiB).
 */
export const SPARE_AFTER = 2

/**
 * The level a page's blocks are first made at (at its first hit, or at once for a page nobody waits
 * for: see page-body.ts). Many pages are asked for a few times only before they expire, so this pass
 * is a cheap one: on the 50–110 KiB bench pages, cut at their nonces, level 3 takes under half the
 * CPU of level 9 for about 8 % more bytes (and level 1 saves almost nothing more: the passes are
 * short and their set-up weighs). See docs/performance-misses.md.
 */
export const STORE_LEVEL = 3
/** The level a popular page is compressed again at, off the event loop. */
export const BEST_LEVEL = 9
/** Gzip bodies assembled from a page's blocks before they are compressed again at the best level. */
export const IMPROVE_AFTER = 4

/** Options of the pass over segment `index` of `count`: each ends on a full flush, the last finishes. */
function passOptions(level: number, index: number, count: number): ZlibOptions {
  return {
    level,
    memLevel: GZIP_MEM_LEVEL,
    finishFlush: index === count - 1 ? constants.Z_FINISH : constants.Z_FULL_FLUSH,
  }
}

/**
 * Compresses text segments once, so that a gzip body with any short string between them (a
 * per-response nonce) can later be assembled without compressing again: each segment is its own
 * run of deflate blocks ending on a full flush (byte-aligned, no reference back into what came
 * before), and the string in between travels as a stored block. Below the best level, the blocks
 * are compressed again after IMPROVE_AFTER bodies (see assembleGzip). The blocks are all a page
 * needs: the text is inflated from them when it is asked for (segmentTexts).
 */
export async function compressSegments(segments: Buffer[], level = STORE_LEVEL): Promise<GzipSegments> {
  if (totalLength(segments) <= SYNC_MAX_BYTES) return compressSegmentsSync(segments, level)
  return toSegments(
    segments,
    await Promise.all(
      segments.map((segment, index) => deflateRawAsync(segment, passOptions(level, index, segments.length))),
    ),
    level,
  )
}

/** compressSegments on the event loop, whatever the size: for text known to be at most SYNC_MAX_BYTES. */
export function compressSegmentsSync(segments: Buffer[], level = STORE_LEVEL): GzipSegments {
  return toSegments(
    segments,
    segments.map((segment, index) => deflateRawSync(segment, passOptions(level, index, segments.length))),
    level,
  )
}

function totalLength(segments: Buffer[]): number {
  let total = 0
  for (const segment of segments) total += segment.length
  return total
}

function toSegments(segments: Buffer[], blocks: Buffer[], level: number): GzipSegments {
  // Every field from the start: the object keeps one shape for the reads of every hit.
  return {
    blocks,
    crcs: segments.map((segment) => crc32(segment)),
    lengths: segments.map((segment) => segment.length),
    crcOfFill: undefined,
    spare: undefined,
    level,
    served: 0,
    improved: undefined,
    pack: undefined,
  }
}

/** Inflate options of segment `index` of `count`: all but the last end on a flush, not on the stream's end. */
function inflateOptions(index: number, count: number): ZlibOptions {
  return { finishFlush: index === count - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }
}

/** The segments' text, inflated from their blocks (for another instance's copy, through the shared store). */
export function segmentTexts(segments: GzipSegments): Buffer[] {
  return segments.blocks.map((blocks, index) => inflateRawSync(blocks, inflateOptions(index, segments.blocks.length)))
}

/** Text segments joined into one body with `filler` between each two. */
export function joinedWith(texts: Buffer[], filler: Buffer): Buffer {
  return Buffer.concat(texts.flatMap((text, index) => (index === 0 ? [text] : [filler, text])))
}

/**
 * Compresses the segments again at the best level, on the thread pool (inflated there first), and
 * puts the new blocks in place in one step: a body assembled before keeps the old blocks' bytes (it
 * is a copy), and spare bodies of the old size are dropped. `pack` copies the new blocks into
 * memory of their own (see cached-page.ts), so the old blocks are freed with the last view of them.
 */
async function improve(segments: GzipSegments): Promise<void> {
  const count = segments.blocks.length
  const texts = await Promise.all(
    segments.blocks.map((blocks, index) => inflateRawAsync(blocks, inflateOptions(index, count))),
  )
  const blocks = await Promise.all(
    texts.map((text, index) => deflateRawAsync(text, passOptions(BEST_LEVEL, index, count))),
  )
  segments.blocks = segments.pack ? segments.pack(blocks) : blocks
  segments.level = BEST_LEVEL
  segments.spare = []
}

/**
 * The gzip member (RFC 1952) of the segments joined with `filler`, from their compressed forms.
 * Neither compresses nor reads the body again: the trailer's CRC is combined from the segments'.
 */
export function assembleGzip(segments: GzipSegments, filler: string): Buffer {
  const fillLength = Buffer.byteLength(filler, 'utf8')
  const size = gzipSize(segments, fillLength)
  const spare = segments.spare?.pop()
  // A body of the same size has the same layout (same page, same filler length): only the fillers
  // and the trailer differ, and the deflate blocks around them are already in place.
  const body = spare !== undefined && spare.length === size ? spare : Buffer.allocUnsafe(size)
  writeBody(segments, filler, fillLength, body, body === spare)
  noteServed(segments)
  return body
}

/** Writes the gzip member into `body` (of gzipSize); `refill`: only the fillers and the trailer, the rest is in place. */
function writeBody(segments: GzipSegments, filler: string, fillLength: number, body: Buffer, refill: boolean): Buffer {
  if (fillLength > MAX_STORED) throw new RangeError('filler too long for one stored block')
  let offset = refill ? GZIP_HEADER.length : GZIP_HEADER.copy(body, 0)
  let length = 0
  for (const [index, blocks] of segments.blocks.entries()) {
    if (index > 0) {
      // A stored block: BFINAL=0, BTYPE=00 and the padding to the byte boundary, then LEN and its ones' complement.
      if (!refill) {
        body.writeUInt8(0, offset)
        body.writeUInt16LE(fillLength, offset + 1)
        body.writeUInt16LE(~fillLength & 0xffff, offset + 3)
      }
      offset += 5
      offset += body.write(filler, offset, 'utf8')
      length += fillLength
    }
    offset += refill ? blocks.length : blocks.copy(body, offset)
    length += segments.lengths[index] ?? 0
  }
  offset = body.writeUInt32LE(trailerCrc(segments, filler, fillLength) >>> 0, offset)
  body.writeUInt32LE(length >>> 0, offset)
  return body
}

/** Counts a body assembled and, once the page has proved popular, compresses it again. */
function noteServed(segments: GzipSegments): void {
  segments.served = (segments.served ?? 0) + 1
  if (segments.level >= BEST_LEVEL || segments.improved !== undefined || segments.served < IMPROVE_AFTER) return
  // Kept on failure too (memory, a closed pool at shutdown): the blocks in place stay valid.
  segments.improved = improve(segments).catch(() => undefined)
}

/**
 * Gives back a body `assembleGzip` made, once nothing reads it any more (its response has been
 * written to the socket), for the next response of the same page: kept once the page has served
 * SPARE_AFTER bodies.
 */
export function releaseGzip(segments: GzipSegments, body: Buffer): void {
  if ((segments.served ?? 0) < SPARE_AFTER) return
  segments.spare ??= []
  const spare = segments.spare
  if (spare.length < SPARE_BODIES && !spare.includes(body)) spare.push(body)
}

/** Bytes of an assembled body with fillers of `fillLength` bytes. */
function gzipSize(segments: GzipSegments, fillLength: number): number {
  let size = GZIP_HEADER.length + (segments.blocks.length - 1) * (5 + fillLength) + 8
  for (const blocks of segments.blocks) size += blocks.length
  return size
}

/**
 * The CRC-32 of the joined body. Each piece contributes its own CRC shifted past the bytes that
 * follow it, and the shifts are linear: with the filler's length fixed (a nonce always has the
 * same length) the segments' part and the sum of the fillers' shifts are computed once per page,
 * and a response costs one CRC of the filler and one multiplication.
 */
function trailerCrc(segments: GzipSegments, filler: string, fillLength: number): number {
  let memo = segments.crcOfFill
  if (memo === undefined || memo.fillLength !== fillLength) {
    let base = 0
    let shift = 0
    let after = 0
    for (let index = segments.crcs.length - 1; index >= 0; index -= 1) {
      base ^= applyShift(shiftOver(after), segments.crcs[index] ?? 0)
      after += segments.lengths[index] ?? 0
      if (index > 0) {
        shift ^= shiftOver(after)
        after += fillLength
      }
    }
    memo = { fillLength, base: base >>> 0, shift: shift >>> 0 }
    segments.crcOfFill = memo
  }
  return (memo.base ^ applyShift(memo.shift, crc32(filler))) >>> 0
}
