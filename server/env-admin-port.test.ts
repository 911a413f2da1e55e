import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.ts'

describe('ADMIN_PORT', () => {
  it('is unset by default: the operations endpoints stay on PORT', () => {
    const result = parseEnv({})
    expect(result.ok && result.env.ADMIN_PORT).toBeUndefined()
  })

  it('takes a port', () => {
    const result = parseEnv({ ADMIN_PORT: ' 9090 ' })
    expect(result.ok && result.env.ADMIN_PORT).toBe(9090)
  })

  it.each([
    ['not a number', { ADMIN_PORT: 'admin' }, 'ADMIN_PORT: must be a whole number'],
    ['port 0', { ADMIN_PORT: '0' }, 'ADMIN_PORT: must be at least 1'],
    ['past 65535', { ADMIN_PORT: '70000' }, 'ADMIN_PORT: must be at most 65535'],
    [
      'the public port',
      { PORT: '8080', ADMIN_PORT: '8080' },
      'ADMIN_PORT: must differ from PORT (the operations endpoints leave the public port)',
    ],
  ])('refuses %s', (_label, raw, error) => {
    expect(parseEnv(raw)).toEqual({ ok: false, errors: [error] })
  })
})
