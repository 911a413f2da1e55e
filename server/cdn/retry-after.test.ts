import { describe, expect, it } from 'vitest'
import { parseRetryAfter } from './retry-after.ts'

const NOW = Date.parse('2026-12-07T05:00:00Z')

describe('parseRetryAfter', () => {
  it.each<[string | undefined, number | null]>([
    ['1', NOW + 1000],
    [' 120 ', NOW + 120_000],
    ['0', NOW],
    ['99999999', NOW + 3_600_000],
    ['Mon, 07 Dec 2026 05:00:30 GMT', NOW + 30_000],
    ['Mon, 07 Dec 2026 04:00:00 GMT', NOW],
    ['Tue, 08 Dec 2026 05:00:00 GMT', NOW + 3_600_000],
    [undefined, null],
    ['', null],
    ['-1', null],
    ['1.5', null],
    ['soon', null],
    ['Mon, 99 Dec 2026 05:00:30 GMT', null],
    ['1e3', null],
  ])('%j', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected)
  })
})
