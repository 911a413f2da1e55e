import { vi } from 'vitest'

export interface UntilOptions {
  /** Fails the test after this long. Default 30 s: a process starting or draining beside a busy suite. */
  timeoutMs?: number
  /** Between checks. Default 20 ms; 0 checks again at once (a state that holds only for a moment). */
  intervalMs?: number
}

/**
 * Resolves once `check` answers true, checking again every `intervalMs`; fails after `timeoutMs`
 * naming `what`, so a condition that never comes fails its test instead of hanging it. The one
 * poll loop of the tests (vi.waitFor underneath, with a condition rather than an assertion).
 */
export function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  { timeoutMs = 30_000, intervalMs = 20 }: UntilOptions = {},
): Promise<void> {
  return vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`still waiting for ${what}`)
    },
    { timeout: timeoutMs, interval: intervalMs },
  )
}
