import { describe, expect, it } from 'vitest'
import type { PageType, ShowPath } from '../types.ts'
import { findShowPath, routePrefixesOf, type ShowPathQuery } from './show-path.ts'

describe('routePrefixesOf', () => {
  it.each<[PageType, string[]]>([
    ['nav', ['/nav']],
    ['custom', ['/c']],
    ['land', ['/l']],
    ['rss', ['/sp']],
    ['ai', ['/sp']],
    ['list', ['/sp']],
    ['outline', ['/doc', '/doc_']],
    ['resource', []],
    ['ugc_post', []],
  ])('%s → %j', (pageType, expected) => {
    expect(routePrefixesOf(pageType)).toEqual(expected)
  })

  it('knows no prefix for an unknown page type', () => {
    expect(routePrefixesOf('toString' as PageType)).toEqual([])
    expect(routePrefixesOf('blog' as PageType)).toEqual([])
  })
})

function row(
  page_type: PageType,
  page_path: string,
  group_path = '',
  page_id = `${page_type}:${group_path}/${page_path}`,
): ShowPath {
  return { page_id, page_type, page_path, group_path, title: page_path }
}

const ROWS: ShowPath[] = [
  row('custom', 'privacy', 'legal'),
  row('custom', 'about'),
  row('nav', 'tools'),
  row('nav', 'tools', 'ai'),
  row('ai', 'chat'),
  row('rss', 'news', 'feeds'),
  row('list', 'all'),
  row('land', 'promo'),
  row('outline', 'handbook'),
  row('resource', 'files'),
  row('ugc_post', 'mine'),
  row('custom', 'shared'),
  row('nav', 'shared'),
  { ...row('custom', 'nogroup'), group_path: undefined as unknown as string },
  row('custom', 'first', '', 'first-wins'),
  row('custom', 'first', '', 'second-loses'),
]

describe('findShowPath', () => {
  it.each<[string, ShowPathQuery, string | undefined]>([
    ['custom with group', { prefix: '/c', groupPath: 'legal', pagePath: 'privacy' }, 'custom:legal/privacy'],
    ['custom without group', { prefix: '/c', pagePath: 'about' }, 'custom:/about'],
    ['empty group same as absent', { prefix: '/c', groupPath: '', pagePath: 'about' }, 'custom:/about'],
    ['wrong group', { prefix: '/c', groupPath: 'other', pagePath: 'privacy' }, undefined],
    ['missing group', { prefix: '/c', pagePath: 'privacy' }, undefined],
    ['group given for a page without one', { prefix: '/c', groupPath: 'legal', pagePath: 'about' }, undefined],
    ['wrong prefix for the type', { prefix: '/nav', pagePath: 'about' }, undefined],
    ['nav', { prefix: '/nav', pagePath: 'tools' }, 'nav:/tools'],
    ['nav in a group', { prefix: '/nav', groupPath: 'ai', pagePath: 'tools' }, 'nav:ai/tools'],
    ['ai under /sp', { prefix: '/sp', pagePath: 'chat' }, 'ai:/chat'],
    ['rss under /sp', { prefix: '/sp', groupPath: 'feeds', pagePath: 'news' }, 'rss:feeds/news'],
    ['list under /sp', { prefix: '/sp', pagePath: 'all' }, 'list:/all'],
    ['ai not under /nav', { prefix: '/nav', pagePath: 'chat' }, undefined],
    ['land under /l', { prefix: '/l', pagePath: 'promo' }, 'land:/promo'],
    ['land not under /c', { prefix: '/c', pagePath: 'promo' }, undefined],
    ['outline under /doc', { prefix: '/doc', pagePath: 'handbook' }, 'outline:/handbook'],
    ['outline under /doc_', { prefix: '/doc_', pagePath: 'handbook' }, 'outline:/handbook'],
    ['resource has no content prefix', { prefix: '/sp', pagePath: 'files' }, undefined],
    ['ugc_post has no content prefix', { prefix: '/c', pagePath: 'mine' }, undefined],
    ['same path, type picked by prefix (custom)', { prefix: '/c', pagePath: 'shared' }, 'custom:/shared'],
    ['same path, type picked by prefix (nav)', { prefix: '/nav', pagePath: 'shared' }, 'nav:/shared'],
    ['row without group_path', { prefix: '/c', pagePath: 'nogroup' }, 'custom:/nogroup'],
    ['first of duplicates wins', { prefix: '/c', pagePath: 'first' }, 'first-wins'],
    ['unknown page', { prefix: '/c', pagePath: 'nope' }, undefined],
    ['case-sensitive', { prefix: '/c', pagePath: 'About' }, undefined],
    ['unknown prefix', { prefix: '/x', pagePath: 'about' }, undefined],
  ])('%s', (_name, query, expectedId) => {
    expect(findShowPath(ROWS, query)?.page_id).toBe(expectedId)
  })

  it('finds nothing in no rows', () => {
    expect(findShowPath([], { prefix: '/c', pagePath: 'about' })).toBeUndefined()
  })
})
