import { describe, expect, it, vi } from 'vitest'
import { NOT_FOUND } from './config-cache.ts'
import { deferred, NEGATIVE, settle, setup, STALE, TTL } from './config-cache.test-helper.ts'

describe('createConfigCache', () => {
  it('answers a fresh hit without loading again', async () => {
    const { cache, loader, clock } = setup(async (key) => `value of ${key}`)
    expect(await cache.get('a')).toEqual({ kind: 'found', value: 'value of a', stale: false })
    clock.time += TTL - 1
    expect(await cache.get('a')).toEqual({ kind: 'found', value: 'value of a', stale: false })
    expect(loader).toHaveBeenCalledTimes(1)
  })

  it('coalesces 20 concurrent misses into one load, and hands the first caller to it', async () => {
    const gate = deferred<string>()
    const { cache, loader } = setup(() => gate.promise)
    const pending = Array.from({ length: 20 }, (_, i) => cache.get('a', `caller ${i}`))
    gate.resolve('v')
    const results = await Promise.all(pending)
    expect(loader).toHaveBeenCalledTimes(1)
    expect(loader.mock.calls[0]?.[1].caller).toBe('caller 0')
    expect(results.every((result) => result.kind === 'found' && result.value === 'v')).toBe(true)
  })

  it('serves the stale value at once while one background refresh runs', async () => {
    let version = 0
    const gate = deferred<void>()
    const { cache, loader, clock } = setup(async () => {
      version += 1
      if (version > 1) await gate.promise
      return `v${version}`
    })
    await cache.get('a')
    clock.time += TTL + 1
    expect(await cache.get('a')).toEqual({ kind: 'found', value: 'v1', stale: true })
    expect(await cache.get('a')).toEqual({ kind: 'found', value: 'v1', stale: true })
    expect(loader).toHaveBeenCalledTimes(2)
    gate.resolve()
    await settle()
    expect(await cache.get('a')).toEqual({ kind: 'found', value: 'v2', stale: false })
    expect(loader).toHaveBeenCalledTimes(2)
  })

  it('keeps serving the stale value when the refresh fails (stale-if-error) and reports the error', async () => {
    let fail = false
    const { cache, onError, clock, loader } = setup(async () => {
      if (fail) throw new Error('upstream down')
      return 'v1'
    })
    await cache.get('a')
    fail = true
    clock.time += TTL + 1
    expect(await cache.get('a')).toMatchObject({ kind: 'found', value: 'v1', stale: true })
    await settle()
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'upstream down' }), 'a')
    // Within the back-off window the next visitor gets the stale value without a new refresh.
    expect(await cache.get('a')).toMatchObject({ kind: 'found', value: 'v1', stale: true })
    await settle()
    expect(loader).toHaveBeenCalledTimes(2)
  })

  it('backs off failing refreshes exponentially with jitter, at most one per key per window, capped', async () => {
    let fail = true
    const dice = { value: 0 }
    const { cache, clock, loader } = setup(
      async () => {
        if (fail && loader.mock.calls.length > 1) throw new Error('upstream down')
        return `v${loader.mock.calls.length}`
      },
      { staleMs: 60_000, backoff: { baseMs: 1000, maxMs: 4000 }, random: () => dice.value },
    )
    await cache.get('a')
    clock.time += TTL
    const refreshesDuring = async (ms: number, step = 100) => {
      const before = loader.mock.calls.length
      for (let waited = 0; waited < ms; waited += step) {
        expect(await cache.get('a')).toMatchObject({ value: 'v1', stale: true })
        await settle()
        clock.time += step
      }
      return loader.mock.calls.length - before
    }
    // Windows 1 s, 2 s, 4 s, 4 s: with the lowest dice a retry may come after half a window.
    expect(await refreshesDuring(100)).toBe(1)
    expect(await refreshesDuring(400)).toBe(0)
    expect(await refreshesDuring(100)).toBe(1)
    expect(await refreshesDuring(900)).toBe(0)
    expect(await refreshesDuring(100)).toBe(1)
    expect(await refreshesDuring(1900)).toBe(0)
    expect(await refreshesDuring(100)).toBe(1)
    // Capped: the window stops growing at 4 s, and the highest dice wait the whole window.
    dice.value = 0.999
    expect(await refreshesDuring(1900)).toBe(0)
    expect(await refreshesDuring(100)).toBe(1)
    expect(await refreshesDuring(3900)).toBe(0)
    fail = false
    expect(await refreshesDuring(100)).toBe(1)
    expect(await cache.get('a')).toMatchObject({ value: 'v7', stale: false })
  })

  it('reports hits, misses, stale serves, evictions and its size', async () => {
    const counts = { hit: 0, miss: 0, stale: 0, evicted: 0 }
    let readSize = () => -1
    const { cache, clock } = setup(async (key) => key, {
      max: 2,
      metrics: {
        lookup: (result) => {
          counts[result] += 1
        },
        evicted: () => {
          counts.evicted += 1
        },
        size: (read) => {
          readSize = read
        },
      },
    })
    await cache.get('a')
    await cache.get('a')
    clock.time += TTL
    await cache.get('a')
    await settle()
    await cache.get('b')
    await cache.get('c')
    expect(counts).toEqual({ hit: 1, miss: 3, stale: 1, evicted: 1 })
    expect(readSize()).toBe(2)
  })

  it('awaits a new load once past the stale window, and a failed load caches nothing', async () => {
    let answer: () => Promise<string> = async () => 'v1'
    const { cache, clock, loader } = setup(() => answer())
    await cache.get('a')
    clock.time += TTL + STALE
    answer = async () => {
      throw new Error('down')
    }
    const waiters = [cache.get('a'), cache.get('a')]
    await expect(waiters[0]).rejects.toThrow('down')
    await expect(waiters[1]).rejects.toThrow('down')
    expect(loader).toHaveBeenCalledTimes(2)
    expect(cache.size).toBe(0)
    answer = async () => 'v2'
    expect(await cache.get('a')).toEqual({ kind: 'found', value: 'v2', stale: false })
  })

  it('remembers NOT_FOUND for negativeTtlMs, then loads again', async () => {
    let exists = false
    const { cache, loader, clock } = setup(async () => (exists ? 'here' : NOT_FOUND))
    expect(await cache.get('gone')).toEqual({ kind: 'not-found' })
    clock.time += NEGATIVE - 1
    expect(await cache.get('gone')).toEqual({ kind: 'not-found' })
    expect(loader).toHaveBeenCalledTimes(1)
    exists = true
    clock.time += 1
    expect(await cache.get('gone')).toEqual({ kind: 'found', value: 'here', stale: false })
    expect(loader).toHaveBeenCalledTimes(2)
  })

  it('stays bounded by max, counting negative entries too', async () => {
    const { cache } = setup(async (key) => (key.startsWith('missing') ? NOT_FOUND : key), { max: 3 })
    for (let i = 0; i < 10; i++) await cache.get(i % 2 ? `missing-${i}` : `k${i}`)
    expect(cache.size).toBe(3)
  })

  it('stays within maxBytes, counting each value at its JSON length, least recently used out first', async () => {
    // Each entry: a 100-character text plus its 3-character key.
    let readBytes = () => -1
    const metrics = {
      lookup: () => {},
      evicted: () => {},
      size: () => {},
      bytes: (read: () => number) => {
        readBytes = read
      },
    }
    const { cache, loader } = setup(async (key) => key.padEnd(100, '.'), {
      maxBytes: 1000,
      parse: (raw) => raw as string,
      metrics,
    })
    for (let i = 10; i < 20; i++) await cache.get(`k${i}`)
    expect(cache.size).toBe(9)
    expect(cache.bytes).toBe(9 * 103)
    expect(cache.bytes).toBeLessThanOrEqual(1000)
    expect(readBytes()).toBe(9 * 103)
    // k10 was the least recently used: gone; k19 still there.
    await cache.get('k19')
    await cache.get('k10')
    expect(loader.mock.calls.map(([key]) => key).slice(10)).toEqual(['k10'])
  })

  it('counts a value at the size its loader knows when given sizeOf, without serialising it', async () => {
    const sizeOf = vi.fn((raw: string) => raw.length * 10)
    const { cache } = setup(async (key) => key.padEnd(10, '.'), { maxBytes: 1000, sizeOf })
    for (let i = 10; i < 20; i++) await cache.get(`k${i}`)
    // Each entry: 10 characters counted as 100, plus its 3-character key.
    expect(cache.bytes).toBe(9 * 103)
    expect(sizeOf).toHaveBeenCalledTimes(10)
  })

  it('serves a value larger than maxBytes without keeping it or evicting the rest', async () => {
    const { cache, loader } = setup(async (key) => (key === 'huge' ? 'x'.repeat(5000) : key), { maxBytes: 1000 })
    await cache.get('a')
    expect(await cache.get('huge')).toMatchObject({ kind: 'found', value: 'x'.repeat(5000) })
    expect(cache.size).toBe(1)
    await cache.get('a')
    expect(loader).toHaveBeenCalledTimes(2)
  })

  it('counts NOT_FOUND entries by their key, so many unknown keys stay within maxBytes too', async () => {
    const { cache } = setup(async () => NOT_FOUND, { maxBytes: 10_000 })
    for (let i = 0; i < 1000; i++) await cache.get(`unknown-host-${i}.example`)
    expect(cache.bytes).toBeLessThanOrEqual(10_000)
    expect(cache.size).toBeGreaterThan(50)
    expect(cache.size).toBeLessThan(200)
  })

  it('delete forgets one key and a load running for it is not stored', async () => {
    const gate = deferred<string>()
    const { cache, loader } = setup(async (key) => (key === 'slow' ? gate.promise : key))
    await cache.get('a')
    cache.delete('a')
    expect(cache.size).toBe(0)
    const slow = cache.get('slow')
    cache.delete('slow')
    gate.resolve('old')
    expect(await slow).toMatchObject({ value: 'old' })
    expect(cache.size).toBe(0)
    expect(loader).toHaveBeenCalledTimes(2)
  })

  it('clear empties the cache; a load running then still answers its waiters and is not stored', async () => {
    const gate = deferred<string>()
    const { cache, loader } = setup(async (key) => (key === 'slow' ? gate.promise : key))
    await cache.get('a')
    const waiters = [cache.get('slow'), cache.get('slow')]
    cache.clear()
    expect(cache.size).toBe(0)
    gate.resolve('old')
    for (const waiter of waiters) expect(await waiter).toMatchObject({ kind: 'found', value: 'old' })
    expect(cache.size).toBe(0)
    expect(loader).toHaveBeenCalledTimes(2)
  })
})
