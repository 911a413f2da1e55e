import { describe, expect, it } from 'vitest'
import { etagOf, ifNoneMatchMatches, isShareable, notModifiedHeaders } from './conditional-request.ts'

const TAG = 'W/"abc"'

describe('ifNoneMatchMatches', () => {
  it.each([
    [undefined, TAG, false],
    ['', TAG, false],
    ['*', TAG, true],
    [' * ', TAG, true],
    ['"abc"', TAG, true],
    ['W/"abc"', TAG, true],
    ['W/"abc"', '"abc"', true],
    ['"abc"', '"abc"', true],
    ['"abd"', TAG, false],
    ['"ABC"', TAG, false],
    ['"x", "abc"', TAG, true],
    ['"x",W/"abc"', TAG, true],
    ['"x" , , "abc" ,', TAG, true],
    ['"x", "y"', TAG, false],
    // A comma is a valid character inside a tag.
    ['"a,b"', 'W/"a,b"', true],
    ['"a", "b"', 'W/"a,b"', false],
    // Not a list of entity tags: ignored, so the full answer goes out.
    ['abc', TAG, false],
    ['"abc" "x"', TAG, false],
    ['"abc", x', TAG, false],
    ['"abc", *', TAG, false],
    ['w/"abc"', TAG, false],
    ['"abc', TAG, false],
    // Our own tag must be well formed for anything to match it.
    ['"abc"', 'abc', false],
  ] as [string | undefined, string, boolean][])('If-None-Match %j against %s: %s', (header, etag, expected) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(expected)
  })
})

describe('etagOf', () => {
  it('is weak, well formed, and depends on the parts and where they split, never on what joins them', () => {
    const tag = etagOf(['<p nonce="', '">x</p>'])
    expect(tag).toMatch(/^W\/"[\w-]{27}"$/)
    expect(etagOf([Buffer.from('<p nonce="'), Buffer.from('">x</p>')])).toBe(tag)
    expect(etagOf(['<p nonce="', '">y</p>'])).not.toBe(tag)
    expect(etagOf(['<p nonce="">x</p>'])).not.toBe(tag)
    expect(etagOf(['<p nonce', '="">x</p>'])).not.toBe(tag)
    expect(ifNoneMatchMatches(tag, tag)).toBe(true)
  })
})

describe('notModifiedHeaders', () => {
  it('keeps the validators and cache fields and drops the body and the nonce', () => {
    const headers = new Headers({
      'cache-control': 'public, max-age=0',
      etag: TAG,
      vary: 'Accept-Encoding',
      age: '3',
      'x-request-id': 'r1',
      'content-type': 'text/html',
      'content-length': '10',
      'content-encoding': 'br',
      'content-security-policy': "script-src 'nonce-x'",
      'set-cookie': 'a=b',
      'x-frame-options': 'SAMEORIGIN',
    })
    expect(notModifiedHeaders(headers)).toEqual({
      'cache-control': 'public, max-age=0',
      etag: TAG,
      vary: 'Accept-Encoding',
      age: '3',
      'x-request-id': 'r1',
    })
    expect(notModifiedHeaders([['ETag', TAG]])).toEqual({ etag: TAG })
  })
})

describe('isShareable', () => {
  it.each([
    [200, 'public, max-age=0, s-maxage=10', false, true],
    [200, 'public, max-age=3600', false, true],
    [200, null, false, true],
    [200, 'public, max-age=0', true, false],
    [200, 'private, no-store', false, false],
    [200, 'no-store', false, false],
    [200, 'max-age=0, Private', false, false],
    [200, 'private="set-cookie"', false, false],
    [200, 'public, no-storex', false, true],
    [404, 'public, max-age=0', false, false],
    [301, 'public, max-age=3600', false, false],
  ] as [number, string | null, boolean, boolean][])(
    'status %i, Cache-Control %j, cookie %s: %s',
    (status, cacheControl, setsCookie, expected) => {
      expect(isShareable(status, cacheControl, setsCookie)).toBe(expected)
    },
  )
})
