import { describe, expect, it } from 'vitest'
import { isSitePath, parseHttpUrl, safeHttpUrl, safeLinkTarget, safeMediaUrl } from './safe-url.ts'

// [input, safeHttpUrl, safeMediaUrl, safeLinkTarget]: what each use accepts of the same address.
const TABLE: [string, string | null, string | null, string | null][] = [
  // Hostile
  ['javascript:alert(1)', null, null, null],
  ['JaVaScRiPt:alert(1)', null, null, null],
  [' javascript:alert(1)', null, null, null],
  ['java\tscript:alert(1)', null, null, null],
  ['java\nscript:alert(1)', null, null, null],
  ['\u0000javascript:alert(1)', null, null, null],
  ['vbscript:msgbox(1)', null, null, null],
  ['data:text/html,<script>alert(1)</script>', null, null, null],
  ['data:text/html;base64,PHNjcmlwdD4=', null, null, null],
  ['data:image/svg+xml;base64,PHN2Zz4=', null, 'data:image/svg+xml;base64,PHN2Zz4=', null],
  ['//evil.example/x', null, null, null],
  ['/\\evil.example', null, null, null],
  ['\\\\evil.example', null, null, null],
  ['https:evil.example', null, null, null],
  ['https://user:pass@evil.example/', null, null, null],
  ['https://good.example@evil.example/', null, null, null],
  ['http://', null, null, null],
  ['https:///path', null, null, null],
  ['ftp://files.example/a', null, null, null],
  ['file:///etc/passwd', null, null, null],
  ['blob:https://x.example/1', null, null, null],
  ['https://a.example/\u0007', null, null, null],
  [`https://a.example/${'a'.repeat(2100)}`, null, null, null],
  ['', null, null, null],
  ['   ', null, null, null],
  // Fine
  ['https://a.example/x?y=1#z', 'https://a.example/x?y=1#z', 'https://a.example/x?y=1#z', 'https://a.example/x?y=1#z'],
  ['  HTTP://A.example  ', 'HTTP://A.example', 'HTTP://A.example', 'HTTP://A.example'],
  ['https://例え.jp/パス', 'https://例え.jp/パス', 'https://例え.jp/パス', 'https://例え.jp/パス'],
  ['/c/legal/privacy', null, '/c/legal/privacy', '/c/legal/privacy'],
  ['/#features', null, '/#features', '/#features'],
  ['#top', null, null, '#top'],
  ['mailto:hi@example.com', null, null, 'mailto:hi@example.com'],
  ['tel:+861234', null, null, 'tel:+861234'],
  ['data:image/png;base64,iVBORw0KGgo=', null, 'data:image/png;base64,iVBORw0KGgo=', null],
  ['data:image/webp;base64,UklGRg==', null, 'data:image/webp;base64,UklGRg==', null],
  ['relative/path.png', null, null, null],
]

describe('safe-url', () => {
  it.each(TABLE)('%j → http %j, media %j, link %j', (input, http, media, link) => {
    expect(safeHttpUrl(input)).toBe(http)
    expect(safeMediaUrl(input)).toBe(media)
    expect(safeLinkTarget(input)).toBe(link)
  })

  it.each([undefined, null, 42, {}, ['https://a.example']])('refuses the non-string %j', (value) => {
    expect(safeHttpUrl(value)).toBeNull()
    expect(safeMediaUrl(value)).toBeNull()
    expect(safeLinkTarget(value)).toBeNull()
    expect(parseHttpUrl(value)).toBeNull()
  })

  it('parses an accepted http(s) URL into its host', () => {
    expect(parseHttpUrl('https://Example.com:8443/a b')?.host).toBe('example.com:8443')
  })

  it.each([['/', true], ['/a', true], ['//a', false], ['/\\a', false], ['a', false], ['/a\u0000', false]])('isSitePath(%j) is %j', (value, expected) => {
    expect(isSitePath(value)).toBe(expected)
  })
})
