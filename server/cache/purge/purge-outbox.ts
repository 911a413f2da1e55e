import type { Logger } from 'pino'
import type { PurgeScope } from './purge-scope.ts'

/** A purge this instance applied to itself that the shared store has not taken yet. */
export interface Unshared {
  id: string
  scope: PurgeScope
  /** Shared-store keys (without prefix) this instance knew the purge covers. */
  keys: string[]
}

export interface PurgeOutboxOptions {
  /** Records, deletes and appends the purge in the shared store; false when it could not. */
  send(purge: Unshared): Promise<boolean>
  log?: Logger
  /** Told when a held purge reached the store (`redelivered`) or the outbox overflowed (`collapsed`). */
  onEvent?: (event: 'redelivered' | 'collapsed') => void
  /** Between tries while purges are held. Default 1000 ms. */
  retryMs?: number
  /** Purges held at most; past it they are replaced by one purge of everything. Default 1000. */
  max?: number
}

export interface PurgeOutbox {
  /** Holds `purge` and sends it again until the store takes it (in order, after those held before it). */
  hold(purge: Unshared): void
  readonly size: number
  close(): void
}

/**
 * The purges the shared store did not take (Redis down, paused, out of memory), sent again every
 * `retryMs` until it does: a purge sent while Redis is away reaches the other instances once it is
 * back, as long as this instance runs. Sending again is safe: records only move forward and the
 * receivers apply a purge id once. Bounded: an overflow folds everything held into one purge of
 * everything (covering more, never less), and says so in the log.
 */
export function createPurgeOutbox(options: PurgeOutboxOptions): PurgeOutbox {
  const retryMs = options.retryMs ?? 1000
  const max = options.max ?? 1000
  let held: Unshared[] = []
  let timer: NodeJS.Timeout | null = null
  let sending = false

  async function flush() {
    if (sending) return
    sending = true
    try {
      for (let first = held[0]; first !== undefined && (await options.send(first)); first = held[0]) {
        // An overflow meanwhile replaced what was held: the purge of everything is still to send.
        if (held[0] === first) held.shift()
        options.onEvent?.('redelivered')
      }
    } finally {
      sending = false
      if (held.length === 0 && timer !== null) {
        clearInterval(timer)
        timer = null
      }
    }
  }

  return {
    hold(purge) {
      held.push(purge)
      if (held.length > max) {
        const mode = held.some((each) => each.scope.mode === 'hard') ? 'hard' : 'soft'
        options.log?.error(
          { held: held.length, mode },
          'purges not shared pile up: holding one purge of everything instead',
        )
        options.onEvent?.('collapsed')
        held = [{ id: purge.id, scope: { host: null, mode }, keys: [] }]
      }
      if (timer === null) {
        timer = setInterval(() => void flush(), retryMs)
        timer.unref()
      }
    },
    get size() {
      return held.length
    },
    close() {
      if (timer !== null) clearInterval(timer)
      timer = null
      held = []
    },
  }
}
