import { describe, expect, it, vi } from 'vitest'
import { createReadiness, readyOnUpstreamContact } from './readiness.ts'
import { probeUpstream } from './upstream-probe.ts'

describe('readiness', () => {
  it('turns ready on the first call the upstream answered, not on failures', () => {
    const readiness = createReadiness()
    const inner = { call: vi.fn() }
    const metrics = readyOnUpstreamContact(readiness, inner)
    metrics.call('/v1/site_page/web_get', 'timeout', 5)
    metrics.call('/v1/site_page/web_get', 'http_5xx', 0.1)
    expect(readiness.state).toBe('starting')
    metrics.call('/v1/site_page/web_get', 'ok', 0.01)
    expect(readiness.state).toBe('ready')
    expect(inner.call).toHaveBeenCalledTimes(3)
  })

  it('reports every change and stays draining', () => {
    const readiness = createReadiness()
    const seen: string[] = []
    readiness.onChange((state) => seen.push(state))
    readiness.markReady()
    readiness.markReady()
    readiness.startDraining()
    readiness.markReady()
    expect(seen).toEqual(['ready', 'draining'])
  })

  it('probes the upstream until it answers, then stops', async () => {
    const readiness = createReadiness()
    let attempts = 0
    const errors: number[] = []
    await probeUpstream({
      readiness,
      delayMs: 1,
      contact: async () => {
        attempts += 1
        if (attempts < 3) throw new Error('refused')
      },
      onError: (_error, attempt) => errors.push(attempt),
    })
    expect(readiness.state).toBe('ready')
    expect(attempts).toBe(3)
    expect(errors).toEqual([1, 2])
  })

  it('stops probing when shutdown begins', async () => {
    const readiness = createReadiness()
    const stop = new AbortController()
    let attempts = 0
    const probing = probeUpstream({
      readiness,
      delayMs: 60_000,
      signal: stop.signal,
      contact: async () => {
        attempts += 1
        throw new Error('refused')
      },
    })
    stop.abort()
    await probing
    expect(attempts).toBe(1)
    expect(readiness.state).toBe('starting')
  })
})
