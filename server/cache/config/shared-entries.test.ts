import { sharedKey } from '../cache-keys.ts'
import { describe, expect, it } from 'vitest'
import { admitTimes } from '../redis/shared-admission.ts'
import { sharedEntries } from './shared-entries.ts'
import { createMemorySharedStore } from '../redis/shared-store.ts'

const ENTRY = { storedAt: 1, found: true as const, value: { rows: [1, 2, 3] } }
const KEY = 'a.example:data:/v1/search:{"query":"x"}'
/** Fresh for 30 s: the gap is 30 s, the window 90 s. */
const ADMIT = admitTimes(30_000)

/** Two instances' entries over one memory store and one clock. */
function fleet() {
  const clock = { time: 1_000_000 }
  const now = () => clock.time
  const store = createMemorySharedStore(now)
  const [a, b] = [0, 1].map(() => sharedEntries({ store, prefix: 'ts:', admit: ADMIT, now }))
  if (a === undefined || b === undefined) throw new Error('two instances')
  return { clock, store, a, b }
}

describe('shared entries with admission', () => {
  it('admission times: the gap is the fresh time, the window three, within 1–10 minutes', () => {
    expect(ADMIT).toEqual({ gapMs: 30_000, windowMs: 90_000 })
    expect(admitTimes(1000)).toEqual({ gapMs: 1000, windowMs: 60_000 })
    expect(admitTimes(3_600_000)).toEqual({ gapMs: 300_000, windowMs: 600_000 })
  })

  it.each([
    ['twice in a row on one instance', 0, 'a', false],
    ['on a then at once on b', 0, 'b', false],
    ['on b just before the gap', ADMIT.gapMs - 1, 'b', false],
    ['on b the gap after', ADMIT.gapMs, 'b', true],
    ['on a again once stale', ADMIT.gapMs + 5000, 'a', true],
    ['on b once the marker expired (a first load again)', ADMIT.windowMs, 'b', false],
  ] as const)(
    'a value first loaded on a, then loaded %s (%i ms later, on %s): stored %s',
    async (_, afterMs, second, stored) => {
      const { clock, a, b } = fleet()
      await a.write(KEY, ENTRY, 30_000)
      expect(await b.read(KEY)).toBeUndefined()
      clock.time += afterMs
      await (second === 'a' ? a : b).write(KEY, ENTRY, 30_000)
      expect((await a.read(KEY)) !== undefined).toBe(stored)
    },
  )

  it('a value asked for over time is stored, whatever was asked in between', async () => {
    const { clock, a, b } = fleet()
    for (const site of [a, b, a, b]) await site.write(KEY, ENTRY, 30_000)
    expect(await a.read(KEY)).toBeUndefined()
    clock.time += ADMIT.gapMs
    await b.write(KEY, ENTRY, 30_000)
    expect(await a.read(KEY)).toMatchObject({ found: true, value: ENTRY.value })
  })

  it('with no gap (REDIS_ADMIT_GAP_MS=0) the second load is stored, however soon, and the first never', async () => {
    const store = createMemorySharedStore()
    const [a, b] = [0, 1].map(() => sharedEntries({ store, prefix: 'ts:', admit: admitTimes(30_000, 0) }))
    await a?.write(KEY, ENTRY, 30_000)
    expect(await b?.read(KEY)).toBeUndefined()
    await b?.write(KEY, ENTRY, 30_000)
    expect(await a?.read(KEY)).toMatchObject({ found: true, value: ENTRY.value })
  })

  it('a value whose copy this instance found in the store replaces it without admission', async () => {
    const { store, a } = fleet()
    await store.set(sharedKey('ts:', KEY), JSON.stringify({ t: 1, v: 'old' }), 30_000)
    expect(await a.read(KEY)).toMatchObject({ value: 'old' })
    await a.write(KEY, { ...ENTRY, storedAt: 2, value: 'new' }, 30_000)
    expect(await a.read(KEY)).toMatchObject({ value: 'new' })
  })

  it('without admission every value is stored at once', async () => {
    const store = createMemorySharedStore()
    const entries = sharedEntries({ store, prefix: 'ts:' })
    await entries.write(KEY, ENTRY, 30_000)
    expect(store.keys).toEqual([sharedKey('ts:', KEY)])
  })
})

describe('waiting for another instance’s load', () => {
  it('takes the value the loader shared between this instance’s look and its lock, and lets the lock go', async () => {
    const store = createMemorySharedStore()
    const loader = sharedEntries({ store, prefix: 'ts:' })
    let landed = false
    // The loader shares its value and lets its lock go just as the waiter asks for the lock.
    const racing = {
      ...store,
      async lock(key: string, ttlMs: number) {
        if (!landed) {
          landed = true
          await loader.write(KEY, { ...ENTRY, storedAt: Date.now() }, 30_000)
        }
        return store.lock(key, ttlMs)
      },
    }
    const waiter = sharedEntries({ store: racing, prefix: 'ts:', pollMs: 1 })
    const waited = await waiter.awaitNewer(KEY, 0)
    expect(waited).toMatchObject({ entry: { found: true, value: ENTRY.value } })
    // Nobody holds the lock: the next load of the key in the fleet may take it.
    expect(await loader.lock(KEY)).not.toBeNull()
  })
})
