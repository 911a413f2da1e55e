import { describe, expect, it } from 'vitest'
import { dateOfSeconds, isUpstreamTime } from './upstream-time.ts'

describe('upstream seconds as a date', () => {
  it.each([
    [1_700_000_000, '2023-11-14T22:13:20.000Z'],
    [1, '1970-01-01T00:00:01.000Z'],
    [1_700_000_000.5, '2023-11-14T22:13:20.500Z'],
    [8.64e12 - 1, '+275760-09-12T23:59:59.000Z'],
    [0, null],
    [-5, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [8.64e12, null],
    [1e20, null],
  ])('%d → %s', (seconds, iso) => {
    expect(dateOfSeconds(seconds)?.toISOString() ?? null).toBe(iso)
    expect(isUpstreamTime(seconds)).toBe(iso !== null)
  })
})
