import { describe, expect, it } from 'vitest'
import { planCalls } from './call-plan.ts'
import { createVarnishTarget } from './varnish.ts'

const HOSTS = ['shop.example', 'www.shop.example']

describe('planCalls', () => {
  it('bounds the calls to each Varnish, not to all of them together', () => {
    const origins = Array.from({ length: 12 }, (_, i) => `http://varnish-${i}:6081`)
    const plan = planCalls(createVarnishTarget({ origins }), { kind: 'keys', mode: 'soft', keys: HOSTS }, 10)
    expect(plan.kind === 'as-asked' && plan.requests.length).toBe(12)
  })

  it('past the bound, one call of the hosts to each Varnish', () => {
    const origins = ['http://varnish-1:6081', 'http://varnish-2:6081']
    const addresses = Array.from({ length: 11 }, (_, i) => ({ host: 'shop.example', path: `/post/${i}` }))
    const plan = planCalls(
      createVarnishTarget({ origins }),
      { kind: 'addresses', mode: 'soft', addresses, hosts: HOSTS },
      10,
    )
    expect(plan).toMatchObject({ kind: 'whole-hosts', needed: 11 })
    expect(
      plan.kind === 'whole-hosts' && plan.requests.map((call) => [call.origin, call.headers['xkey-softpurge']]),
    ).toEqual(origins.map((origin) => [origin, HOSTS.join(' ')]))
  })

  it('a purge without the tenant’s hosts is not widened: nothing is sent past the bound', () => {
    const keys = Array.from({ length: 11 }, (_, i) => `k${i}`.padEnd(1000, 'x'))
    const plan = planCalls(
      createVarnishTarget({ origins: ['http://varnish:6081'] }),
      { kind: 'keys', mode: 'hard', keys },
      1,
    )
    expect(plan).toEqual({ kind: 'too-many', needed: 2 })
  })
})
