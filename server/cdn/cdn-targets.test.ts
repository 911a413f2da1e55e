import { describe, expect, it } from 'vitest'
import { fakeSite } from '../../test/fake-loader-env.ts'
import { toTenant } from '../tenant/tenant.ts'
import { inBatches } from './cdn-purge.ts'
import { toCdnPurge } from './cdn-targets.ts'

/** English by default, French too, with `/post/…` published as `/articles/…`. */
const tenant = toTenant('shop.example', {
  ...fakeSite(),
  language_config: {
    language_list: [
      { language: 'en', status: 1 },
      { language: 'fr', status: 1 },
    ],
  },
  path_mapping: [{ from: '/post', to: '/articles' }],
})
const HOSTS = ['shop.example', 'www.shop.example']

describe('toCdnPurge', () => {
  it.each([
    ['every tenant', { hosts: null }, { kind: 'all' }],
    ['a whole tenant: every host alone', { hosts: HOSTS }, { kind: 'keys', keys: HOSTS }],
    [
      'tags: each prefixed with each host, as the answers carry them',
      { hosts: HOSTS, tags: ['site', 'resource:r3'] },
      {
        kind: 'keys',
        keys: [
          'shop.example:site',
          'shop.example:resource:r3',
          'www.shop.example:site',
          'www.shop.example:resource:r3',
        ],
      },
    ],
    [
      'tags a header cannot carry are left out, as the answers leave them out',
      { hosts: ['shop.example'], tags: ['post:数码', 'post:a b', 'post:%E6%95%B0'] },
      { kind: 'keys', keys: ['shop.example:post:%E6%95%B0'] },
    ],
  ] as const)('%s', (_, facts, expected) => {
    // The tenant's hosts go with it: what a purge past the call bound is widened to.
    const hosts = facts.hosts === null ? {} : { hosts: facts.hosts }
    expect(toCdnPurge({ mode: 'hard', ...facts })).toEqual({ mode: 'hard', ...hosts, ...expected })
  })

  it('pages: each language’s published address (prefix and path mapping applied) and its payload, under every host', () => {
    const purge = toCdnPurge({
      mode: 'soft',
      hosts: HOSTS,
      pages: {
        tenant,
        targets: [
          { languages: ['en', 'fr'], routerPathname: '/post/12' },
          { languages: ['fr'], routerPathname: '/' },
        ],
      },
    })
    const paths = ['/articles/12', '/articles/12/_payload.json', '/fr/articles/12', '/fr/articles/12/_payload.json']
    const home = ['/fr', '/fr/_payload.json']
    expect(purge).toEqual({
      kind: 'addresses',
      mode: 'soft',
      addresses: HOSTS.flatMap((host) => [...paths, ...home].map((path) => ({ host, path }))),
      hosts: HOSTS,
    })
  })

  it('a path with characters a request line cannot carry is sent percent-encoded, as browsers request it', () => {
    const purge = toCdnPurge({
      mode: 'soft',
      hosts: ['shop.example'],
      pages: { tenant, targets: [{ languages: ['en'], routerPathname: '/tags/数码 相机' }] },
    })
    expect(purge.kind === 'addresses' && purge.addresses.map((address) => address.path)).toEqual([
      '/tags/%E6%95%B0%E7%A0%81%20%E7%9B%B8%E6%9C%BA',
      '/tags/%E6%95%B0%E7%A0%81%20%E7%9B%B8%E6%9C%BA/_payload.json',
    ])
  })

  it('an address is purged in the one spelling visitors are redirected to (upper-case escapes, no trailing slash)', () => {
    const purge = toCdnPurge({
      mode: 'soft',
      hosts: ['shop.example'],
      pages: { tenant, targets: [{ languages: ['en'], routerPathname: '/tags/%e6%95%b0/' }] },
    })
    expect(purge.kind === 'addresses' && purge.addresses.map((address) => address.path)).toEqual([
      '/tags/%E6%95%B0',
      '/tags/%E6%95%B0/_payload.json',
    ])
  })
})

describe('inBatches', () => {
  it.each([
    ['by count', ['a', 'b', 'c', 'd', 'e'], 2, Infinity, [['a', 'b'], ['c', 'd'], ['e']]],
    ['by joined bytes', ['aaa', 'bbb', 'ccc'], 10, 7, [['aaa', 'bbb'], ['ccc']]],
    ['an item longer than the bound alone', ['a', 'bbbbbbbbbb', 'c'], 10, 5, [['a'], ['bbbbbbbbbb'], ['c']]],
    ['nothing', [], 3, Infinity, []],
  ])('%s', (_, items, count, bytes, expected) => {
    expect(inBatches(items, count, bytes)).toEqual(expected)
  })
})
