import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { captureLog } from '../../../test/log-capture.ts'
import { createPurgeOutbox, type Unshared } from './purge-outbox.ts'

const purge = (id: string, mode: 'soft' | 'hard' = 'soft'): Unshared => ({
  id,
  scope: { host: `${id}.example`, mode },
  keys: [],
})

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('purges the shared store did not take', () => {
  it('are sent again every second, in order, until the store takes them', async () => {
    let up = false
    const tries: string[] = []
    const events: string[] = []
    const outbox = createPurgeOutbox({
      send: async (each) => {
        tries.push(each.id)
        return up
      },
      onEvent: (event) => events.push(event),
    })
    outbox.hold(purge('a'))
    outbox.hold(purge('b'))
    await vi.advanceTimersByTimeAsync(2000)
    // The first is tried; the one after it waits its turn.
    expect(tries).toEqual(['a', 'a'])
    up = true
    await vi.advanceTimersByTimeAsync(1000)
    expect(tries).toEqual(['a', 'a', 'a', 'b'])
    expect(events).toEqual(['redelivered', 'redelivered'])
    expect(outbox.size).toBe(0)
    // Nothing held: no more tries.
    await vi.advanceTimersByTimeAsync(5000)
    expect(tries).toHaveLength(4)
  })

  it('past the bound, what is held becomes one purge of everything (hard if any was), and the log says so', async () => {
    const sent: Unshared[] = []
    let up = false
    const captured = captureLog('warn')
    const events: string[] = []
    const outbox = createPurgeOutbox({
      send: async (each) => {
        if (up) sent.push(each)
        return up
      },
      log: captured.log,
      max: 3,
      onEvent: (event) => events.push(event),
    })
    for (const [index, mode] of (['soft', 'hard', 'soft', 'soft'] as const).entries())
      outbox.hold(purge(`p${index}`, mode))
    expect(outbox.size).toBe(1)
    expect(events).toEqual(['collapsed'])
    expect(captured.text()).toContain('holding one purge of everything instead')
    up = true
    await vi.advanceTimersByTimeAsync(1000)
    expect(sent.map((each) => each.scope)).toEqual([{ host: null, mode: 'hard' }])
  })

  it('an overflow while a purge is being sent keeps the purge of everything to send', async () => {
    let release!: (ok: boolean) => void
    const sent: (string | null)[] = []
    const outbox = createPurgeOutbox({
      send: (each) => {
        sent.push(each.scope.host)
        return sent.length === 1 ? new Promise((resolve) => (release = resolve)) : Promise.resolve(true)
      },
      max: 2,
    })
    outbox.hold(purge('a'))
    await vi.advanceTimersByTimeAsync(1000)
    outbox.hold(purge('b'))
    outbox.hold(purge('c'))
    release(true)
    await vi.advanceTimersByTimeAsync(1000)
    expect(sent).toEqual(['a.example', null])
    expect(outbox.size).toBe(0)
  })
})
