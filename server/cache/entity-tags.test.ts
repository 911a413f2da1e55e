import { describe, expect, it } from 'vitest'
import { entityTag, entityTagsOf, MAX_TAG_ID_LENGTH, TAG_PATTERN } from './entity-tags.ts'

describe('entityTagsOf', () => {
  it.each<[string, string, unknown, string[]]>([
    [
      'resource rows by bare id',
      '/v1/resource/list',
      { rows: [{ id: 'r1', title: 'a' }, { id: 'r2' }], total: 2 },
      ['resource:r1', 'resource:r2'],
    ],
    ['a post', '/v1/post/get', { id: 12, title: 'x', category_id: 'c3' }, ['post:12', 'category:c3']],
    [
      'a group with its pages',
      '/v1/site_page/group/get',
      { group_id: 'g1', pages: [{ page_id: 'p1' }, { page_id: 'p2' }] },
      ['group:g1', 'page:p1', 'page:p2'],
    ],
    ['rss sources', '/v1/rss/list', { sources: [{ rss_id: 'feed1' }] }, ['rss:feed1']],
    ['no bare id outside resource and post paths', '/v1/other', { id: 'x' }, []],
    ['no people or secrets', '/v1/user/info', { user_id: 'u1', site_id: 's1', list: [{ cookie_id: 'k' }] }, []],
    ['empty ids', '/v1/resource/list', { rows: [{ id: '' }] }, []],
    ['not an object', '/v1/resource/list', null, []],
  ])('%s', (_label, path, value, tags) => {
    expect(entityTagsOf(path, value)).toEqual(tags)
  })

  it('stops at a bound', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: `r${i}` }))
    expect(entityTagsOf('/v1/resource/list', { rows })).toHaveLength(200)
  })
})

describe('entityTag: the one rule every tag is made by', () => {
  it.each<[string, string | number, string | null]>([
    ['a plain id as it is', 'r3', 'resource:r3'],
    ['a number', 12, 'resource:12'],
    ['unreserved punctuation kept', 'a-b_c.d~e', 'resource:a-b_c.d~e'],
    ['CR/LF, a space and NUL encoded', 'r\r\n x\u0000', 'resource:r%0D%0A%20x%00'],
    ['a comma encoded', 'a,b', 'resource:a%2Cb'],
    ['CJK as its UTF-8 bytes', '图片', 'resource:%E5%9B%BE%E7%89%87'],
    ['a character past U+00FF', '\u0100', 'resource:%C4%80'],
    ['% itself encoded, so encoding is one-to-one', '%41', 'resource:%2541'],
    ["encodeURIComponent's leftovers encoded too", "!'()*", 'resource:%21%27%28%29%2A'],
    ['a lone surrogate as U+FFFD', '\ud800', 'resource:%EF%BF%BD'],
    ['empty: no tag', '', null],
    ['exactly the bound', 'x'.repeat(MAX_TAG_ID_LENGTH), `resource:${'x'.repeat(MAX_TAG_ID_LENGTH)}`],
    ['one past the bound: no tag', 'x'.repeat(MAX_TAG_ID_LENGTH + 1), null],
    ['past the bound once encoded: no tag', '图'.repeat(15), null],
  ])('%s', (_label, id, expected) => {
    const tag = entityTag('resource', id)
    expect(tag).toBe(expected)
    if (tag !== null) {
      expect(TAG_PATTERN.test(tag)).toBe(true)
      // The encoding is the URI component one: an operator can compute a tag to purge.
      if (typeof id === 'string' && !/[!'()*\ud800]/.test(id)) expect(decodeURIComponent(tag.slice(9))).toBe(id)
    }
  })

  it('tags hostile ids of an answer by their encoded form and leaves out what cannot be a tag', () => {
    const answer = {
      rows: [{ id: 'r\r\nX-Injected: 1' }, { id: 'x'.repeat(500) }, { id: '图 片' }],
      group_id: 'g,图',
    }
    expect(entityTagsOf('/v1/resource/list', answer)).toEqual([
      'resource:r%0D%0AX-Injected%3A%201',
      'resource:%E5%9B%BE%20%E7%89%87',
      'group:g%2C%E5%9B%BE',
    ])
  })
})
