import { describe, expect, it } from 'vitest'
import type { HostFacts } from '../http/request-facts.ts'
import { decideHost } from './host-decision.ts'

const base: HostFacts = { hostHeaders: ['res.localhost'], target: '/', scheme: 'http' }

describe('decideHost', () => {
  it.each<[string, Partial<HostFacts>, string | null]>([
    ['one plain Host', {}, 'http://res.localhost'],
    ['Host with a port', { hostHeaders: ['Res.LocalHost:3000'] }, 'http://res.localhost:3000'],
    ['no Host', { hostHeaders: [] }, null],
    ['two Host headers', { hostHeaders: ['res.localhost', 'evil.com'] }, null],
    ['a malformed Host', { hostHeaders: ['evil.com/x'] }, null],
    ['a Host with userinfo', { hostHeaders: ['evil.com@res.localhost'] }, null],
    ['absolute form naming another host', { target: 'http://evil.com/' }, null],
    ['absolute form naming the same host', { target: 'http://RES.localhost:80/a' }, 'http://res.localhost'],
    ['absolute form that is not a URL', { target: 'http://[zz/' }, null],
    ['the scheme a trusted proxy reported', { scheme: 'https' }, 'https://res.localhost'],
    // Only with TRUST_FORWARDED_HOST do the request facts carry a forwarded host (http/trusted-forwarding.ts).
    ['a forwarded host', { forwardedHost: 'Land.localhost:8080' }, 'http://land.localhost:8080'],
    ['a malformed forwarded host', { forwardedHost: 'evil.com/<x>' }, null],
    ['a forwarded host, with a malformed Host', { hostHeaders: ['evil.com/x'], forwardedHost: 'land.localhost' }, null],
  ])('%s', (_name, facts, origin) => {
    const decision = decideHost({ ...base, ...facts })
    expect(decision.ok ? decision.origin : null).toBe(origin)
  })
})
