import { describe, expect, it } from 'vitest'
import { toBrowserSegments, toRouterSegments } from './segment-forms.ts'

describe('toRouterSegments', () => {
  it.each([
    ['/doc_handbook', 's', '/doc_/handbook'],
    ['/doc/handbook', 's', '/doc/handbook'],
    ['/rank_douban', 's', '/rank_/douban'],
    ['/rank_douban/movie/top', 's', '/rank_/douban/movie/top'],
    ['/post-hello-world', 's', '/post-/hello-world'],
    ['/post/12', 's', '/post/12'],
    ['/doc_', 's', '/~/doc_'],
    ['/rank_/douban', 's', '/~/rank_/douban'],
    ['/s', 's', '/s'],
    ['/find', 'find', '/s'],
    ['/s', 'find', '/~/s'],
    ['/find/more', 'find', '/find/more'],
    ['/sa', 'find', '/sa'],
    ['/', 's', '/'],
    ['/search/post', 'search', '/search/post'],
  ])('%s with search route %s → %s', (path, searchRoute, expected) => {
    expect(toRouterSegments(path, searchRoute)).toBe(expected)
  })
})

describe('toBrowserSegments', () => {
  it.each([
    ['/doc_/handbook', 's', '/doc_handbook'],
    ['/rank_/douban/movie', 's', '/rank_douban/movie'],
    ['/post-/hello', 's', '/post-hello'],
    ['/s', 'find', '/find'],
    ['/s', 's', '/s'],
    ['/res/hot', 's', '/res/hot'],
  ])('%s with search route %s → %s', (path, searchRoute, expected) => {
    expect(toBrowserSegments(path, searchRoute)).toBe(expected)
  })

  it.each(['/doc_/a', '/rank_/p/c/t', '/post-/x', '/s', '/d/42', '/'])('round-trips %s', (path) => {
    expect(toRouterSegments(toBrowserSegments(path, 'find'), 'find')).toBe(path)
  })
})
