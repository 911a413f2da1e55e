import type { Logger } from 'pino'
import { type Backoff, nextRetryAt } from '../backoff.ts'

/** Why a command was not sent: the breaker is open, or too much is in flight already. */
export class CommandSkipped extends Error {
  override name = 'CommandSkipped'
}

/**
 * A circuit breaker in front of a store that may hang without closing its connection. Each
 * command already has a deadline, but a hung server still holds every command sent to it (and its
 * bytes) until the deadline, and the client keeps them queued after it: a miss then waits the
 * deadline on every request, and memory grows with the traffic. After a few timeouts in a row the
 * breaker opens: nothing is sent (the caller's fallback answers at once: a miss, a write dropped)
 * until one cheap probe, tried again with back-off, is answered. Commands in flight are bounded at
 * all times: past the bound a command is skipped as if the breaker were open.
 */
export interface CommandBreaker {
  /** Runs `command` (sending about `bytes`), or throws CommandSkipped without running it. */
  run<T>(bytes: number, command: () => Promise<T>): Promise<T>
  readonly open: boolean
  /** Stops probing (shutdown). */
  stop(): void
}

export interface CommandBreakerOptions {
  /** One cheap command (PING): the breaker closes once it is answered. */
  probe: () => Promise<unknown>
  /** Told once when the breaker opens and once when it closes. */
  log: Logger
  /** Timeouts in a row that open the breaker. Default 3. */
  timeoutsToOpen?: number
  /** Back-off between probes. Default 500 ms doubling to 8 s. */
  backoff?: Backoff
  /** Commands in flight at most. Default 64. */
  maxInFlight?: number
  /** Bytes of commands in flight at most. Default 4 MiB. */
  maxBytesInFlight?: number
  /** Whether a command's failure was its deadline (not a refusal or a closed connection, which fail fast). */
  isTimeout: (error: unknown) => boolean
  random?: () => number
}

export function createCommandBreaker(options: CommandBreakerOptions): CommandBreaker {
  const timeoutsToOpen = options.timeoutsToOpen ?? 3
  const backoff = options.backoff ?? { baseMs: 500, maxMs: 8000 }
  const maxInFlight = options.maxInFlight ?? 64
  const maxBytes = options.maxBytesInFlight ?? 4 * 1024 * 1024
  const random = options.random ?? Math.random
  let [timeouts, inFlight, bytesInFlight, probes] = [0, 0, 0, 0]
  let open = false
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  function trip() {
    if (open) return
    open = true
    probes = 0
    options.log.warn(
      { timeouts },
      'redis not answering: stopped sending to it, serving from the local cache and the upstream',
    )
    scheduleProbe()
  }

  function scheduleProbe() {
    if (stopped) return
    probes += 1
    const now = Date.now()
    timer = setTimeout(probe, nextRetryAt(probes, backoff, now, random) - now)
    timer.unref()
  }

  function probe() {
    timer = undefined
    options.probe().then(
      () => {
        if (stopped) return
        open = false
        timeouts = 0
        options.log.warn({ probes }, 'redis answers again: sharing through it again')
      },
      () => scheduleProbe(),
    )
  }

  return {
    async run(bytes, command) {
      if (open || stopped || inFlight >= maxInFlight || (bytes > 0 && bytesInFlight + bytes > maxBytes)) {
        throw new CommandSkipped(open ? 'the breaker is open' : 'too many commands in flight')
      }
      inFlight += 1
      bytesInFlight += bytes
      try {
        const value = await command()
        timeouts = 0
        return value
      } catch (error) {
        if (options.isTimeout(error) && ++timeouts >= timeoutsToOpen) trip()
        throw error
      } finally {
        inFlight -= 1
        bytesInFlight -= bytes
      }
    },
    get open() {
      return open
    },
    stop() {
      stopped = true
      if (timer !== undefined) clearTimeout(timer)
    },
  }
}
