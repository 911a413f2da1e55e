import { afterEach, describe, expect, it, vi } from 'vitest'
import { createBoundedSlots, type Release, SlotsBusyError } from './bounded-slots.ts'

type Step = 'acquire' | `release ${number}` | `wait ${number}`
/** After the steps: what each caller has (`held`, `queued`, `full`, `waited`, `released`), then the counts. */
type Expected = { callers: string[]; active: number; queued: number; isFull?: boolean }

// limit 2, queue 1, wait 100 ms
const cases: [string, Step[], Expected][] = [
  ['lets callers in up to the limit', ['acquire', 'acquire'], { callers: ['held', 'held'], active: 2, queued: 0 }],
  [
    'queues the next one',
    ['acquire', 'acquire', 'acquire'],
    { callers: ['held', 'held', 'queued'], active: 2, queued: 1, isFull: true },
  ],
  [
    'refuses at once when the queue is full',
    ['acquire', 'acquire', 'acquire', 'acquire'],
    { callers: ['held', 'held', 'queued', 'full'], active: 2, queued: 1, isFull: true },
  ],
  [
    'hands a released slot to the first waiter',
    ['acquire', 'acquire', 'acquire', 'release 0'],
    { callers: ['released', 'held', 'held'], active: 2, queued: 0 },
  ],
  [
    'frees the slot when nobody waits',
    ['acquire', 'acquire', 'release 1'],
    { callers: ['held', 'released'], active: 1, queued: 0 },
  ],
  [
    'releases once however often release is called',
    ['acquire', 'acquire', 'release 1', 'release 1'],
    { callers: ['held', 'released'], active: 1, queued: 0 },
  ],
  [
    'refuses a waiter past the wait limit and frees its place',
    ['acquire', 'acquire', 'acquire', 'wait 100', 'acquire'],
    { callers: ['held', 'held', 'waited', 'queued'], active: 2, queued: 1, isFull: true },
  ],
  [
    'keeps a waiter within the wait limit',
    ['acquire', 'acquire', 'acquire', 'wait 99'],
    { callers: ['held', 'held', 'queued'], active: 2, queued: 1, isFull: true },
  ],
  [
    'a slot handed over before the limit ends the wait',
    ['acquire', 'acquire', 'acquire', 'wait 50', 'release 0', 'wait 100'],
    { callers: ['released', 'held', 'held'], active: 2, queued: 0 },
  ],
]

describe('bounded slots', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it.each(cases)('%s', async (_name, steps, expected) => {
    vi.useFakeTimers()
    const slots = createBoundedSlots({ limit: 2, maxQueued: 1, maxWaitMs: 100, what: 'test' })
    const callers: string[] = []
    const releases: Release[] = []
    for (const step of steps) {
      if (step === 'acquire') {
        const index = callers.length
        callers.push('queued')
        slots.acquire().then(
          (release) => {
            releases[index] = release
            callers[index] = 'held'
          },
          (error: unknown) => {
            callers[index] = error instanceof SlotsBusyError ? error.reason : 'other'
          },
        )
      } else if (step.startsWith('release ')) {
        const index = Number(step.slice('release '.length))
        releases[index]?.()
        callers[index] = 'released'
      } else {
        await vi.advanceTimersByTimeAsync(Number(step.slice('wait '.length)))
      }
      await vi.advanceTimersByTimeAsync(0)
    }
    expect({ callers, active: slots.active, queued: slots.queued, isFull: slots.isFull }).toEqual({
      isFull: false,
      ...expected,
    })
  })
})
