import { describe, expect, it } from 'vitest'
import type { ContentPageData, HomePageData, SearchHomeData } from '../../shared/data/content-data.ts'
import { contentLoaders } from './content-loaders.ts'
import { fakeLoaderEnv, fakePage, fakeSite, thrownBy } from '../../test/fake-loader-env.ts'

const privacy = fakePage({
  page_path: 'privacy',
  group_path: 'legal',
  page_type: 'custom',
  title: 'Privacy',
  page_config: { content_type: 'markdown', content: '# Privacy\n\nWe keep **nothing**.' },
})
const tools = fakePage({
  page_path: 'tools',
  page_type: 'nav',
  title: 'Tools',
  page_config: {
    groups: [
      {
        group_name: 'Dev',
        tabs: [
          {
            tab_name: 'Editors',
            sites: [{ title: 'Ed', url: 'https://ed.example', icon: '', description: 'An editor', is_show: 1 }],
          },
        ],
      },
    ],
  },
})
const handbook = fakePage({
  page_path: 'handbook',
  page_type: 'outline',
  title: 'Handbook',
  page_config: { outline: [{ id: 'start', title: 'Start', path: 'start', content: 'Welcome to the handbook.' }] },
})
const pages = [privacy, tools, handbook]

function load(routeId: keyof typeof contentLoaders, params: Record<string, string>, path = '/x', site = fakeSite()) {
  const { env } = fakeLoaderEnv({ pages, params, path, site })
  return { result: contentLoaders[routeId](env) as Promise<ContentPageData> }
}

describe('content route validation', () => {
  it('loads a page under its own prefix and group', async () => {
    const { result } = load('c', { group: 'legal', path: 'privacy' })
    const data = await result
    expect(data.page).toMatchObject({ type: 'custom', title: 'Privacy', routerPath: '/c/legal/privacy' })
    expect(data.head.canonical).toBe('http://example.test/c/legal/privacy')
  })

  it.each([
    ['unknown path', 'c', { group: 'legal', path: 'missing' }],
    ['missing group', 'c', { path: 'privacy' }],
    ['wrong group', 'c', { group: 'other', path: 'privacy' }],
    ['custom page under /nav', 'nav', { group: 'legal', path: 'privacy' }],
    ['nav page under /sp', 'sp', { path: 'tools' }],
    ['outline under /l', 'l', { path: 'handbook' }],
  ] as const)('404s for a %s', async (_name, routeId, params) => {
    const { result } = load(routeId, params, '/visitor/path')
    expect(await thrownBy(result)).toEqual({ status: 404, message: 'Page Not Found: /visitor/path' })
  })

  it('serves an outline at /doc/:path and /doc_/:path with one canonical address', async () => {
    const main = await load('doc-path', { path: 'handbook' }).result
    const alt = await load('doc-path-alt', { path: 'handbook' }).result
    expect(main.body.kind).toBe('outline')
    expect(alt.body).toEqual(main.body)
    expect(alt.head.canonical).toBe('http://example.test/doc/handbook')
  })

  it('404s when web_get no longer knows a page that show_path lists', async () => {
    const known = pages.filter((page) => page !== tools)
    const { env } = fakeLoaderEnv({ pages: known, listed: pages, params: { path: 'tools' }, path: '/nav/tools' })
    expect((await thrownBy(contentLoaders.nav(env))).status).toBe(404)
  })

  it('404s when the page config says a type that does not belong under the prefix', async () => {
    const known = [{ ...tools, page_type: 'custom' as const }]
    const { env } = fakeLoaderEnv({ pages: known, listed: pages, params: { path: 'tools' }, path: '/nav/tools' })
    expect((await thrownBy(contentLoaders.nav(env))).status).toBe(404)
  })

  it('rejects an extra segment on pages that take none', async () => {
    const { result } = load('sp-param', { group: 'legal', path: 'privacy', param: 'x' })
    expect((await thrownBy(result)).status).toBe(404)
  })
})

