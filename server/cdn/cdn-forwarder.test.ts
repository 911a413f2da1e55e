import pino from 'pino'
import { Agent } from 'undici'
import { afterAll, describe, expect, it } from 'vitest'
import { createCdnForwarder, type CdnOutcome } from './cdn-forwarder.ts'
import type { CdnRequest, CdnTarget } from './cdn-purge.ts'

const dispatcher = new Agent()
afterAll(() => dispatcher.close())

/** A Varnish-named target sending `requests` (to a port nothing listens on) and judging by status. */
function target(requests: () => CdnRequest[]): CdnTarget {
  return {
    name: 'varnish',
    secrets: [],
    metered: false,
    requestsFor: requests,
    verdict: (status) => (status < 300 ? { kind: 'ok' } : { kind: 'retry', reason: String(status) }),
  }
}

async function forwardWith(cdn: CdnTarget) {
  const outcomes: CdnOutcome[] = []
  const forwarder = createCdnForwarder({
    targets: [cdn],
    dispatcher,
    timeoutMs: 2000,
    log: pino({ level: 'silent' }),
    onOutcome: (_, outcome) => outcomes.push(outcome),
    backoff: { baseMs: 10, maxMs: 20 },
  })
  const answer = await forwarder.forward({ kind: 'keys', mode: 'soft', keys: ['shop.example'] })
  return { answer, outcomes }
}

describe('createCdnForwarder', () => {
  it('a request undici refuses to send (a header with a line break) is not tried again until the deadline', async () => {
    const call = { origin: 'http://127.0.0.1:9', path: '/', method: 'PURGE', headers: { 'xkey-purge': 'a\r\nb' } }
    const { answer, outcomes } = await forwardWith(target(() => [call]))
    expect(answer).toEqual({ varnish: 'failed: request not sent: UND_ERR_INVALID_ARG' })
    expect(outcomes).toEqual(['rejected'])
  })

  it('a fault in building the requests is answered as a failure, never thrown into the purge', async () => {
    const { answer, outcomes } = await forwardWith(
      target(() => {
        throw new Error('broken')
      }),
    )
    expect(answer).toEqual({ varnish: 'failed: internal error' })
    expect(outcomes).toEqual(['failed'])
  })

  it('a purge that takes no request at a CDN is ok there', async () => {
    expect(await forwardWith(target(() => []))).toEqual({ answer: { varnish: 'ok' }, outcomes: ['ok'] })
  })
})
