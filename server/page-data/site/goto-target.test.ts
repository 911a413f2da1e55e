import { describe, expect, it } from 'vitest'
import { GOTO_URL_MAX, parseGotoTarget } from './goto-target.ts'

describe('parseGotoTarget', () => {
  it.each([
    ['https://example.com', 'https://example.com/', 'example.com'],
    ['http://example.com/path?q=1#top', 'http://example.com/path?q=1#top', 'example.com'],
    ['HTTPS://Example.COM/A', 'https://example.com/A', 'example.com'],
    ['https://example.com:8443/x', 'https://example.com:8443/x', 'example.com:8443'],
    ['https://例子.测试/', 'https://xn--fsqu00a.xn--0zwm56d/', 'xn--fsqu00a.xn--0zwm56d'],
    ['https://example.com/a b', 'https://example.com/a%20b', 'example.com'],
  ])('accepts %s', (raw, url, host) => {
    expect(parseGotoTarget(raw)).toEqual({ url, host })
  })

  it.each([
    ['missing', null],
    ['empty', ''],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: disguised', 'JavaScript:alert(1)//https://example.com'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['ftp:', 'ftp://example.com/file'],
    ['mailto:', 'mailto:someone@example.com'],
    ['scheme-relative', '//evil.com'],
    ['scheme-relative with backslashes', '\\\\evil.com'],
    ['relative path', '/local/page'],
    ['relative word', 'example.com'],
    ['scheme without slashes', 'https:evil.com'],
    ['credentials', 'http://user:pass@x'],
    ['user name only', 'https://user@example.com/'],
    ['leading blank', ' https://example.com'],
    ['malformed host', 'http://exa mple.com'],
    ['no host', 'http://'],
    ['bad port', 'https://example.com:99999/'],
    ['oversize', `https://example.com/${'a'.repeat(GOTO_URL_MAX)}`],
  ])('rejects %s', (_name, raw) => {
    expect(parseGotoTarget(raw)).toBeNull()
  })

  it('accepts a URL of exactly the maximum length', () => {
    const base = 'https://example.com/'
    const raw = base + 'a'.repeat(GOTO_URL_MAX - base.length)
    expect(parseGotoTarget(raw)?.url).toBe(raw)
  })
})
