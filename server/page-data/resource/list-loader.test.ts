import { describe, expect, it } from 'vitest'
import { LIST_PAGE_SIZE, loadResList } from './list-loader.ts'
import { fakeLoaderEnv, fakeSite, thrownBy, upstreamNotFound } from '../../../test/fake-loader-env.ts'
import { ASIDE_REPLY, resource } from './resource-fixtures.test-helper.ts'

const categories = [
  { key: 'software', name: 'Software', count: 40 },
  { key: 'books', name: 'Books', count: 12 },
]
const replies = {
  '/v1/resource/list': (body: Record<string, unknown>) =>
    body.page === 9 ? { rows: [], total: 52, categories } : { rows: [resource(1), resource(2)], total: 52, categories },
  '/v1/resource/aside': () => ASIDE_REPLY,
}

describe('resource list loader', () => {
  it('lists the newest resources of every category', async () => {
    const { env, calls } = fakeLoaderEnv({ path: '/res', replies })
    const data = await loadResList(env, 'new')
    expect(calls.find((c) => c.path === '/v1/resource/list')?.body).toEqual({
      kind: 'new',
      page: 1,
      page_size: LIST_PAGE_SIZE,
    })
    expect(data).toMatchObject({ kind: 'res-list', list: 'new', category: null, categories, page: 1, total: 52 })
    expect(data.head.canonical).toBe('http://example.test/res/new')
  })

  it('lists the hottest resources of a category, page from the query', async () => {
    const site = fakeSite({ tdk: { hot_page_config: { title: 'Hot #分类名称#', description: '', keywords: '' } } })
    const { env, calls } = fakeLoaderEnv({
      path: '/res/hot/books?page=2',
      params: { category: 'books' },
      site,
      replies,
    })
    const data = await loadResList(env, 'hot')
    expect(calls.find((c) => c.path === '/v1/resource/list')?.body).toEqual({
      kind: 'hot',
      category: 'books',
      page: 2,
      page_size: LIST_PAGE_SIZE,
    })
    expect(data.category).toEqual({ key: 'books', name: 'Books', count: 12 })
    expect(data.head.title).toBe('Hot Books')
    expect(data.head.canonical).toBe('http://example.test/res/hot/books?page=2')
  })

  it('reads the page from the path on /res/new/:category/:page', async () => {
    const { env, calls } = fakeLoaderEnv({
      path: '/res/new/software/2',
      params: { category: 'software', page: '2' },
      replies,
    })
    const data = await loadResList(env, 'new')
    expect((calls.find((c) => c.path === '/v1/resource/list')!.body as { page: number }).page).toBe(2)
    expect(data.head.canonical).toBe('http://example.test/res/new/software/2')
  })

  it('answers 404 for a category the upstream does not list', async () => {
    const { env } = fakeLoaderEnv({ path: '/res/new/games', params: { category: 'games' }, replies })
    expect(await thrownBy(loadResList(env, 'new'))).toEqual({ status: 404, message: 'Page Not Found: /res/new/games' })
  })

  it('answers 404 when the upstream itself says the category does not exist', async () => {
    const { env } = fakeLoaderEnv({
      path: '/res/hot/games',
      params: { category: 'games' },
      replies: { ...replies, '/v1/resource/list': () => upstreamNotFound('/v1/resource/list') },
    })
    expect(await thrownBy(loadResList(env, 'hot'))).toEqual({ status: 404, message: 'Page Not Found: /res/hot/games' })
  })

  it.each([
    ['/res/new/software/0', { category: 'software', page: '0' }],
    ['/res/new/software/x', { category: 'software', page: 'x' }],
    ['/res/new/software/1001', { category: 'software', page: '1001' }],
    ['/res/new', {}, '?page=abc'],
    ['/res/new/software/9', { category: 'software', page: '9' }],
  ])('answers 404 for %s', async (path, params, query = '') => {
    const { env } = fakeLoaderEnv({ path: path + query, params, replies })
    expect(await thrownBy(loadResList(env, 'new'))).toEqual({ status: 404, message: `Page Not Found: ${path}` })
  })
})
