import { describe, expect, it } from 'vitest'
import { createCallRate } from './call-rate.ts'

describe('createCallRate', () => {
  it('lets a burst go at once, then spaces calls at the rate', () => {
    const clock = { time: 0 }
    const rate = createCallRate({ perMinute: 60, burst: 3, now: () => clock.time })
    expect([1, 2, 3, 4, 5].map(() => rate.book(10_000))).toEqual([0, 0, 0, 1000, 2000])
  })

  it('books nothing past the deadline, and a call refused takes no place', () => {
    const clock = { time: 0 }
    const rate = createCallRate({ perMinute: 60, burst: 1, now: () => clock.time })
    expect(rate.book(0)).toBe(0)
    expect(rate.book(500)).toBeNull()
    expect(rate.book(500)).toBeNull()
    expect(rate.book(5000)).toBe(1000)
  })

  it('after a quiet spell the burst is back, never more', () => {
    const clock = { time: 0 }
    const rate = createCallRate({ perMinute: 60, burst: 2, now: () => clock.time })
    for (let i = 0; i < 10; i++) rate.book(Number.POSITIVE_INFINITY)
    clock.time = 60_000
    expect([1, 2, 3].map(() => rate.book(Number.POSITIVE_INFINITY))).toEqual([60_000, 60_000, 61_000])
  })

  it('holds every call until a Retry-After has passed, then sends them one by one', () => {
    const clock = { time: 0 }
    const rate = createCallRate({ perMinute: 60, burst: 5, now: () => clock.time })
    rate.holdUntil(3000)
    expect([1, 2].map(() => rate.book(Number.POSITIVE_INFINITY))).toEqual([3000, 4000])
  })
})
