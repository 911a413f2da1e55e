/**
 * CRC-32 (the gzip trailer's checksum) of two buffers joined, from each one's CRC and the second
 * one's length, without reading any byte again. CRC-32 is a remainder of polynomial division over
 * GF(2): appending `n` bytes multiplies the first remainder by x^(8n) modulo the polynomial, so the
 * joined CRC is crc1·x^(8n) mod P, xor crc2. Powers x^(2^k) mod P come from a table of 32, which
 * makes the cost logarithmic in the length.
 */

/** The CRC-32 polynomial, bit-reflected (as gzip uses it). */
const POLY = 0xedb88320
const TOP = 0x80000000

/** a·b mod P, both reflected (bit 31 is x^0). */
function multiplyModP(a: number, b: number): number {
  if (a === 0) return 0
  let product = 0
  let mask = TOP
  let factor = b >>> 0
  for (;;) {
    if ((a & mask) !== 0) {
      product ^= factor
      if ((a & (mask - 1)) === 0) break
    }
    mask >>>= 1
    factor = factor & 1 ? (factor >>> 1) ^ POLY : factor >>> 1
  }
  return product >>> 0
}

/** x^(2^k) mod P for k = 0..31. */
const POWERS = (() => {
  const table = new Uint32Array(32)
  let power = TOP >>> 1 // x^1
  for (let k = 0; k < 32; k += 1) {
    table[k] = power
    power = multiplyModP(power, power)
  }
  return table
})()

/**
 * The operator that moves a CRC past `bytes` more bytes (x^(8·bytes) mod P): crc(A‖B) is
 * applyShift(shiftOver(|B|), crc(A)) xor crc(B). Operators of several stretches xor together.
 */
export function shiftOver(bytes: number): number {
  let result = TOP // x^0
  let k = 3 // 8 = 2^3 bits per byte
  for (let n = bytes; n > 0; n = Math.floor(n / 2), k += 1) {
    if (n % 2 === 1) result = multiplyModP(POWERS[k % 32] ?? 0, result)
  }
  return result
}

/** Applies a shift operator (shiftOver) to a CRC. */
export function applyShift(shift: number, crc: number): number {
  return multiplyModP(shift, crc >>> 0)
}

/** CRC-32 of A‖B, given crc32(A), crc32(B) and B's length in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (lengthB <= 0) return crcA >>> 0
  return (applyShift(shiftOver(lengthB), crcA) ^ crcB) >>> 0
}
