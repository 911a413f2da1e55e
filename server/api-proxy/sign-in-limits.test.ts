import { describe, expect, it } from 'vitest'
import { toAddressKey, toEmailKey } from './limit-keys.ts'
import { type CallLimits, createSignInLimits, type LimitedCall, toCallLimits } from './sign-in-limits.ts'

const NONE: CallLimits = { perAddress: { points: 0, seconds: 60 }, perEmail: { points: 0, seconds: 60 } }
const SEND: CallLimits = { perAddress: { points: 3, seconds: 3600 }, perEmail: { points: 2, seconds: 3600 } }

function limitsWith(call: LimitedCall, limits: CallLimits) {
  return createSignInLimits({
    limits: {
      'user/login': NONE,
      'user/register': NONE,
      send_email: NONE,
      'user/update_password': NONE,
      third_party_login: NONE,
      [call]: limits,
    },
  })
}

async function takeTimes(times: number, take: () => Promise<number | null>): Promise<(number | null)[]> {
  const results: (number | null)[] = []
  for (let i = 0; i < times; i++) results.push(await take())
  return results
}

describe('createSignInLimits (in memory)', () => {
  it('allows the limit per e-mail, then answers the seconds left in the window', async () => {
    const limits = limitsWith('send_email', SEND)
    const attempt = { call: 'send_email', tenant: 'a.test', clientAddress: '198.51.100.1', email: 'x@y.test' } as const
    const [first, second, third] = await takeTimes(3, () => limits.take(attempt))
    expect([first, second]).toEqual([null, null])
    expect(third).toBeGreaterThan(3590)
    expect(third).toBeLessThanOrEqual(3600)
    // The same e-mail written otherwise is the same counter.
    expect(await limits.take({ ...attempt, clientAddress: '198.51.100.2', email: '  X@Y.TEST ' })).not.toBeNull()
  })

  it('counts the address apart from the e-mail, and keeps each tenant’s counters its own', async () => {
    const limits = limitsWith('send_email', SEND)
    const from = (tenant: string, email: string) =>
      limits.take({ call: 'send_email', tenant, clientAddress: '198.51.100.1', email })
    expect(await takeTimes(3, () => from('a.test', `${Math.random()}@y.test`))).toEqual([null, null, null])
    expect(await from('a.test', 'fresh@y.test')).not.toBeNull()
    // Another tenant's visitors from the same address have their own counter.
    expect(await from('b.test', 'fresh@y.test')).toBeNull()
  })

  it('limits calls without an e-mail, or without an address, by what they have', async () => {
    const limits = limitsWith('third_party_login', SEND)
    const google = { call: 'third_party_login', tenant: 'a.test', clientAddress: undefined, email: undefined } as const
    expect(await takeTimes(4, () => limits.take(google))).toEqual([null, null, null, expect.any(Number)])
  })

  it('leaves a count of 0 and the calls it does not name unlimited', async () => {
    const limits = limitsWith('send_email', { ...SEND, perAddress: { points: 0, seconds: 60 } })
    const attempt = { call: 'send_email', tenant: 'a.test', clientAddress: '198.51.100.1' } as const
    expect(await takeTimes(10, () => limits.take({ ...attempt, email: `${Math.random()}@y.test` }))).not.toContain(
      expect.any(Number),
    )
    const feedback = { call: 'feedback/submit', tenant: 'a.test', clientAddress: '198.51.100.1', email: 'x@y' } as const
    expect(await takeTimes(10, () => limits.take(feedback))).toEqual(Array(10).fill(null))
  })

  it('holds at most maxMemoryKeys keys: past them, never-seen keys share one counter', async () => {
    const limits = createSignInLimits({
      limits: {
        'user/login': NONE,
        'user/register': NONE,
        send_email: { ...SEND, perEmail: { points: 0, seconds: 60 } },
        'user/update_password': NONE,
        third_party_login: NONE,
      },
      maxMemoryKeys: 2,
    })
    const from = (clientAddress: string) =>
      limits.take({ call: 'send_email', tenant: 'a.test', clientAddress, email: 'x@y' })
    expect(await from('198.51.100.1')).toBeNull()
    expect(await from('198.51.100.2')).toBeNull()
    // Full: three new addresses share the overflow counter (3 attempts), the fourth is refused.
    expect(await takeTimes(4, () => from(`203.0.113.${Math.floor(Math.random() * 250)}`))).toEqual([
      null,
      null,
      null,
      expect.any(Number),
    ])
    // A key counted before still has its own counter.
    expect(await takeTimes(3, () => from('198.51.100.1'))).toEqual([null, null, expect.any(Number)])
  })

  it('maps the three settings onto the calls', () => {
    const setting = (perAddress: number) => ({ perAddress, perEmail: 1, seconds: 60 })
    const calls = toCallLimits({ sendCode: setting(1), login: setting(2), codeCheck: setting(3) })
    expect(Object.fromEntries(Object.entries(calls).map(([call, limits]) => [call, limits.perAddress.points]))).toEqual(
      {
        send_email: 1,
        'user/login': 2,
        third_party_login: 2,
        'user/register': 3,
        'user/update_password': 3,
      },
    )
  })
})

describe('toEmailKey', () => {
  it.each([
    [' Someone@Example.TEST\n', 'someone@example.test'],
    ['', undefined],
    ['   ', undefined],
    [42, undefined],
    [['a@b'], undefined],
    [null, undefined],
  ])('%j keys as %j', (email, key) => {
    expect(toEmailKey(email)).toBe(key)
  })

  it('bounds the key’s length', () => {
    expect(toEmailKey(`${'a'.repeat(100_000)}@x.test`)).toHaveLength(254)
  })
})

describe('toAddressKey', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    [undefined, 'unknown'],
    ['', 'unknown'],
    ['not an address', 'unknown'],
  ])('%s keys as %s', (address, key) => {
    expect(toAddressKey(address)).toBe(key)
  })
})
