import { describe, expect, it } from 'vitest'
import { settleRenders } from './settle-renders.ts'

describe('settleRenders', () => {
  it('answers true once renders and shared writes are done', async () => {
    const cache = { inFlight: 1, sharing: 1 }
    setTimeout(() => (cache.inFlight = 0), 5)
    setTimeout(() => (cache.sharing = 0), 15)
    expect(await settleRenders(cache, 10_000, 1)).toBe(true)
    expect(cache).toEqual({ inFlight: 0, sharing: 0 })
  })

  it('answers false when something is still running after the time given, and at once when nothing runs', async () => {
    expect(await settleRenders({ inFlight: 0, sharing: 1 }, 20, 1)).toBe(false)
    expect(await settleRenders({ inFlight: 0, sharing: 0 }, 0)).toBe(true)
  })
})
