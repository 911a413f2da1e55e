import { promisify } from 'node:util'
import { constants, crc32, deflateRaw } from 'node:zlib'
import { applyShift, shiftOver } from './crc32-combine.ts'

const deflateRawAsync = promisify(deflateRaw)
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
}

/**
 * Bodies kept per page for reuse. Two are enough: a body comes back as soon as its response is
 * written, and hits are answered one at a time; a cached page reserves room for them in its size.
 */
export const SPARE_BODIES = 2


/**
 * Compresses text segments once, so that a gzip body with any short string between them (a
 * per-response nonce) can later be assembled without compressing again: each segment is its own
 * run of deflate blocks ending on a full flush (byte-aligned, no reference back into what came
 * before), and the string in between travels as a stored block.
 */
export async function compressSegments(segments: Buffer[], level = 9): Promise<GzipSegments> {
  const blocks = await Promise.all(
    segments.map((segment, index) =>
      deflateRawAsync(segment, { level, finishFlush: index === segments.length - 1 ? constants.Z_FINISH : constants.Z_FULL_FLUSH }),
    ),
  )
  return { blocks, crcs: segments.map((segment) => crc32(segment)), lengths: segments.map((segment) => segment.length) }
}

/**
 * The gzip member (RFC 1952) of the segments joined with `filler`, from their compressed forms.
 * Neither compresses nor reads the body again: the trailer's CRC is combined from the segments'.
 */
export function assembleGzip(segments: GzipSegments, filler: string): Buffer {
  const fillLength = Buffer.byteLength(filler, 'utf8')
  if (fillLength > MAX_STORED) throw new RangeError('filler too long for one stored block')
  const size = gzipSize(segments, fillLength)
  const spare = segments.spare?.pop()
  // A body of the same size has the same layout (same page, same filler length): only the fillers
  // and the trailer differ, and the deflate blocks around them are already in place.
  const body = spare !== undefined && spare.length === size ? spare : Buffer.allocUnsafe(size)
  const refill = body === spare
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
    length += segments.lengths[index]!
  }
  offset = body.writeUInt32LE(trailerCrc(segments, filler, fillLength) >>> 0, offset)
  body.writeUInt32LE(length >>> 0, offset)
  return body
}

/**
 * Gives back a body `assembleGzip` made, once nothing reads it any more (its response has been
 * written to the socket), for the next response of the same page.
 */
export function releaseGzip(segments: GzipSegments, body: Buffer): void {
  const spare = (segments.spare ??= [])
  if (spare.length < SPARE_BODIES && !spare.includes(body)) spare.push(body)
}

/** Bytes of an assembled body with fillers of `fillLength` bytes. */
export function gzipSize(segments: GzipSegments, fillLength: number): number {
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
      base ^= applyShift(shiftOver(after), segments.crcs[index]!)
      after += segments.lengths[index]!
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
