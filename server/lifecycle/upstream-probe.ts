import { setTimeout as sleep } from 'node:timers/promises'
import type { Readiness } from './readiness.ts'

export interface UpstreamProbeOptions {
  readiness: Readiness
  /** One contact attempt; resolving means the upstream answered. */
  contact: () => Promise<unknown>
  /** Pause after the first failure; doubles up to `maxDelayMs`. */
  delayMs?: number
  maxDelayMs?: number
  /** Stops probing (shutdown). */
  signal?: AbortSignal
  onError?: (error: unknown, attempt: number) => void
}

/**
 * Contacts the upstream at start until it answers once, so `/readyz` turns 200 without waiting for
 * a visitor (a load balancer sends none before the instance is ready). Stops as soon as the
 * instance is ready by any route, or drains.
 */
export async function probeUpstream(options: UpstreamProbeOptions): Promise<void> {
  const { readiness, signal } = options
  let delay = options.delayMs ?? 250
  const maxDelay = options.maxDelayMs ?? 5000
  for (let attempt = 1; readiness.state === 'starting' && !signal?.aborted; attempt++) {
    try {
      await options.contact()
      readiness.markReady()
      return
    } catch (error) {
      options.onError?.(error, attempt)
    }
    if (readiness.state !== 'starting') return
    try {
      await sleep(delay, undefined, signal ? { signal } : {})
    } catch {
      return
    }
    delay = Math.min(maxDelay, delay * 2)
  }
}
