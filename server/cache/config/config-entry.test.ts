import { describe, expect, it } from 'vitest'
import { createFreshness, type ConfigEntry, NOT_FOUND } from './config-entry.ts'

const clock = { time: 0 }
const freshness = createFreshness({ now: () => clock.time, ttlMs: 100, staleMs: 50, negativeTtlMs: 20 })
const entry = (value: unknown): ConfigEntry<unknown> => ({ value, storedAt: 1000, size: 0, failures: 0, retryAt: 0 })

describe('createFreshness', () => {
  // Ages around each bound: a value is fresh below ttlMs and servable below ttlMs + staleMs; a
  // "not found" is fresh below negativeTtlMs and never served stale.
  it.each([
    [0, true, true, true],
    [19, true, true, true],
    [20, true, true, false],
    [99, true, true, false],
    [100, false, true, false],
    [149, false, true, false],
    [150, false, false, false],
  ])('at age %i: value fresh %s, servable %s; not-found fresh %s', (age, fresh, servable, notFoundFresh) => {
    clock.time = 1000 + age
    expect(freshness.isFresh(entry('v'))).toBe(fresh)
    expect(freshness.isServable(entry('v'))).toBe(servable)
    expect(freshness.isFresh(entry(NOT_FOUND))).toBe(notFoundFresh)
    expect(freshness.isServable(entry(NOT_FOUND))).toBe(false)
  })
})
