import { describe, expect, it } from 'vitest'
import {
  landPageConfigSchema,
  navPageConfigSchema,
  outlinePageConfigSchema,
  pageConfigSchemas,
  postSchema,
  promoMapSchema,
  resourcePageSchema,
  resourceSchema,
  showPathRowsSchema,
  siteConfigSchema,
  tagResourcesSchema,
  webGetReplySchema,
} from './schemas.ts'

const minimalSite = { site_id: 's1', domain: 'tenant.example' }

describe('siteConfigSchema', () => {
  it('fills every missing block with a sensible default', () => {
    const site = siteConfigSchema.parse(minimalSite)
    expect(site).toMatchObject({
      site_id: 's1',
      domain: 'tenant.example',
      alias_domain: [],
      base_info: { app_name: '', logo: '' },
      footer_config: { is_enable: 0, enable_custom_footer: 0, friendship_links: [], statement: '', links: [] },
      pendant_config: { is_enable: 0, list: [] },
      search_config: { enable_search_bar: 0, search_bar_path: '' },
      seo_config: { tdk: {}, canonical_link: '', favicon: '', customize_code: { model: 1, data: [] } },
      language_config: { language_list: [] },
      page_config: { global_config: { theme: 'day', default_language: 'zh', search_route: 's', home_page_model: 1 } },
    })
    expect(site.header_config.menu).toEqual([])
    expect(site.page_config.resource).toBeUndefined()
  })

  it.each([
    ['footer_config null', { footer_config: null }],
    ['alias_domain null', { alias_domain: null }],
    ['language_config null', { language_config: null }],
    ['language_list null', { language_config: { language_list: null } }],
  ])('accepts %s', (_label, extra) => {
    expect(siteConfigSchema.safeParse({ ...minimalSite, ...extra }).success).toBe(true)
  })

  it('drops unknown languages and takes flags and numbers as strings or booleans', () => {
    const site = siteConfigSchema.parse({
      ...minimalSite,
      language_config: {
        language_list: [
          { language: 'en', status: '1' },
          { language: 'xx', status: 1 },
          { language: 'fr', status: false },
        ],
      },
      header_config: { is_enable: true, enable_custom_header: '0' },
      page_config: { global_config: { home_page_model: '2', search_type: '3', theme: 'neon' } },
    })
    expect(site.language_config.language_list).toEqual([
      { language: 'en', status: 1 },
      { language: 'fr', status: 0 },
    ])
    expect(site.header_config).toMatchObject({ is_enable: 1, enable_custom_header: 0 })
    expect(site.page_config.global_config).toMatchObject({ home_page_model: 2, search_type: 3, theme: 'day' })
  })

  it.each([
    ['site_id as a number', { site_id: 42, domain: 'tenant.example' }],
    ['missing domain', { site_id: 's1' }],
    ['domain as an object', { site_id: 's1', domain: { host: 'x' } }],
    ['empty site_id', { site_id: '', domain: 'tenant.example' }],
    ['null', null],
  ])('rejects %s', (_label, value) => {
    expect(siteConfigSchema.safeParse(value).success).toBe(false)
  })

  it('keeps strings as-is (escaping is the renderer’s job) and menus nested', () => {
    const site = siteConfigSchema.parse({
      ...minimalSite,
      base_info: { app_name: '<b>Shop</b>', logo: 'javascript:alert(1)' },
      header_config: {
        menu: [
          { name: 'Docs', url: '/doc/a', is_show: 1, children: [{ name: 'Sub', url: 'https://x.example' }, 'junk'] },
          { url: 42 },
        ],
      },
    })
    expect(site.base_info.app_name).toBe('<b>Shop</b>')
    expect(site.base_info.logo).toBe('javascript:alert(1)')
    expect(site.header_config.menu).toEqual([
      { name: 'Docs', url: '/doc/a', is_show: 1, children: [{ name: 'Sub', url: 'https://x.example', is_show: 1 }] },
      { name: '', url: '42', is_show: 1 },
    ])
  })

  it('keeps only known TDK keys and defaults the aside when resource config has none', () => {
    const site = siteConfigSchema.parse({
      ...minimalSite,
      seo_config: { tdk: { index_page_config: { title: '#网站名称#' }, bogus_page_config: { title: 'x' } } },
      page_config: { resource: {} },
    })
    expect(site.seo_config.tdk).toEqual({ index_page_config: { title: '#网站名称#', description: '', keywords: '' } })
    expect(site.page_config.resource?.aside_config.aside_list.map((entry) => entry.value)).toEqual([
      'contact',
      'search',
      'hot',
      'newest',
      'res_tag',
    ])
  })

  it('does not share default objects between parses', () => {
    const first = siteConfigSchema.parse(minimalSite)
    first.footer_config.links.push({ name: 'x', url: '/', is_show: 1 })
    expect(siteConfigSchema.parse(minimalSite).footer_config.links).toEqual([])
  })
})

