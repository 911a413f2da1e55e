import { describe, expect, it, vi } from 'vitest'
import { deferred, settle, setup, TTL } from './config-cache.test-helper.ts'
import { createMemorySharedStore, type SharedStore } from '../redis/shared-store.ts'

describe('createConfigCache with a shared layer', () => {
  it('a cold key is loaded by one instance while another waits for its answer', async () => {
    const gate = deferred<string>()
    const clock = { time: 10_000 }
    const shared = { store: createMemorySharedStore(() => clock.time), prefix: 't:', pollMs: 1, waitMs: 60_000 }
    const first = setup(() => gate.promise, { shared, now: () => clock.time })
    const second = setup(async () => 'second instance loaded it', { shared, now: () => clock.time })
    const a = first.cache.get('k')
    // The first instance loads only once it holds the lock.
    await vi.waitFor(() => expect(first.loader).toHaveBeenCalled())
    const b = second.cache.get('k')
    gate.resolve('from the first')
    expect(await a).toMatchObject({ value: 'from the first' })
    expect(await b).toMatchObject({ value: 'from the first', stale: false })
    expect(second.loader).not.toHaveBeenCalled()
  })

  it('takes over when the instance holding the lock gives up without a value', async () => {
    const gate = deferred<string>()
    const clock = { time: 10_000 }
    const store = createMemorySharedStore(() => clock.time)
    const lock = vi.spyOn(store, 'lock')
    const shared = { store, prefix: 't:', pollMs: 1, waitMs: 60_000 }
    const first = setup(() => gate.promise, { shared, now: () => clock.time })
    const second = setup(async () => 'loaded by the second', { shared, now: () => clock.time })
    const a = first.cache.get('k')
    await vi.waitFor(() => expect(first.loader).toHaveBeenCalled())
    const b = second.cache.get('k')
    // The second instance is refused the lock and waits.
    await vi.waitFor(() => expect(lock.mock.calls.length).toBeGreaterThanOrEqual(3))
    gate.reject(new Error('upstream down'))
    await expect(a).rejects.toThrow('upstream down')
    expect(await b).toMatchObject({ value: 'loaded by the second' })
    expect(second.loader).toHaveBeenCalledTimes(1)
  })

  it('serves its stale value at once while another instance holds the refresh lock', async () => {
    const clock = { time: 10_000 }
    const shared = { store: createMemorySharedStore(() => clock.time), prefix: 't:', pollMs: 1, waitMs: 60_000 }
    const { cache, loader } = setup(async () => 'v1', { shared, now: () => clock.time })
    await cache.get('k')
    clock.time += TTL + 1
    await shared.store.lock('t:lock:k', 60_000)
    expect(await cache.get('k')).toMatchObject({ value: 'v1', stale: true })
    await settle()
    expect(await cache.get('k')).toMatchObject({ value: 'v1', stale: true })
    expect(loader).toHaveBeenCalledTimes(1)
  })

  it('loads on its own when the store cannot answer', async () => {
    const down: SharedStore = {
      get: async () => undefined,
      set: async () => {},
      lock: async () => async () => {},
      deleteKeys: async () => false,
      getMarked: async () => ({ value: undefined, marks: [] }),
      mark: async () => false,
      setUnlessMarked: async () => false,
      note: async () => 'unavailable',
      scanSet: async () => false,
    }
    const { cache, loader } = setup(async () => 'v', { shared: { store: down, prefix: 't:' } })
    expect(await cache.get('k')).toMatchObject({ value: 'v' })
    expect(loader).toHaveBeenCalledTimes(1)
  })

  it('deletePrefix forgets only the matching keys', async () => {
    const { cache, loader } = setup(async (key) => key)
    await cache.get('a.example:site')
    await cache.get('ab.example:site')
    cache.deletePrefix('a.example:')
    await cache.get('a.example:site')
    await cache.get('ab.example:site')
    expect(loader.mock.calls.map((call) => call[0])).toEqual(['a.example:site', 'ab.example:site', 'a.example:site'])
  })
})
