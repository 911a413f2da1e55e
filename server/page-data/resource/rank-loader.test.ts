import { describe, expect, it } from 'vitest'
import { loadRankPage } from './rank-loader.ts'
import { fakeLoaderEnv, fakeSite, thrownBy } from '../../../test/fake-loader-env.ts'
import { ASIDE_REPLY } from './resource-fixtures.test-helper.ts'

const platforms = [
  {
    key: 'site',
    name: 'This site',
    categories: [{ key: 'software', name: 'Software', tags: [{ key: 'linux', name: 'Linux' }] }],
  },
  { key: 'douban', name: 'Douban', categories: [] },
]
const rows = [
  { index: 1, title: 'Ubuntu', seo_title: 'ubuntu', score: 99 },
  { index: 2, title: 'Elsewhere', query: 'elsewhere', score: 50 },
]
const replies = { '/v1/resource/rank': () => ({ platforms, rows }), '/v1/resource/aside': () => ASIDE_REPLY }

describe('rank page loader', () => {
  it('shows the first platform as selected on /rank', async () => {
    const { env, calls } = fakeLoaderEnv({ path: '/rank', replies })
    const data = await loadRankPage(env)
    expect(calls.find((c) => c.path === '/v1/resource/rank')?.body).toEqual({})
    expect(data).toMatchObject({ kind: 'rank', platform: 'site', category: null, tag: null, rows })
  })

  it('sends platform, category and tag and fills the rank TDK', async () => {
    const site = fakeSite({
      tdk: { search_rank_page_config: { title: '#榜单平台#/#榜单分类#/#榜单标签#', description: '', keywords: '' } },
    })
    const { env, calls } = fakeLoaderEnv({
      path: '/rank_site/software/linux',
      params: { platform: 'site', category: 'software', tag: 'linux' },
      site,
      replies,
    })
    const data = await loadRankPage(env)
    expect(calls.find((c) => c.path === '/v1/resource/rank')?.body).toEqual({
      platform: 'site',
      category: 'software',
      tag: 'linux',
    })
    expect(data).toMatchObject({ platform: 'site', category: 'software', tag: 'linux' })
    expect(data.head.title).toBe('This site/Software/Linux')
    expect(data.head.canonical).toBe('http://example.test/rank_/site/software/linux')
  })

  it('uses the Douban TDK for the Douban platform and lists the rows with their addresses', async () => {
    const site = fakeSite({
      tdk: {
        search_rank_page_config: { title: 'searches #榜单平台#', description: '', keywords: '' },
        db_rank_page_config: { title: 'top rated #榜单平台#', description: '', keywords: '' },
      },
    })
    const { env } = fakeLoaderEnv({ path: '/rank_douban', params: { platform: 'douban' }, site, replies })
    const data = await loadRankPage(env)
    expect(data.head.title).toBe('top rated Douban')
    expect(data.head.jsonLd).toEqual([
      {
        '@type': 'ItemList',
        numberOfItems: 2,
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Ubuntu', url: 'http://example.test/d/ubuntu' },
          { '@type': 'ListItem', position: 2, name: 'Elsewhere', url: 'http://example.test/s?query=elsewhere' },
        ],
      },
    ])
  })

  it.each([
    [{ platform: 'nope' }],
    [{ platform: 'site', category: 'nope' }],
    [{ platform: 'site', category: 'software', tag: 'nope' }],
    [{ platform: 'douban', category: 'software' }],
  ])('answers 404 for keys the platforms tree does not hold: %j', async (params) => {
    const { env } = fakeLoaderEnv({ path: '/rank_x', params, replies })
    expect(await thrownBy(loadRankPage(env))).toEqual({ status: 404, message: 'Page Not Found: /rank_x' })
  })
})
