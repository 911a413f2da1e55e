import { describe, expect, it } from 'vitest'
import type { HostFacts } from '../http/request-facts.ts'
import { decideHost } from './host-decision.ts'

const base: HostFacts = { hostHeaders: ['res.localhost'], target: '/', scheme: 'http', trustProxy: false }

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
    [
      'untrusted forwarding headers',
      { forwardedHost: 'land.localhost', forwardedProto: 'https', forwarded: 'host=nav.localhost;proto=https' },
      'http://res.localhost',
    ],
    [
      'trusted X-Forwarded-Host and -Proto',
      { trustProxy: true, forwardedHost: 'land.localhost, proxy.internal', forwardedProto: 'https' },
      'https://land.localhost',
    ],
    [
      'trusted Forwarded',
      { trustProxy: true, forwarded: 'for=1.2.3.4;host="nav.localhost";proto=https, for=5.6.7.8' },
      'https://nav.localhost',
    ],
    ['a trusted but malformed forwarded host', { trustProxy: true, forwardedHost: 'evil.com/<x>' }, null],
    ['a trusted proto that is not http(s)', { trustProxy: true, forwardedProto: 'javascript' }, 'http://res.localhost'],
  ])('%s', (_name, facts, origin) => {
    const decision = decideHost({ ...base, ...facts })
    expect(decision.ok ? decision.origin : null).toBe(origin)
  })
})
