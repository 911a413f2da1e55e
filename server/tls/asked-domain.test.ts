import { describe, expect, it } from 'vitest'
import { parseAskedDomain } from './asked-domain.ts'

describe('the domain of an on-demand TLS ask', () => {
  it.each([
    ['res.localhost', 'res.localhost'],
    ['WWW.Res.Localhost', 'www.res.localhost'],
    ['shop.example.com.', 'shop.example.com'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    [`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`, expect.stringMatching(/^a{63}\./)],
  ])('%s is asked about as %s', (raw, domain) => {
    expect(parseAskedDomain([raw])).toEqual({ ok: true, domain })
  })

  it.each([
    [undefined, 'missing'],
    [[], 'missing'],
    [[''], 'missing'],
    [['res.localhost', 'nav.localhost'], 'missing'],
    [[`${'a'.repeat(300)}.com`], 'too-long'],
    [[`${'a'.repeat(64)}.example`], 'not-a-host-name'],
    [['127.0.0.1'], 'ip-literal'],
    [['10.0.0.1.'], 'ip-literal'],
    [['0x7f.1'], 'ip-literal'],
    [['[::1]'], 'ip-literal'],
    [['::1'], 'ip-literal'],
    [['res.localhost:443'], 'ip-literal'],
    [['localhost'], 'single-label'],
    [['exa mple.com'], 'not-a-host-name'],
    [['-bad.example'], 'not-a-host-name'],
    [['a..b'], 'not-a-host-name'],
    [['*.example.com'], 'not-a-host-name'],
    [['ex\u212Ample.com'], 'not-a-host-name'],
    [['res.localhost/'], 'not-a-host-name'],
  ])('%j is refused: %s', (values, reason) => {
    expect(parseAskedDomain(values)).toEqual({ ok: false, reason })
  })
})
