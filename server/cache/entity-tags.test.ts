import { describe, expect, it } from 'vitest'
import { entityTagsOf } from './entity-tags.ts'

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
