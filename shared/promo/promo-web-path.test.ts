import { describe, expect, it } from 'vitest'
import { toPromoWebPath, toSectionSegments } from './promo-web-path.ts'

const sections = toSectionSegments([
  'c/:group?/:path',
  'd/:id',
  'doc_/:path',
  'post',
  'post-/:path',
  'rank_/:platform',
  'res/hot',
  's',
  'sa',
  ':lang',
  '*',
])

describe('toPromoWebPath', () => {
  it.each([
    ['/', 's', ['global', '/']],
    ['/d/r1', 's', ['global', '/d']],
    ['/c/legal/privacy', 's', ['global', '/c']],
    ['/doc_/handbook', 's', ['global', '/doc']],
    ['/post-/hello', 's', ['global', '/post']],
    ['/post', 's', ['global', '/post']],
    ['/rank_/douban/movie', 's', ['global', '/rank']],
    ['/res/hot?page=2', 's', ['global', '/res']],
    ['/s?query=x', 'search', ['global', '/search']],
    ['/sa', 's', ['global', '/sa']],
    ['/no-such-section/x', 's', ['global']],
  ])('%s (search route %s) → %j', (path, searchRoute, expected) => {
    expect(toPromoWebPath(path, searchRoute, sections)).toEqual(expected)
  })

  it('leaves parameters and the catch-all out of the sections', () => {
    expect([...sections].sort()).toEqual(['c', 'd', 'doc', 'post', 'rank', 'res', 's', 'sa'])
  })
})
