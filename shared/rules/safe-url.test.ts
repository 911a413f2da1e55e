import { describe, expect, it } from 'vitest'
import {
  absoluteHttpUrl,
  isSitePath,
  parseHttpUrl,
  safeHttpUrl,
  safeLinkTarget,
  safeMediaUrl,
  safeRedirectTarget,
} from './safe-url.ts'

const absoluteUrl = (routerPath: string) => `https://site.example/zh${routerPath}`

// What each use accepts of the same address: [input, http, media, link, redirect, absolute]. The uses
// are outbound links and share links (`safeHttpUrl`, transfer-save), image and avatar sources
// (`safeMediaUrl`), menu and content links (`safeLinkTarget`), the icon redirect (`safeRedirectTarget`),
// and link previews, feeds and structured data (`absoluteHttpUrl`). The canonical origin and the image
// endpoint parse with `parseHttpUrl`, which accepts exactly what `http` does; client-side addresses
// map only what `isSitePath` accepts.
type Row = [string, string | null, string | null, string | null, string | null, string | null]
const TABLE: Row[] = [
  // Schemes that run or leak
  ['javascript:alert(1)', null, null, null, null, null],
  ['JaVaScRiPt:alert(1)', null, null, null, null, null],
  [' javascript:alert(1)', null, null, null, null, null],
  ['vbscript:msgbox(1)', null, null, null, null, null],
  ['data:text/html,<script>alert(1)</script>', null, null, null, null, null],
  ['data:text/html;base64,PHNjcmlwdD4=', null, null, null, null, null],
  ['ftp://files.example/a', null, null, null, null, null],
  ['file:///etc/passwd', null, null, null, null, null],
  ['blob:https://x.example/1', null, null, null, null, null],
  ['https:evil.example', null, null, null, null, null],
  ['http://', null, null, null, null, null],
  ['https:///path', null, null, null, null, null],
  // Control characters (browsers drop them, hiding a scheme)
  ['java\tscript:alert(1)', null, null, null, null, null],
  ['java\nscript:alert(1)', null, null, null, null, null],
  ['\u0000javascript:alert(1)', null, null, null, null, null],
  ['https://a.example/\u0007', null, null, null, null, null],
  ['/a\u0000b', null, null, null, null, null],
  ['/a\u007fb', null, null, null, null, null],
  // Credentials disguise the real host
  ['https://user:pass@evil.example/', null, null, null, null, null],
  ['https://good.example@evil.example/', null, null, null, null, null],
  ['http://user@cdn.example/icon.png', null, null, null, null, null],
  ['https://:pw@cdn.example/', null, null, null, null, null],
  // Protocol-relative and backslash tricks (browsers read `/\host` and `\\host` as another host)
  ['//evil.example/x', null, null, null, null, null],
  ['/\\evil.example', null, null, null, null, null],
  ['\\\\evil.example', null, null, null, null, null],
  ['/path\\to', null, null, null, null, null],
  ['https:\\\\evil.example', null, null, null, null, null],
  // Size, emptiness, relative
  [`https://a.example/${'a'.repeat(2100)}`, null, null, null, null, null],
  ['', null, null, null, null, null],
  ['   ', null, null, null, null, null],
  ['relative/path.png', null, null, null, null, null],
  // Fine: http(s), ports, IDN, case, spaces around
  ['https://a.example/x?y=1#z', ...five('https://a.example/x?y=1#z')],
  ['  HTTP://A.example  ', ...five('HTTP://A.example')],
  ['https://例え.jp/パス', ...five('https://例え.jp/パス')],
  ['https://xn--r8jz45g.jp/', ...five('https://xn--r8jz45g.jp/')],
  ['http://cdn.example:8080/a.png', ...five('http://cdn.example:8080/a.png')],
  ['https://127.0.0.1:3000/x', ...five('https://127.0.0.1:3000/x')],
  // Site paths
  [
    '/c/legal/privacy',
    null,
    '/c/legal/privacy',
    '/c/legal/privacy',
    '/c/legal/privacy',
    'https://site.example/c/legal/privacy',
  ],
  ['/#features', null, '/#features', '/#features', '/#features', 'https://site.example/#features'],
  ['/', null, '/', '/', '/', 'https://site.example/'],
  // Fragments, mail, phone, inline images: only where they mean something
  ['#top', null, null, '#top', null, null],
  ['mailto:hi@example.com', null, null, 'mailto:hi@example.com', null, null],
  ['tel:+861234', null, null, 'tel:+861234', null, null],
  ['data:image/png;base64,iVBORw0KGgo=', null, 'data:image/png;base64,iVBORw0KGgo=', null, null, null],
  ['data:image/webp;base64,UklGRg==', null, 'data:image/webp;base64,UklGRg==', null, null, null],
  ['data:image/svg+xml;base64,PHN2Zz4=', null, 'data:image/svg+xml;base64,PHN2Zz4=', null, null, null],
]

function five(value: string): [string, string, string, string, string] {
  return [value, value, value, value, value]
}

describe('safe-url', () => {
  it.each(TABLE)(
    '%j → http %j, media %j, link %j, redirect %j, absolute %j',
    (input, http, media, link, redirect, absolute) => {
      expect(safeHttpUrl(input)).toBe(http)
      expect(parseHttpUrl(input) !== null).toBe(http !== null)
      expect(safeMediaUrl(input)).toBe(media)
      expect(safeLinkTarget(input)).toBe(link)
      expect(safeRedirectTarget(input)).toBe(redirect)
      expect(absoluteHttpUrl(input, absoluteUrl)).toBe(absolute)
    },
  )

  it.each([undefined, null, 42, {}, ['https://a.example']])('refuses the non-string %j', (value) => {
    expect(safeHttpUrl(value)).toBeNull()
    expect(safeMediaUrl(value)).toBeNull()
    expect(safeLinkTarget(value)).toBeNull()
    expect(safeRedirectTarget(value)).toBeNull()
    expect(absoluteHttpUrl(value, absoluteUrl)).toBeNull()
    expect(parseHttpUrl(value)).toBeNull()
  })

  it.each([
    ['https://Example.com:8443/a b', 'example.com:8443'],
    ['https://例え.jp/', 'xn--r8jz45g.jp'],
    ['http://cdn.example:80/', 'cdn.example'],
  ])('parses %j into the host %j', (value, host) => {
    expect(parseHttpUrl(value)?.host).toBe(host)
  })

  it('lets a caller keep inline images longer than an address', () => {
    const avatar = `data:image/png;base64,${'A'.repeat(5000)}`
    expect(safeMediaUrl(avatar)).toBeNull()
    expect(safeMediaUrl(avatar, 100_000)).toBe(avatar)
  })

  it.each([
    ['/', true],
    ['/a', true],
    ['/a?b#c', true],
    ['//a', false],
    ['/\\a', false],
    ['/a\\b', false],
    ['a', false],
    ['', false],
    ['#a', false],
    ['/a\u0000', false],
    ['/a\tb', false],
  ])('isSitePath(%j) is %j', (value, expected) => {
    expect(isSitePath(value)).toBe(expected)
  })
})
