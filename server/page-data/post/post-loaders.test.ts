import { describe, expect, it } from 'vitest'
import type { Post } from '../../../shared/content-types.ts'
import { fakeLoaderEnv, fakeSite, thrownBy, upstreamNotFound } from '../../../test/fake-loader-env.ts'
import { postLoaders } from '../post-loaders.ts'
import { POST_PAGE_SIZE } from './post-list-loader.ts'
import type { PostListPageData, PostPageData, PostSearchPageData } from '../../../shared/data/post-data.ts'

function post(n: number, overrides: Partial<Post> = {}): Post {
  return {
    id: `p${n}`,
    path: `note-${n}`,
    title: `Note ${n}`,
    description: `About note ${n}`,
    content: `# Note ${n}\n\nSome **bold** text.\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1))`,
    category: { id: 'c1', name: 'Guides' },
    tags: ['linux'],
    author: { nick_name: 'Ann', avatar: '' },
    view_count: 3,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
    ...overrides,
  }
}

const categories = {
  rows: [
    { id: 'c1', name: 'Guides', count: 2 },
    { id: 'c2', name: 'News', count: 0 },
  ],
}
const replies = {
  '/v1/post/category/list': () => categories,
  '/v1/post/list': (body: Record<string, unknown>) =>
    body.page === 5 ? { rows: [], total: 2 } : { rows: [post(1), post(2)], total: 2 },
  '/v1/post/get': (body: Record<string, unknown>) =>
    body.id === 'p1' || body.path === 'note-1' ? post(1) : upstreamNotFound('/v1/post/get'),
}

describe('article loaders', () => {
  it('lists every article with the categories', async () => {
    const { env, calls } = fakeLoaderEnv({ path: '/post?page=2', replies })
    const data = (await postLoaders.post(env)) as PostListPageData
    expect(calls.find((c) => c.path === '/v1/post/list')?.body).toEqual({ page: 2, page_size: POST_PAGE_SIZE })
    expect(data).toMatchObject({ kind: 'post-list', category: null, page: 2, total: 2 })
    expect(data.categories.map((c) => c.id)).toEqual(['c1', 'c2'])
    expect(data.rows[0]).not.toHaveProperty('content')
    expect(data.head.canonical).toBe('http://example.test/post?page=2')
  })

  it('lists a category and answers 404 for an unknown one', async () => {
    const site = fakeSite({
      tdk: { post_category_page_config: { title: '#分类名称# articles', description: '', keywords: '' } },
    })
    const { env, calls } = fakeLoaderEnv({ path: '/pcat/c1', params: { id: 'c1' }, site, replies })
    const data = (await postLoaders['pcat-id'](env)) as PostListPageData
    expect(calls.find((c) => c.path === '/v1/post/list')?.body).toEqual({
      category_id: 'c1',
      page: 1,
      page_size: POST_PAGE_SIZE,
    })
    expect(data.category?.name).toBe('Guides')
    expect(data.head.title).toBe('Guides articles')

    const unknown = fakeLoaderEnv({ path: '/pcat/zz', params: { id: 'zz' }, replies })
    expect(await thrownBy(postLoaders['pcat-id'](unknown.env))).toEqual({
      status: 404,
      message: 'Page Not Found: /pcat/zz',
    })
  })

  it.each(['/post?page=0', '/post?page=x', '/post?page=5'])('answers 404 for %s', async (path) => {
    const { env } = fakeLoaderEnv({ path, replies })
    expect(await thrownBy(postLoaders.post(env))).toEqual({ status: 404, message: 'Page Not Found: /post' })
  })

  it.each([
    ['post-id', { id: 'p1' }, { id: 'p1' }],
    ['post-path', { path: 'note-1' }, { path: 'note-1' }],
  ] as const)('loads an article (%s) and renders its markdown to safe HTML', async (routeId, params, body) => {
    const site = fakeSite({
      tdk: { post_detail_page_config: { title: '#文章名称#', description: '#文章描述#', keywords: '' } },
    })
    const { env, calls } = fakeLoaderEnv({ path: '/post/p1', params, site, replies })
    const data = (await postLoaders[routeId](env)) as PostPageData
    expect(calls.find((c) => c.path === '/v1/post/get')?.body).toEqual(body)
    expect(data.html).toContain('<strong>bold</strong>')
    expect(data.html).not.toContain('<script')
    expect(data.html).not.toContain('javascript:')
    expect(data.post).not.toHaveProperty('content')
    expect(data.head).toMatchObject({
      title: 'Note 1',
      description: 'About note 1',
      canonical: 'http://example.test/post-/note-1',
    })
  })

  it('answers 404 for an unknown article', async () => {
    const { env } = fakeLoaderEnv({ path: '/post-nothing', params: { path: 'nothing' }, replies })
    expect(await thrownBy(postLoaders['post-path'](env))).toEqual({
      status: 404,
      message: 'Page Not Found: /post-nothing',
    })
  })

  it('searches articles, and skips the search for an empty query', async () => {
    const { env, calls } = fakeLoaderEnv({ path: '/search/post?query=linux', replies })
    const data = (await postLoaders['search-post'](env)) as PostSearchPageData
    expect(calls.find((c) => c.path === '/v1/post/list')?.body).toEqual({
      query: 'linux',
      page: 1,
      page_size: POST_PAGE_SIZE,
    })
    expect(data).toMatchObject({ kind: 'post-search', query: 'linux', total: 2 })
    expect(data.head.robots).toBe('noindex,follow')

    const empty = fakeLoaderEnv({ path: '/search/post', replies })
    const prompt = (await postLoaders['search-post'](empty.env)) as PostSearchPageData
    expect(prompt.rows).toBeNull()
    expect(empty.calls.map((c) => c.path)).toEqual(['/v1/post/category/list'])
  })
})