describe('merge and head', () => {
  it('keeps the site blocks when the page customises nothing', async () => {
    const data = await load('nav', { path: 'tools' }).result
    expect(data.blocks).toBeUndefined()
  })

  it('replaces the header with a custom one and hides a block whose is_enable is 0', async () => {
    const page = fakePage({
      ...privacy,
      header_config: { enable_custom_header: 1, is_enable: 1, logo_config: { logo: '', text: 'Legal desk' }, menu: [] },
      footer_config: { enable_custom_footer: 1, is_enable: 0 },
      pendant_config: { enable_custom_pendant: 0, is_enable: 1 },
    })
    const site = fakeSite({
      blocks: {
        footer_config: { is_enable: 1, statement: 'Site footer' },
        header_config: { menu: [{ name: 'Home', url: '/', is_show: 1 }] },
      },
    })
    const { env } = fakeLoaderEnv({ pages: [page], params: { group: 'legal', path: 'privacy' }, site })
    const data = (await contentLoaders.c(env)) as ContentPageData
    expect(data.blocks?.header).toMatchObject({ enabled: true, text: 'Legal desk', menu: [] })
    expect(data.blocks?.footer.enabled).toBe(false)
    // Not customised: the site's own pendant block stays.
    expect(data.blocks?.pendant.enabled).toBe(site.pendant_config.is_enable === 1)
  })

  it('uses the page TDK and canonical link when set', async () => {
    const page = fakePage({
      ...privacy,
      seo_config: {
        tdk: { title: 'Our privacy promise', description: 'Short', keywords: 'privacy' },
        canonical_link: 'https://canonical.example/privacy',
      },
    })
    const { env } = fakeLoaderEnv({ pages: [page], params: { group: 'legal', path: 'privacy' } })
    const data = (await contentLoaders.c(env)) as ContentPageData
    expect(data.head).toMatchObject({
      title: 'Our privacy promise',
      description: 'Short',
      keywords: 'privacy',
      canonical: 'https://canonical.example/privacy',
    })
  })

  it('falls back to "page title - site name"', async () => {
    const data = await load('nav', { path: 'tools' }).result
    expect(data.head.title).toBe('Tools - Example')
  })

  it('uses doc_page_config for outlines, named after the node the document opens at', async () => {
    const site = fakeSite({
      tdk: { doc_page_config: { title: '#文章名称# | Docs | #网站名称#', description: '#文章描述#', keywords: '' } },
    })
    const data = await load('doc-path', { path: 'handbook' }, '/doc/handbook', site).result
    expect(data.head.title).toBe('Start | Docs | Example')
    expect(data.head.description).toBe('Welcome to the handbook.')
  })
})

describe('home', () => {
  const resource = (id: string) => ({
    id,
    seo_title: `res-${id}`,
    title: `Resource ${id}`,
    description: 'About it',
    category: { key: 'books', name: 'Books' },
    tags: [],
    pan_type: 'x',
    target_urls: [],
    view_count: 3,
    hot_count: 1,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
  })
  const replies = {
    '/v1/resource/list': (body: Record<string, unknown>) => ({
      rows: [resource(String(body.kind))],
      total: 1,
      categories: [{ key: 'books', name: 'Books', count: 4 }],
    }),
    '/v1/resource/aside': () => ({ search: [{ query: 'linux', count: 9 }] }),
  }

  it('renders the search home in mode 1 with the index TDK', async () => {
    const site = fakeSite({
      tdk: { index_page_config: { title: '#网站名称# - find things', description: '', keywords: '' } },
    })
    const data = (await contentLoaders.home(fakeLoaderEnv({ pages, replies, site }).env)) as SearchHomeData
    expect(data.kind).toBe('search-home')
    expect(data.head.title).toBe('Example - find things')
    expect(data.hot.map((card) => card.seoTitle)).toEqual(['res-hot'])
    expect(data.newest.map((card) => card.seoTitle)).toEqual(['res-new'])
    expect(data.categories).toEqual([{ key: 'books', name: 'Books', count: 4 }])
    expect(await data.hotSearches).toEqual([{ query: 'linux' }])
  })

  it('renders the single page in place in mode 2', async () => {
    const site = fakeSite({ global: { home_page_model: 2, home_single_page_path: 'tools' } })
    const data = (await contentLoaders.home(fakeLoaderEnv({ pages, replies, site }).env)) as HomePageData
    expect(data.kind).toBe('content')
    if (data.kind !== 'content') return
    expect(data.page).toMatchObject({ type: 'nav', routerPath: '/' })
    expect(data.head.canonical).toBe('http://example.test/')
  })

  it('falls back to the search home when the single page is missing', async () => {
    const site = fakeSite({ global: { home_page_model: 2, home_single_page_path: 'gone' } })
    const data = (await contentLoaders.home(fakeLoaderEnv({ pages, replies, site }).env)) as HomePageData
    expect(data.kind).toBe('search-home')
  })
})
