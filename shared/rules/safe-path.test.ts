import { describe, expect, it } from 'vitest'
import {
  isWellFormedEncoding,
  normalizePathSegments,
  percentEncodePath,
  toCanonicalPath,
  toSafeLocalPath,
  upperCaseEscapes,
} from './safe-path.ts'
import { hostileVariants } from './hostile-paths.test-helper.ts'

const ORIGIN = 'https://tenant.example'

describe('toSafeLocalPath keeps hostile inputs on the tenant origin', () => {
  it.each(hostileVariants())('%j', (candidate) => {
    const safe = toSafeLocalPath(candidate)
    expect(safe.startsWith('/')).toBe(true)
    expect(safe[1]).not.toBe('/')
    expect(safe[1]).not.toBe('\\')
    expect(safe).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u2028\u2029\s\\]/)
    expect(new URL(safe, ORIGIN).origin).toBe(ORIGIN)
    // Idempotent: a safe path stays as it is.
    expect(toSafeLocalPath(safe)).toBe(safe)
  })
})

describe('toSafeLocalPath', () => {
  it.each([
    ['/post/1', '/post/1'],
    ['/', '/'],
    ['', '/'],
    ['post/1', '/post/1'],
    ['//evil.com', '/evil.com'],
    ['///evil.com', '/evil.com'],
    ['/.//evil.com', '/evil.com'],
    ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
    ['/%5Cevil.com', '/%5Cevil.com'],
    ['/%09/evil.com', '/%09/evil.com'],
    ['/\\evil.com', '/evil.com'],
    ['/\t/evil.com', '/evil.com'],
    ['/en//evil.com', '/en/evil.com'],
    ['/articles//evil.com', '/articles/evil.com'],
    ['http://evil.com', '/http:/evil.com'],
    ['javascript:alert(1)', '/javascript:alert(1)'],
    ['/a//b///c/', '/a/b/c/'],
    ['/a/./b/../c', '/a/c'],
    ['/a/b/..', '/a/'],
    ['/..', '/'],
    ['/s?query=a//b&x=\\y#h//x', '/s?query=a//b&x=%5Cy#h//x'],
    ['/s?q=a b', '/s?q=a%20b'],
    ['/s#a#b', '/s#a%23b'],
    ['/文章/1', '/%E6%96%87%E7%AB%A0/1'],
    ['/%e6%96%87', '/%e6%96%87'],
    ['/100%', '/100%25'],
    ['/%zz', '/%25zz'],
    ['/a b"<>`{}|^', '/a%20b%22%3C%3E%60%7B%7D%7C%5E'],
    ['/\uD800x', '/%EF%BF%BDx'],
    ['  /padded  ', '/padded'],
    ['/line\u2028sep', '/linesep'],
    ['/a?b?c', '/a?b?c'],
  ])('%j → %j', (candidate, expected) => {
    expect(toSafeLocalPath(candidate)).toBe(expected)
  })
})

describe('normalizePathSegments', () => {
  it.each([
    ['/', '/'],
    ['//', '/'],
    ['/a', '/a'],
    ['/a/', '/a/'],
    ['/a//', '/a/'],
    ['//a//b', '/a/b'],
    ['/./a', '/a'],
    ['/a/.', '/a/'],
    ['/a/../b', '/b'],
    ['/%2e%2E/a', '/a'],
    ['/.%2e/a', '/a'],
    ['/..a/b', '/..a/b'],
    ['/.../b', '/.../b'],
  ])('%j → %j', (path, expected) => {
    expect(normalizePathSegments(path)).toBe(expected)
  })
})

describe('percentEncodePath', () => {
  it.each([
    ['/plain/path-1_2.~', '/plain/path-1_2.~'],
    ["/sub!$&'()*+,;=:@", "/sub!$&'()*+,;=:@"],
    ['/a?b#c', '/a%3Fb%23c'],
    ['/a\\b', '/a%5Cb'],
    ['/é', '/%C3%A9'],
    ['/%C3%A9', '/%C3%A9'],
    ['/%', '/%25'],
    ['/😀', '/%F0%9F%98%80'],
  ])('%j → %j', (path, expected) => {
    expect(percentEncodePath(path)).toBe(expected)
  })
})

describe('upperCaseEscapes', () => {
  it.each([
    ['/%e6%96%87', '/%E6%96%87'],
    ['/abc', '/abc'],
    ['/%zz%2f', '/%zz%2F'],
  ])('%j → %j', (path, expected) => {
    expect(upperCaseEscapes(path)).toBe(expected)
  })
})

describe('toCanonicalPath: one spelling per page', () => {
  it.each([
    ['/', '/'],
    ['//', '/'],
    ['/post/12', '/post/12'],
    ['/post/12/', '/post/12'],
    ['/post/12//', '/post/12'],
    ['//post//12', '/post/12'],
    ['/post/./12/../12/', '/post/12'],
    ['/post\\12', '/post/12'],
    ['/%e4%b8%ad', '/%E4%B8%AD'],
    ['/%E4%B8%AD/', '/%E4%B8%AD'],
    ['/中', '/%E4%B8%AD'],
    ['/%70ost/12', '/post/12'],
    ['/a%2fb', '/a%2Fb'],
    ['/a%2Fb/', '/a%2Fb'],
    ['/en/', '/en'],
    ['/post/12/_payload.json', '/post/12/_payload.json'],
  ])('%j → %j', (path, expected) => {
    expect(toCanonicalPath(path)).toBe(expected)
    // Canonical is a fixed point: a redirect to it never redirects again.
    expect(toCanonicalPath(expected)).toBe(expected)
  })
})

describe('isWellFormedEncoding', () => {
  it.each([
    ['/plain', true],
    ['/%E6%96%87', true],
    ['/%2F%2F', true],
    ['/%E0%A4%A', false],
    ['/%zz', false],
    ['/%', false],
    ['/%C3', false],
    ['/%FF', false],
    ['/%00', false],
    ['/a\u0000b', false],
  ])('%j → %s', (path, expected) => {
    expect(isWellFormedEncoding(path)).toBe(expected)
  })
})
