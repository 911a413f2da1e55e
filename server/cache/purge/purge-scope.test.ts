import { describe, expect, it } from 'vitest'
import { htmlKey, siteKey } from '../cache-keys.ts'
import { coversHtmlKey, coversPage, type PurgeScope } from './purge-scope.ts'

const HOT_ZH = htmlKey('a.example', 'zh', 'https://a.example', '/res/hot')
const HOT_EN_PAGE2 = htmlKey('a.example', 'en', 'http://a.example:3000', '/res/hot?page=2')
const NEW_ZH = htmlKey('a.example', 'zh', 'https://a.example', '/res/new')
const NEIGHBOUR = htmlKey('a.example.org', 'zh', 'https://a.example.org', '/res/hot')
const hot = (languages: string[]): PurgeScope => ({
  host: 'a.example',
  mode: 'soft',
  pages: [{ languages, routerPathname: '/res/hot' }],
})

describe('coversHtmlKey', () => {
  it.each<[string, PurgeScope, string, boolean]>([
    ['everything', { host: null, mode: 'hard' }, NEIGHBOUR, true],
    ['a whole tenant: its page', { host: 'a.example', mode: 'soft' }, HOT_ZH, true],
    ['a whole tenant: not a host it is a prefix of', { host: 'a.example', mode: 'soft' }, NEIGHBOUR, false],
    ['a page in every language: zh', hot(['zh', 'en']), HOT_ZH, true],
    ['a page in every language: en, any query, any origin', hot(['zh', 'en']), HOT_EN_PAGE2, true],
    ['a page in one language: another language', hot(['zh']), HOT_EN_PAGE2, false],
    ['a page: another page', hot(['zh', 'en']), NEW_ZH, false],
    ['a page: the same path of another tenant', hot(['zh', 'en']), NEIGHBOUR, false],
    ['a page: a key that is not a page', hot(['zh', 'en']), siteKey('a.example', 'zh'), false],
  ])('%s', (_label, scope, key, covered) => {
    expect(coversHtmlKey(scope, key)).toBe(covered)
  })
})

describe('coversPage', () => {
  const byTag: PurgeScope = { host: 'a.example', mode: 'soft', tags: ['resource:r3', 'post:12'] }
  it.each<[string, PurgeScope, string, string[] | null, boolean]>([
    ['a tag the page carries', byTag, HOT_ZH, ['site', 'resource:r3'], true],
    ['another of the tags', byTag, HOT_ZH, ['post:12'], true],
    ['no tag in common', byTag, HOT_ZH, ['site', 'resource:r4'], false],
    ['a render still running (tags unknown)', byTag, HOT_ZH, null, true],
    ['another tenant carrying the tag', byTag, NEIGHBOUR, ['resource:r3'], false],
    ['a path purge ignores tags', hot(['zh']), HOT_ZH, [], true],
    ['a host purge', { host: 'a.example', mode: 'hard' }, NEW_ZH, ['site'], true],
  ])('%s', (_label, scope, key, tags, covered) => {
    expect(coversPage(scope, key, tags)).toBe(covered)
  })

  it('a tag purge never matches by key alone', () => {
    expect(coversHtmlKey(byTag, HOT_ZH)).toBe(false)
  })
})
