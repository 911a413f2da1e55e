import { describe, expect, it } from 'vitest'
import { loadSearchPage, SEARCH_PAGE_MATCHES, SEARCH_PAGE_SIZE } from './search-loader.ts'
import { fakeLoaderEnv, fakeSite, thrownBy } from '../../../test/fake-loader-env.ts'
import { ASIDE_REPLY, resource } from './resource-fixtures.test-helper.ts'

const replies = {
  '/v1/resource/search': () => ({ rows: [resource(1), resource(2)], total: 2 }),
  '/v1/resource/aside': () => ASIDE_REPLY,
}

describe('search page loader', () => {
  it('searches upstream with the query, page, page size, search type and filters', async () => {
    const { env, calls } = fakeLoaderEnv({
      path: '/s?query=%20ubuntu%20&page=2&category=software&pan_type=quark',
      replies,
    })
    const data = await loadSearchPage(env)
    expect(calls.find((c) => c.path === '/v1/resource/search')?.body).toEqual({
      query: 'ubuntu',
      page: 2,
      page_size: SEARCH_PAGE_SIZE,
      search_type: 1,
      category: 'software',
      pan_type: 'quark',
    })
    expect(data).toMatchObject({
      kind: 'search',
      query: 'ubuntu',
      page: 2,
      total: 2,
      category: 'software',
      panType: 'quark',
    })
    expect(data.rows?.map((r) => r.title)).toEqual(['Resource 1', 'Resource 2'])
    // Cards carry no share links: those stay on the detail page.
    expect(data.rows?.[0]).not.toHaveProperty('target_urls')
  })

  it.each([
    [{ search_type: 3 }, 3],
    [{ search_type: 1, fuzzy_matching_switch: 1 }, 1],
    [{ fuzzy_matching_switch: 1 }, 2],
    [{ fuzzy_matching_switch: 0 }, 1],
    [{}, 1],
  ])('sends search_type for global config %j as %i', async (global, expected) => {
    const { env, calls } = fakeLoaderEnv({ path: '/s?query=a', site: fakeSite({ global }), replies })
    await loadSearchPage(env)
    expect((calls.find((c) => c.path === '/v1/resource/search')!.body as { search_type: number }).search_type).toBe(
      expected,
    )
  })

  it('cuts the query to 100 characters and drops malformed filters', async () => {
    const long = '字'.repeat(150)
    const { env, calls } = fakeLoaderEnv({
      path: `/s?query=${encodeURIComponent(long)}&category=${encodeURIComponent('<x>')}`,
      replies,
    })
    const data = await loadSearchPage(env)
    const body = calls.find((c) => c.path === '/v1/resource/search')?.body as Record<string, unknown>
    expect(body.query).toBe('字'.repeat(100))
    expect(body).not.toHaveProperty('category')
    expect(data.category).toBeNull()
  })

  const pageRow = (page_path: string, page_type: string, group_path = '') => ({
    page_id: page_path,
    page_path,
    page_type,
    group_path,
    title: ` ${page_path} title `,
    description: 'About it',
    updated_at: 1_700_000_000,
  })
  const pageReplies = {
    ...replies,
    '/v1/site_page/list': () => ({
      rows: [pageRow('tools', 'nav'), pageRow('faq', 'custom', 'help'), pageRow('files', 'resource')],
      total: 3,
    }),
  }

  it.each([1, 2, undefined])(
    'searches resources and, beside them, linkable matching pages whatever the home mode (%s)',
    async (mode) => {
      const { env, calls } = fakeLoaderEnv({
        path: '/s?query=%20tools%20',
        site: fakeSite({ global: mode === undefined ? { search_type: 2 } : { home_page_model: mode, search_type: 2 } }),
        replies: pageReplies,
      })
      const data = await loadSearchPage(env)
      expect(calls.find((c) => c.path === '/v1/resource/search')?.body).toEqual({
        query: 'tools',
        page: 1,
        page_size: SEARCH_PAGE_SIZE,
        search_type: 2,
      })
      expect(calls.find((c) => c.path === '/v1/site_page/list')?.body).toEqual({
        filter: { keyword: 'tools' },
        page: 1,
        page_size: SEARCH_PAGE_MATCHES,
        is_cache: 1,
      })
      expect(data.rows?.map((r) => r.title)).toEqual(['Resource 1', 'Resource 2'])
      expect(data.total).toBe(2)
      expect(data.pages).toEqual([
        {
          title: 'tools title',
          description: 'About it',
          cover: null,
          routerPath: '/nav/tools',
          updatedAt: 1_700_000_000,
        },
        {
          title: 'faq title',
          description: 'About it',
          cover: null,
          routerPath: '/c/help/faq',
          updatedAt: 1_700_000_000,
        },
      ])
    },
  )

  it('runs the page search beside the resource search, not after it', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const { env, calls } = fakeLoaderEnv({ path: '/s?query=tools', replies: pageReplies })
    const upstream = env.upstream
    env.upstream = {
      ...upstream,
      async data(path, body, schema) {
        // The resource search answers only once the page search has been asked for.
        if (path === '/v1/resource/search') await gate
        if (path === '/v1/site_page/list') release()
        return upstream.data(path, body, schema)
      },
    }
    const data = await loadSearchPage(env)
    expect(calls.map((c) => c.path)).toContain('/v1/site_page/list')
    expect(data.pages).toHaveLength(2)
  })

  it('shows the resources without the pages section when the page search fails', async () => {
    const { env } = fakeLoaderEnv({
      path: '/s?query=tools',
      replies: {
        ...replies,
        '/v1/site_page/list': () => {
          throw new Error('upstream down')
        },
      },
    })
    const data = await loadSearchPage(env)
    expect(data.rows?.map((r) => r.title)).toEqual(['Resource 1', 'Resource 2'])
    expect(data.pages).toEqual([])
  })

  it('asks for matching pages on the first results page only', async () => {
    const { env, calls } = fakeLoaderEnv({ path: '/s?query=tools&page=2', replies: pageReplies })
    const data = await loadSearchPage(env)
    expect(calls.some((c) => c.path === '/v1/site_page/list')).toBe(false)
    expect(data.pages).toEqual([])
  })

  it('makes no upstream search for an empty query and shows the prompt', async () => {
    const { env, calls } = fakeLoaderEnv({ path: '/s?query=%20%20', replies })
    const data = await loadSearchPage(env)
    expect(calls.map((c) => c.path)).toEqual(['/v1/resource/aside'])
    expect(data.rows).toBeNull()
    expect(data.query).toBe('')
  })

  it.each(['0', '-1', 'abc', '1.5', '1001', '2e3'])('answers 404 for page=%s', async (page) => {
    const { env, calls } = fakeLoaderEnv({ path: `/s?query=a&page=${page}`, replies })
    expect(await thrownBy(loadSearchPage(env))).toEqual({ status: 404, message: 'Page Not Found: /s' })
    expect(calls).toEqual([])
  })

  it('fills the search TDK and keeps results out of indexes', async () => {
    const site = fakeSite({
      tdk: {
        search_page_config: { title: '#搜索词# - #网站名称#', description: 'Find #搜索词#', keywords: '#搜索词#' },
      },
    })
    const { env } = fakeLoaderEnv({ path: '/s?query=ubuntu', site, replies })
    const { head } = await loadSearchPage(env)
    expect(head).toEqual({
      title: 'ubuntu - Example',
      description: 'Find ubuntu',
      keywords: 'ubuntu',
      canonical: 'http://example.test/s',
      robots: 'noindex,follow',
      pageType: 'resource',
    })
  })

  it('returns the aside as a promise that is not awaited by the loader', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let asideDone = false
    const { env } = fakeLoaderEnv({ path: '/s?query=a', replies })
    const slowUpstream = env.upstream
    env.upstream = {
      ...slowUpstream,
      async data(path, body, schema) {
        if (path === '/v1/resource/aside') {
          await gate
          asideDone = true
        }
        return slowUpstream.data(path, body, schema)
      },
    }
    const data = await loadSearchPage(env)
    expect(asideDone).toBe(false)
    release()
    const aside = await data.aside
    expect(aside.search).toEqual([{ query: 'ubuntu' }])
    expect(aside.hot.map((r) => r.seo_title)).toEqual(['res-1'])
    expect(aside.contact).toEqual(ASIDE_REPLY.contact)
  })
})
