import { describe, expect, it } from 'vitest'
import { cdnTagHeaders } from './cdn-tags.ts'

describe('cdnTagHeaders', () => {
  it.each<[string, string[], number | undefined, { 'cache-tag': string; 'surrogate-key': string }]>([
    ['no tags: the host alone', [], undefined, { 'cache-tag': 'a.example', 'surrogate-key': 'a.example' }],
    [
      'tags prefixed with the host, sorted, once each',
      ['site', 'resource:r3', 'page:p1', 'site'],
      undefined,
      {
        'cache-tag': 'a.example,a.example:page:p1,a.example:resource:r3,a.example:site',
        'surrogate-key': 'a.example a.example:page:p1 a.example:resource:r3 a.example:site',
      },
    ],
    [
      'exactly at the bound',
      ['site'],
      'a.example,a.example:site'.length,
      { 'cache-tag': 'a.example,a.example:site', 'surrogate-key': 'a.example a.example:site' },
    ],
    [
      'past the bound: the host-level tag alone',
      ['site'],
      'a.example,a.example:site'.length - 1,
      { 'cache-tag': 'a.example', 'surrogate-key': 'a.example' },
    ],
  ])('%s', (_label, tags, maxBytes, expected) => {
    expect(cdnTagHeaders('a.example', tags, maxBytes)).toEqual(expected)
  })

  it('stays within the default bound for a page of a thousand entities', () => {
    const tags = Array.from({ length: 1000 }, (_, i) => `resource:r${i}`)
    expect(cdnTagHeaders('a.example', tags)['cache-tag']).toBe('a.example')
  })

  it('leaves out a tag that is not header-safe and keeps the host-level tag', () => {
    const headers = cdnTagHeaders('a.example', ['resource:r\r\nx', 'group:a,b', 'post:a b', 'page:图', 'resource:r3'])
    expect(headers).toEqual({
      'cache-tag': 'a.example,a.example:resource:r3',
      'surrogate-key': 'a.example a.example:resource:r3',
    })
    // Both can be set as headers.
    expect(() => new Headers({ ...headers })).not.toThrow()
  })
})