describe('web_get and page config', () => {
  it('parses a page whose blocks stay partial (a page overrides only what it sets)', () => {
    const reply = webGetReplySchema.parse({
      site_config: minimalSite,
      site_page_config: {
        page_id: 7,
        page_type: 'custom',
        page_path: 'privacy',
        group_path: 'legal',
        title: 'Privacy',
        page_config: { content_type: 'markdown', content: '# Hi' },
        header_config: { enable_custom_header: 1, menu: [] },
        footer_config: null,
      },
    })
    expect(reply.site_page_config).toMatchObject({ page_id: '7', page_type: 'custom' })
    expect(reply.site_page_config?.header_config).toEqual({ enable_custom_header: 1, menu: [] })
    expect(reply.site_page_config?.footer_config).toBeUndefined()
  })

  it('answers null for a missing page and rejects an unknown page type', () => {
    expect(webGetReplySchema.parse({ site_config: minimalSite, site_page_config: null }).site_page_config).toBeNull()
    expect(webGetReplySchema.parse({ site_config: minimalSite }).site_page_config).toBeNull()
    const bad = { site_config: minimalSite, site_page_config: { page_id: '1', page_type: 'weird' } }
    expect(webGetReplySchema.safeParse(bad).success).toBe(false)
  })

  it('drops show_path rows it cannot route', () => {
    const parsed = showPathRowsSchema.parse({
      rows: [
        { page_id: '1', page_path: 'privacy', page_type: 'custom', group_path: 'legal', title: 'P' },
        { page_id: '2', page_path: 'x', page_type: 'mystery' },
      ],
    })
    expect(parsed.rows.map((row) => row.page_id)).toEqual(['1'])
  })

  it.each(Object.keys(pageConfigSchemas).filter((type) => type !== 'custom'))(
    'defaults an empty %s page_config',
    (type) => {
      expect(pageConfigSchemas[type as keyof typeof pageConfigSchemas].safeParse({}).success).toBe(true)
    },
  )

  it('requires a known content type for custom pages', () => {
    expect(pageConfigSchemas.custom.safeParse({ content: 'x' }).success).toBe(false)
    expect(pageConfigSchemas.custom.parse({ content_type: 'html', content: null })).toEqual({
      content_type: 'html',
      content: '',
    })
  })

  it('parses nav, land and outline configs', () => {
    const nav = navPageConfigSchema.parse({
      groups: [{ group_name: 'AI', tabs: [{ tab_name: 'All', sites: [{ title: 'X', url: 'https://x' }] }] }],
    })
    expect(nav.groups[0]?.tabs[0]?.sites[0]).toMatchObject({ title: 'X', is_show: 1, icon: '' })
    const land = landPageConfigSchema.parse({
      theme: '2',
      modules: [
        { id: 'm1', type: 'faq', data: { items: [] } },
        { id: 'm2', type: 'hologram' },
      ],
    })
    expect(land).toEqual({
      theme: 2,
      banner_style: 0,
      modules: [{ id: 'm1', type: 'faq', is_show: 1, data: { items: [] } }],
    })
    const outline = outlinePageConfigSchema.parse({
      outline: [{ id: 'a', title: 'A', path: 'a', children: [{ id: 'b', title: 'B', path: 'b' }] }],
    })
    expect(outline.outline[0]?.children?.[0]?.id).toBe('b')
  })
})

describe('content data', () => {
  const resource = {
    id: 1,
    seo_title: 'film-1',
    title: 'Film',
    description: 'd',
    category: { key: 'movie', name: 'Movie' },
    tags: [{ slug: 'hd', name: 'HD' }],
    pan_type: 'quark',
    target_urls: [{ target_url: 'https://pan.example/s/1', pan_type: 'quark' }],
    view_count: '12',
    hot_count: 3,
    created_at: '1700000000',
    updated_at: 1700000001,
  }

  it('accepts numbers as numeric strings and ids as numbers', () => {
    expect(resourceSchema.parse(resource)).toMatchObject({ id: '1', view_count: 12, created_at: 1700000000 })
  })

  it('rejects a resource without an id and a non-numeric count', () => {
    expect(resourceSchema.safeParse({ ...resource, id: undefined }).success).toBe(false)
    expect(resourceSchema.safeParse({ ...resource, view_count: 'lots' }).success).toBe(false)
  })

  it('reads paged replies, with total falling back to the row count', () => {
    expect(resourcePageSchema.parse({ rows: [resource] }).total).toBe(1)
    expect(resourcePageSchema.parse({ rows: null, total: '0' })).toEqual({ rows: [], total: 0 })
    expect(tagResourcesSchema.parse({ tag: { slug: 'hd', name: 'HD' }, rows: [resource], total: 9 }).total).toBe(9)
  })

  it('keeps well-formed promos only, with allowed_close and is_show defaulting to 1', () => {
    const promos = promoMapSchema.parse({
      a: { title: 'Sale', url: '/sale', img_url: '/i.webp', type: 1, position: '2', start_ts: 1, end_ts: 2 },
      b: { title: 'Odd', url: '/', img_url: '', type: 9, position: 2, start_ts: 1, end_ts: 2 },
    })
    expect(Object.keys(promos)).toEqual(['a'])
    expect(promos.a).toMatchObject({ position: 2, allowed_close: 1, is_show: 1 })
  })

  it('parses posts, an author missing', () => {
    expect(postSchema.parse({ id: 5, title: 'T', tags: ['a'], author: null }).author).toEqual({
      nick_name: '',
      avatar: '',
    })
  })
})
