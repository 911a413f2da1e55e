import { describe, expect, it } from 'vitest'
import { type Encoding, negotiate, negotiateEncoding } from './content-coding.ts'

/** A deterministic walk over header values: the same list on every run. */
function headerValues(count: number): string[] {
  const codings = ['gzip', 'br', 'deflate', 'identity', '*', 'zstd', 'GZIP', 'Br', 'x-gzip', 'compress']
  const weights = ['', ';q=0', ';q=1', ';q=0.5', ';q=0.001', ';q=0.999', ';q=1.0', ' ;q=0.8', ';q=0.', ';q=1.000']
  const spaces = ['', ' ', '  ', '\t']
  let seed = 1
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
    return seed % n
  }
  const pick = <T>(items: readonly T[]): T => items[next(items.length)] as T
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + next(5) }, () => `${pick(codings)}${pick(weights)}`).join(`,${pick(spaces)}`),
  )
}

describe('negotiateEncoding', () => {
  // The fast reading must choose as negotiator does (RFC 9110 §12.5.3 with the server's order on ties).
  it.each([['br', 'gzip'], ['gzip'], ['br']] as Encoding[][])(
    'chooses as negotiator does among %j for 5,000 header values',
    (...available) => {
      const differing = headerValues(5000)
        .map((header) => ({
          header,
          ours: negotiateEncoding(header, available),
          theirs: negotiate(header, available),
        }))
        .filter(({ ours, theirs }) => ours !== theirs)
      expect(differing).toEqual([])
    },
  )

  it.each([
    ['gzip;q=0.5;level=1, br;q=0.4', 'gzip'],
    ['br;q="0.5", gzip;q=0.4', 'br'],
    ['gzip,,br', 'br'],
    ['gzip;Q=0, br;q=0.1', 'br'],
  ])('leaves anything but plain members and weights to negotiator: %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(negotiate(header, ['br', 'gzip']))
    expect(negotiateEncoding(header)).toBe(expected)
  })
})
