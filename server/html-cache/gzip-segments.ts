import { promisify } from 'node:util'
import { constants, crc32, deflateRaw } from 'node:zlib'

const deflateRawAsync = promisify(deflateRaw)
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff])
/** Longest text a single stored deflate block can hold (RFC 1951 §3.2.4). */
const MAX_STORED = 0xffff

/**
 * Compresses text segments once, so that a gzip body with any short string between them (a
 * per-response nonce) can later be assembled without compressing again: each segment is its own
 * run of deflate blocks ending on a full flush (byte-aligned, no reference back into what came
 * before), and the string in between travels as a stored block.
 */
export async function compressSegments(segments: Buffer[], level = 9): Promise<Buffer[]> {
  return Promise.all(
    segments.map((segment, index) =>
      deflateRawAsync(segment, { level, finishFlush: index === segments.length - 1 ? constants.Z_FINISH : constants.Z_FULL_FLUSH }),
    ),
  )
}

/**
 * The gzip member (RFC 1952) of `segments` joined with `filler`, from their compressed forms.
 * Costs a CRC-32 over the body, no compression.
 */
export function assembleGzip(segments: Buffer[], compressed: Buffer[], filler: string): Buffer {
  const fill = Buffer.from(filler, 'utf8')
  if (fill.length > MAX_STORED) throw new RangeError('filler too long for one stored block')
  const stored = Buffer.alloc(5 + fill.length)
  // BFINAL=0, BTYPE=00 and the padding to the byte boundary, then LEN and its ones' complement.
  stored.writeUInt8(0, 0)
  stored.writeUInt16LE(fill.length, 1)
  stored.writeUInt16LE(~fill.length & 0xffff, 3)
  fill.copy(stored, 5)

  const parts: Buffer[] = [GZIP_HEADER]
  let crc = 0
  let length = 0
  segments.forEach((segment, index) => {
    if (index > 0) {
      parts.push(stored)
      crc = crc32(fill, crc)
      length += fill.length
    }
    parts.push(compressed[index]!)
    crc = crc32(segment, crc)
    length += segment.length
  })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(length >>> 0, 4)
  parts.push(trailer)
  return Buffer.concat(parts)
}
