import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { captureLog } from '../../../test/log-capture.ts'
import { CommandSkipped, createCommandBreaker, type CommandBreakerOptions } from './command-breaker.ts'

const TIMEOUT = new Error('Command timed out')
const timedOut = () => Promise.reject(TIMEOUT)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function setup(options: Partial<CommandBreakerOptions> = {}) {
  const captured = captureLog('warn')
  const probe = vi.fn(async () => 'PONG')
  const breaker = createCommandBreaker({
    probe,
    log: captured.log,
    isTimeout: (error) => error === TIMEOUT,
    backoff: { baseMs: 1000, maxMs: 8000 },
    random: () => 0,
    ...options,
  })
  return { breaker, probe, lines: captured.lines }
}

/** Runs `command` through the breaker: its value, or what kept it from answering. */
async function outcome(breaker: ReturnType<typeof setup>['breaker'], command: () => Promise<unknown>) {
  try {
    return await breaker.run(0, command)
  } catch (error) {
    return error instanceof CommandSkipped ? 'skipped' : 'failed'
  }
}

describe('the command breaker', () => {
  it('opens after three timeouts in a row: nothing more is sent, and it says so once', async () => {
    const { breaker, lines } = setup({ probe: () => new Promise(() => {}) })
    for (let index = 0; index < 3; index++) expect(await outcome(breaker, timedOut)).toBe('failed')
    expect(breaker.open).toBe(true)
    const command = vi.fn(async () => 'value')
    for (let index = 0; index < 100; index++) expect(await outcome(breaker, command)).toBe('skipped')
    expect(command).not.toHaveBeenCalled()
    expect(lines.map((line) => line.msg)).toEqual([
      'redis not answering: stopped sending to it, serving from the local cache and the upstream',
    ])
  })

  it('stays closed while answers or fast failures come between timeouts', async () => {
    const { breaker } = setup()
    const refused = () => Promise.reject(new Error('Stream isn’t writeable'))
    for (const command of [timedOut, timedOut, async () => 'ok', timedOut, timedOut, refused, refused]) {
      await outcome(breaker, command)
    }
    expect(breaker.open).toBe(false)
    expect(await outcome(breaker, async () => 'ok')).toBe('ok')
  })

  it('probes with back-off while open, and closes on its own once the probe is answered', async () => {
    let answering = false
    const probe = vi.fn(async () => {
      if (!answering) throw TIMEOUT
      return 'PONG'
    })
    const { breaker, lines } = setup({ probe })
    for (let index = 0; index < 3; index++) await outcome(breaker, timedOut)
    // Back-off windows of 1, 2, 4 s with the dice at 0: probes half a window apart at least.
    await vi.advanceTimersByTimeAsync(500)
    expect(probe).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(probe).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(probe).toHaveBeenCalledTimes(2)
    expect(breaker.open).toBe(true)
    answering = true
    await vi.advanceTimersByTimeAsync(2000)
    expect(probe).toHaveBeenCalledTimes(3)
    expect(breaker.open).toBe(false)
    expect(await outcome(breaker, async () => 'ok')).toBe('ok')
    // No more probes once closed.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(probe).toHaveBeenCalledTimes(3)
    expect(lines.map((line) => line.msg)).toEqual([
      'redis not answering: stopped sending to it, serving from the local cache and the upstream',
      'redis answers again: sharing through it again',
    ])
  })

  it('bounds the commands and the bytes in flight: past either, a command is skipped', async () => {
    const { breaker } = setup({ maxInFlight: 3, maxBytesInFlight: 100 })
    const held: (() => void)[] = []
    const hold = () => new Promise<void>((resolve) => held.push(resolve))
    const running = [breaker.run(60, hold), breaker.run(0, hold)]
    await expect(breaker.run(41, hold)).rejects.toBeInstanceOf(CommandSkipped)
    running.push(breaker.run(40, hold))
    await expect(breaker.run(0, hold)).rejects.toBeInstanceOf(CommandSkipped)
    for (const release of held) release()
    await Promise.all(running)
    expect(await outcome(breaker, async () => 'ok')).toBe('ok')
    expect(breaker.open).toBe(false)
  })

  it('stops probing once stopped', async () => {
    const probe = vi.fn(async () => {
      throw TIMEOUT
    })
    const { breaker } = setup({ probe })
    for (let index = 0; index < 3; index++) await outcome(breaker, timedOut)
    breaker.stop()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(probe).not.toHaveBeenCalled()
  })
})
