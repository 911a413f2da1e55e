import { describe, expect, it } from 'vitest'
import { normalizeHost } from './normalize-host.ts'

describe('normalizeHost', () => {
  it.each([
    ['tenant.example', 'tenant.example'],
    ['Tenant.EXAMPLE', 'tenant.example'],
    ['tenant.example:3000', 'tenant.example'],
    ['tenant.example.', 'tenant.example'],
    ['TENANT.example.:8080', 'tenant.example'],
    ['tenant.example:65535', 'tenant.example'],
    ['tenant.example:1', 'tenant.example'],
    ['localhost', 'localhost'],
    ['127.0.0.1:3000', '127.0.0.1'],
    ['[::1]:3000', '[::1]'],
    ['[::1]', '[::1]'],
    ['[2001:DB8::1]:443', '[2001:db8::1]'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['a-b.c-d.example', 'a-b.c-d.example'],
    [`${'a'.repeat(63)}.example`, `${'a'.repeat(63)}.example`],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeHost(raw)).toBe(expected)
  })

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['empty', ''],
    ['only a dot', '.'],
    ['two trailing dots', 'tenant.example..'],
    ['empty label', 'tenant..example'],
    ['leading dot', '.tenant.example'],
    ['leading hyphen', '-tenant.example'],
    ['label ending in hyphen', 'tenant-.example'],
    ['label over 63', `${'a'.repeat(64)}.example`],
    ['over 253 characters', `${'abcdefghi.'.repeat(26)}example`],
    ['userinfo', 'user@tenant.example'],
    ['space', 'tenant .example'],
    ['tab', 'tenant.example\t'],
    ['control character', 'tenant\u0000.example'],
    ['unicode', 'bücher.example'],
    ['kelvin sign that lower-cases to k', '\u212Aelvin.example'],
    ['underscore', 'my_site.example'],
    ['slash', 'tenant.example/evil'],
    ['non-numeric port', 'tenant.example:http'],
    ['empty port', 'tenant.example:'],
    ['port 0', 'tenant.example:0'],
    ['port past 65535', 'tenant.example:65536'],
    ['IPv6 with a port past 65535', '[::1]:99999'],
    ['two colons', 'tenant.example:80:80'],
    ['bare IPv6', '::1'],
    ['IPv6 with junk', '[::1;drop]'],
    ['IPv6 without a colon', '[1234]'],
  ])('rejects %s', (_label, raw) => {
    expect(normalizeHost(raw)).toBeNull()
  })
})
