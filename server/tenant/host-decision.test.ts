import { describe, expect, it } from 'vitest'
import type { HostFacts } from '../http/request-facts.ts'
import { createHostDecisions, decideHost } from './host-decision.ts'

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

describe('createHostDecisions', () => {
  const cases: Partial<HostFacts>[] = [
    {},
    { hostHeaders: ['Res.LocalHost:3000'] },
    { hostHeaders: [] },
    { hostHeaders: ['res.localhost', 'evil.com'] },
    { hostHeaders: ['evil.com/x'] },
    { hostHeaders: [' res.localhost '] },
    { target: 'http://evil.com/' },
    { target: 'http://RES.localhost:80/a' },
    { target: '*' },
    { scheme: 'https' },
    { forwardedHost: 'Land.localhost:8080' },
    { forwardedHost: 'evil.com/<x>' },
  ]

  it('decides as decideHost, asked once or many times, in any order', () => {
    const { decide } = createHostDecisions()
    for (let round = 0; round < 3; round += 1)
      for (const facts of round === 1 ? [...cases].reverse() : cases)
        expect(decide({ ...base, ...facts })).toEqual(decideHost({ ...base, ...facts }))
  })

  it('tells the schemes apart: one Host over http and https has two origins', () => {
    const { decide } = createHostDecisions()
    expect(decide(base)).toMatchObject({ origin: 'http://res.localhost' })
    expect(decide({ ...base, scheme: 'https' })).toMatchObject({ origin: 'https://res.localhost' })
  })

  it('stays bounded under a flood of made-up hosts, and still decides each right', () => {
    const decisions = createHostDecisions(8)
    for (let n = 0; n < 100; n += 1) {
      const decision = decisions.decide({ ...base, hostHeaders: [`t${n}.example`] })
      expect(decision).toEqual({ ok: true, host: `t${n}.example`, origin: `http://t${n}.example` })
      expect(Object.isFrozen(decision)).toBe(true)
      expect(decisions.size).toBeLessThanOrEqual(8)
    }
  })
})
