import { describe, expect, it } from 'vitest'
import { readRequestFacts } from '../http/request-facts.ts'
import { NO_PROXY_TRUST } from '../http/trusted-forwarding.ts'
import { decideHost } from '../tenant/host-decision.ts'
import { toRequestTraceStart } from './request-trace-start.ts'

function startOf(method: string, hops: number, host = 'res.localhost') {
  const request = new Request('http://res.localhost/a/b?q=1', { method, headers: { host } })
  const facts = readRequestFacts(request, NO_PROXY_TRUST)
  return toRequestTraceStart(
    { facts, host: decideHost(facts.host), api: false },
    request,
    { hops, forwardedHost: false },
    undefined,
  )
}

describe('toRequestTraceStart', () => {
  it.each([
    ['GET', 'GET'],
    ['DELETE', 'DELETE'],
    ['PROPFIND', '_OTHER'],
    ['X-ANY', '_OTHER'],
  ])('names %s as %s: span names stay a fixed set', (method, named) => {
    expect(startOf(method, 0).method).toBe(named)
  })

  it.each([
    [0, false],
    [1, true],
    [2, true],
  ])('with TRUST_PROXY=%i adopts an incoming traceparent: %s', (hops, adopted) => {
    expect(startOf('GET', hops).trustParent).toBe(adopted)
  })

  it('carries the validated tenant host and the path without its query, and no host when it was refused', () => {
    expect(startOf('GET', 0)).toMatchObject({ host: 'res.localhost', path: '/a/b' })
    expect(startOf('GET', 0, 'res..localhost:99999').host).toBeUndefined()
  })
})
