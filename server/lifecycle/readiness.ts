import type { UpstreamMetrics } from '../metrics/metrics.ts'

type ReadinessState = 'starting' | 'ready' | 'draining'

/** Whether the instance should get traffic: `/readyz` answers 200 only when `ready`. */
export interface Readiness {
  readonly state: ReadinessState
  /** The upstream answered once: the instance can serve pages. Ignored once draining. */
  markReady(): void
  /** Shutdown began: the load balancer must stop sending new visitors. Final. */
  startDraining(): void
  /** Called on every state change. */
  onChange(listener: (state: ReadinessState) => void): void
}

export function createReadiness(): Readiness {
  let state: ReadinessState = 'starting'
  const listeners: ((state: ReadinessState) => void)[] = []
  const set = (next: ReadinessState) => {
    if (state === next) return
    state = next
    for (const listener of listeners) listener(state)
  }
  return {
    get state() {
      return state
    },
    markReady() {
      if (state === 'starting') set('ready')
    },
    startDraining() {
      set('draining')
    },
    onChange(listener) {
      listeners.push(listener)
    },
  }
}

/**
 * Upstream metrics that also mark the instance ready on the first call the upstream answered
 * (any envelope, "site not found" included): from then on pages can be served.
 */
export function readyOnUpstreamContact(readiness: Readiness, metrics?: UpstreamMetrics): UpstreamMetrics {
  return {
    call(path, outcome, seconds) {
      metrics?.call(path, outcome, seconds)
      if (outcome === 'ok') readiness.markReady()
    },
  }
}
