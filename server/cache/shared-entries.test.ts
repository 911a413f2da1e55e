import { describe, expect, it } from 'vitest'
import { sharedEntries } from './shared-entries.ts'
import { createMemorySharedStore } from './shared-store.ts'

const ENTRY = { storedAt: 1, found: true as const, value: { rows: [1, 2, 3] } }
const KEY = 'a.example:data:/v1/search:{"query":"x"}'

describe('shared entries with admission', () => {
  it('a value is stored at its second load within the window, by any instance', async () => {
    const store = createMemorySharedStore()
    const [a, b] = [0, 1].map(() => sharedEntries({ store, prefix: 'ts:', admitMs: 60_000 }))
    await a?.write(KEY, ENTRY, 30_000)
    expect(await b?.read(KEY)).toBeUndefined()
    await b?.write(KEY, ENTRY, 30_000)
    expect(await a?.read(KEY)).toMatchObject({ found: true, value: ENTRY.value })
  })

  it('a marker expires with the window: a load after it counts as a first one again', async () => {
    const clock = { time: 0 }
    const store = createMemorySharedStore(() => clock.time)
    const entries = sharedEntries({ store, prefix: 'ts:', admitMs: 60_000 })
    await entries.write(KEY, ENTRY, 30_000)
    clock.time += 60_000
    await entries.write(KEY, ENTRY, 30_000)
    expect(await entries.read(KEY)).toBeUndefined()
  })

  it('a value whose copy this instance found in the store replaces it without admission', async () => {
    const clock = { time: 0 }
    const store = createMemorySharedStore(() => clock.time)
    const entries = sharedEntries({ store, prefix: 'ts:', admitMs: 60_000 })
    await store.set(`ts:${KEY}`, JSON.stringify({ t: 1, v: 'old' }), 30_000)
    expect(await entries.read(KEY)).toMatchObject({ value: 'old' })
    await entries.write(KEY, { ...ENTRY, storedAt: 2, value: 'new' }, 30_000)
    expect(await entries.read(KEY)).toMatchObject({ value: 'new' })
  })

  it('without a window every value is stored at once', async () => {
    const store = createMemorySharedStore()
    const entries = sharedEntries({ store, prefix: 'ts:' })
    await entries.write(KEY, ENTRY, 30_000)
    expect(store.keys).toEqual([`ts:${KEY}`])
  })
})
