/** Why a caller got no slot: the queue was full, or its wait ran past `maxWaitMs`. */
export class SlotsBusyError extends Error {
  override name = 'SlotsBusyError'
  readonly reason: 'full' | 'waited'

  constructor(reason: SlotsBusyError['reason'], what: string) {
    super(reason === 'full' ? `${what}: the queue is full` : `${what}: no slot within the wait limit`)
    this.reason = reason
  }
}

export interface BoundedSlotsOptions {
  /** Holders at once. */
  limit: number
  /** Callers waiting at most; one more is refused at once. */
  maxQueued: number
  /** A caller waiting longer than this is refused (and leaves the queue). */
  maxWaitMs: number
  /** Names the slots in errors (`encode`, `fetch from https://cdn.example.com`). */
  what: string
}

/** Gives the slot back; calling it twice releases once. */
export type Release = () => void

export interface BoundedSlots {
  /** A slot, now or after a bounded wait; throws {@link SlotsBusyError} rather than wait without end. */
  acquire(): Promise<Release>
  readonly active: number
  readonly queued: number
  /** Whether a caller now would be refused at once. */
  readonly isFull: boolean
}

interface Waiter {
  grant: (release: Release) => void
  timer: NodeJS.Timeout
}

/**
 * A semaphore whose queue is bounded in length and in time: a caller is let in, queued, or told at
 * once that there is no room, so a burst of slow work cannot pile up waiters without end. Waiters
 * are served first come, first served.
 */
export function createBoundedSlots(options: BoundedSlotsOptions): BoundedSlots {
  let active = 0
  const waiting: Waiter[] = []

  function releaser(): Release {
    let released = false
    return () => {
      if (released) return
      released = true
      const next = waiting.shift()
      if (next === undefined) {
        active -= 1
        return
      }
      // The slot passes straight to the next waiter: `active` is unchanged.
      clearTimeout(next.timer)
      next.grant(releaser())
    }
  }

  return {
    acquire() {
      if (active < options.limit) {
        active += 1
        return Promise.resolve(releaser())
      }
      if (waiting.length >= options.maxQueued) return Promise.reject(new SlotsBusyError('full', options.what))
      return new Promise<Release>((resolve, reject) => {
        const waiter: Waiter = {
          grant: resolve,
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(waiter), 1)
            reject(new SlotsBusyError('waited', options.what))
          }, options.maxWaitMs),
        }
        waiting.push(waiter)
      })
    },
    get active() {
      return active
    },
    get queued() {
      return waiting.length
    },
    get isFull() {
      return active >= options.limit && waiting.length >= options.maxQueued
    },
  }
}
