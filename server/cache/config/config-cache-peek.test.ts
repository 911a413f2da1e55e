import { describe, expect, it, vi } from 'vitest'
import { NOT_FOUND, createConfigCache } from './config-cache.ts'

describe('ConfigCache.peek', () => {
  it('gives only a fresh value held here: no load, nothing stale or not found, counted as a hit', async () => {
    const clock = { time: 10_000 }
    const lookups: string[] = []
    const load = vi.fn(async (key: string) => (key === 'gone' ? NOT_FOUND : `value of ${key}`))
    const cache = createConfigCache<string>({
      load,
      ttlMs: 1000,
      staleMs: 5000,
      negativeTtlMs: 300,
      max: 10,
      now: () => clock.time,
      metrics: { lookup: (result) => lookups.push(result), evicted: () => {}, size: () => {} },
    })
    expect(cache.peek('a')).toBeUndefined()
    expect(load).not.toHaveBeenCalled()
    expect(lookups).toEqual([])

    await cache.get('a')
    await cache.get('gone')
    lookups.length = 0
    expect(cache.peek('a')).toBe('value of a')
    expect(cache.peek('gone')).toBeUndefined()
    expect(lookups).toEqual(['hit'])

    // Past its TTL the value is only servable stale, which is the loading path's decision.
    clock.time += 1000
    expect(cache.peek('a')).toBeUndefined()
    expect(load).toHaveBeenCalledTimes(2)
  })
})
