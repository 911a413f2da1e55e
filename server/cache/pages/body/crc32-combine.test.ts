import { randomBytes } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { applyShift, crc32Combine, shiftOver } from './crc32-combine.ts'

describe('crc32Combine', () => {
  it.each([
    [0, 0],
    [0, 1],
    [1, 0],
    [1, 1],
    [7, 24],
    [65_536, 3],
    [3, 70_000],
    [150_000, 150_001],
  ])('gives the CRC-32 of a %i-byte buffer followed by a %i-byte one', (lengthA, lengthB) => {
    const a = randomBytes(lengthA)
    const b = randomBytes(lengthB)
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])))
  })

  it('chains over several pieces', () => {
    const pieces = [
      randomBytes(1000),
      Buffer.from('nonce-abc'),
      randomBytes(5000),
      Buffer.from('nonce-abc'),
      randomBytes(10),
    ]
    let crc = 0
    for (const piece of pieces) crc = crc32Combine(crc, crc32(piece), piece.length)
    expect(crc).toBe(crc32(Buffer.concat(pieces)))
  })
})

describe('applyShift', () => {
  it('maps everything to zero under the zero operator (a page without any nonce to fill)', () => {
    expect(applyShift(0, 0x12345678)).toBe(0)
    expect(applyShift(shiftOver(0), 0x12345678)).toBe(0x12345678)
  })
})
