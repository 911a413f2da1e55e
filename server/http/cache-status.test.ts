import { describe, expect, it } from 'vitest'
import { cacheStatus, ttlSecondsOf, type CacheResult } from './cache-status.ts'

describe('cacheStatus', () => {
  it.each([
    ['hit', 7, 'tenant-sites; hit; ttl=7'],
    ['hit', undefined, 'tenant-sites; hit'],
    ['stale', undefined, 'tenant-sites; hit; detail=stale'],
    ['miss', undefined, 'tenant-sites; fwd=miss'],
    ['pass', undefined, 'tenant-sites; fwd=bypass'],
  ] as [CacheResult, number | undefined, string][])('%s (ttl %s): %s', (result, ttl, expected) => {
    const value = cacheStatus(result, ttl)
    expect(value).toBe(expected)
    // One list member (RFC 9211): a CDN in front appends its own after a comma.
    expect(value).not.toContain(',')
  })
})

describe('ttlSecondsOf', () => {
  it.each([
    [10_000, 0, 10],
    [10_000, 4, 6],
    [10_000, 10, 0],
    [10_000, 3600, 0],
    [1_500, 0, 1],
  ])('fresh for %i ms, %i s old: %i s left', (freshMs, age, left) => {
    expect(ttlSecondsOf(freshMs, age)).toBe(left)
  })
})
