import { describe, expect, it } from 'vitest'
import { createPageClock } from './page-clock.ts'

// Fresh 10 s, then stale 60 s; the page was rendered at 1 000 ms.
const page = { storedAt: 1_000 }
const clockAt = (time: number) => createPageClock({ ttlMs: 10_000, staleMs: 60_000, now: () => time })

describe('the page clock', () => {
  it.each([
    ['just rendered', 1_000, true, true, 0],
    ['the last moment of its fresh window', 10_999, true, true, 9],
    ['its fresh window over', 11_000, false, true, 10],
    ['the last moment of its stale window', 70_999, false, true, 69],
    ['its stale window over', 71_000, false, false, 70],
    ['a clock behind the page (another instance rendered it)', 500, true, true, 0],
  ])('a page %s', (_, time, fresh, servable, ageSeconds) => {
    const clock = clockAt(time)
    expect(clock.isFresh({ page, purged: false })).toBe(fresh)
    expect(clock.isServable(page)).toBe(servable)
    expect(clock.ageSeconds(page)).toBe(ageSeconds)
  })

  it('counts a page a soft purge marked as stale, whatever its age', () => {
    expect(clockAt(1_000).isFresh({ page, purged: true })).toBe(false)
  })

  it('answers a page for its fresh and stale windows together', () => {
    expect(clockAt(0).lifetimeMs).toBe(70_000)
  })
})
