import { describe, expect, it } from 'vitest'
import type { PurgeScope } from '../purge/purge-scope.ts'
import { purgedUses } from './purged-uses.ts'
import type { Used } from './read-render.ts'

const uses: Used = {
  keys: [
    ['site', ['site']],
    ['page:12', ['page:12', 'resource:3']],
    ['menu', []],
  ],
  tags: ['site', 'page:12', 'resource:3'],
}

describe('purgedUses', () => {
  it.each<[string, PurgeScope, string[]]>([
    ['the tenant', { host: 'a.test', mode: 'soft' }, ['site', 'page:12', 'menu']],
    ['everything', { host: null, mode: 'hard' }, ['site', 'page:12', 'menu']],
    [
      'the page',
      { host: 'a.test', mode: 'soft', pages: [{ routerPathname: '/', languages: ['en'] }] },
      ['site', 'page:12', 'menu'],
    ],
    ['a tag one answer carried', { host: 'a.test', mode: 'soft', tags: ['resource:3'] }, ['page:12']],
    ['two tags', { host: 'a.test', mode: 'hard', tags: ['site', 'page:12'] }, ['site', 'page:12']],
    ['a tag no answer carried', { host: 'a.test', mode: 'soft', tags: ['post:9'] }, []],
  ])('a purge of %s drops these upstream answers of a page it covers', (_, scope, dropped) => {
    expect(purgedUses(scope, uses)).toEqual(dropped)
  })
})
