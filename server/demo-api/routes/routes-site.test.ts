import { describe, expect, it } from 'vitest'
import { PAGE_TYPES, type ShowPath, type SitePageConfig } from '../../../shared/types.ts'
import { callApi, createTestApi } from '../demo-api.test-helper.ts'

const NOW = Date.UTC(2025, 5, 1, 12)
const api = createTestApi({ now: () => NOW })
const HOSTS = ['res.localhost', 'land.localhost', 'nav.localhost']

describe('show_path and web_get', () => {
  it.each(HOSTS)('every show_path row of %s resolves through web_get to a page of the same type', async (host) => {
    const answer = await callApi(api, host, '/v1/site_admin/show_path/get')
    const rows = answer.body.data.rows as ShowPath[]
    expect(rows.length).toBeGreaterThan(3)
    for (const row of rows) {
      expect(PAGE_TYPES).toContain(row.page_type)
      const page = await callApi(api, host, '/v1/site_page/web_get', {
        page_path: row.page_path,
        page_language: '',
        group_path: row.group_path,
      })
      const config = page.body.data.site_page_config as SitePageConfig
      expect(config, `${host} ${row.group_path}/${row.page_path}`).not.toBeNull()
      expect(config).toMatchObject({
        page_id: row.page_id,
        page_type: row.page_type,
        page_path: row.page_path,
        group_path: row.group_path,
      })
      expect(config.page_config).toBeTypeOf('object')
    }
  })

  it.each(HOSTS)('the home single page of %s, when configured, is one of its show_path rows', async (host) => {
    const site = (await callApi(api, host, '/v1/site_page/web_get', { page_path: '', group_path: '' })).body.data
      .site_config
    const global = site.page_config.global_config
    if (global.home_page_model !== 2) return
    const rows = (await callApi(api, host, '/v1/site_admin/show_path/get')).body.data.rows as ShowPath[]
    expect(rows.find((r) => r.page_path === global.home_single_page_path && r.group_path === '')?.page_id).toBe(
      global.home_single_page_id,
    )
  })

  it('splits group and page paths as the routes do', async () => {
    const privacy = await callApi(api, 'land.localhost', '/v1/site_page/web_get', {
      page_path: 'privacy',
      page_language: 'en',
      group_path: 'legal',
    })
    expect(privacy.body.data.site_page_config.page_config.content_type).toBe('markdown')
    const wrongGroup = await callApi(api, 'land.localhost', '/v1/site_page/web_get', {
      page_path: 'privacy',
      page_language: 'en',
      group_path: '',
    })
    expect(wrongGroup.body.data.site_page_config).toBeNull()
    const handbook = await callApi(api, 'land.localhost', '/v1/site_page/web_get', {
      page_path: 'handbook',
      page_language: 'en',
      group_path: '',
    })
    expect(handbook.body.data.site_page_config.page_type).toBe('outline')
  })

  it('answers null for an unknown page and for page_path ""', async () => {
    for (const page_path of ['', 'no-such-page']) {
      const answer = await callApi(api, 'nav.localhost', '/v1/site_page/web_get', {
        page_path,
        page_language: 'zh-TW',
        group_path: '',
      })
      expect(answer.body.status).toBe(0)
      expect(answer.body.data.site_page_config).toBeNull()
      expect(answer.body.data.site_config.domain).toBe('nav.localhost')
    }
  })

  it('translates site texts for an enabled language only', async () => {
    const ask = (page_language: string) =>
      callApi(api, 'res.localhost', '/v1/site_page/web_get', { page_path: '', page_language, group_path: '' })
    const zh = (await ask('zh')).body.data.site_config
    const en = (await ask('en')).body.data.site_config
    const ja = (await ask('ja')).body.data.site_config // listed but not enabled
    expect(zh.base_info.app_name).toBe('拾源搜索')
    expect(en.base_info.app_name).toBe('Shiyuan Search')
    expect(en.header_config.menu[0].name).toBe('Home')
    expect(ja.base_info.app_name).toBe('拾源搜索')
  })

  it('carries per-page overrides', async () => {
    const sale = (
      await callApi(api, 'land.localhost', '/v1/site_page/web_get', {
        page_path: 'spring-sale',
        group_path: 'campaign',
      })
    ).body.data.site_page_config
    expect(sale.header_config).toMatchObject({ enable_custom_header: 1, is_enable: 0 })
    expect(sale.footer_config.enable_custom_footer).toBe(1)
    expect(sale.seo_config.tdk.title).toMatch(/Spring sale/)
  })
})

describe('site_page calls', () => {
  it('site_page/get finds a page by path and type, else status 404', async () => {
    const found = await callApi(api, 'nav.localhost', '/v1/site_page/get', { page_path: 'ai-tools', page_type: 'ai' })
    expect(found.body.status).toBe(0)
    expect(found.body.data.page_config.groups.length).toBeGreaterThan(3)
    const wrongType = await callApi(api, 'nav.localhost', '/v1/site_page/get', {
      page_path: 'ai-tools',
      page_type: 'nav',
    })
    expect(wrongType.body.status).toBe(404)
  })

  it('site_page/list filters and paginates page summaries', async () => {
    const all = await callApi(api, 'land.localhost', '/v1/site_page/list', {
      filter: {},
      page: 1,
      page_size: 5,
      is_cache: 1,
    })
    expect(all.body.data.rows).toHaveLength(5)
    expect(all.body.data.total).toBe(13)
    expect(all.body.data.rows[0]).toEqual(
      expect.objectContaining({
        page_id: expect.any(String),
        description: expect.any(String),
        updated_at: expect.any(Number),
      }),
    )
    const custom = await callApi(api, 'land.localhost', '/v1/site_page/list', {
      filter: { page_type: 'custom' },
      page: 2,
      page_size: 5,
      is_cache: 1,
    })
    expect(custom.body.data.total).toBe(8)
    expect(custom.body.data.rows).toHaveLength(3)
    const legal = await callApi(api, 'land.localhost', '/v1/site_page/list', {
      filter: { group_id: 'g-legal', keyword: 'PRIVACY' },
      page: 1,
      page_size: 10,
      is_cache: 1,
    })
    expect(legal.body.data.rows.map((r: ShowPath) => r.page_path)).toEqual(['privacy'])
  })

  it('site_page/group/get answers the group with its pages', async () => {
    const answer = await callApi(api, 'land.localhost', '/v1/site_page/group/get', { group_id: 'g-dev' })
    expect(answer.body.data).toMatchObject({ group_id: 'g-dev', group_name: 'Developers', group_path: 'dev' })
    expect(answer.body.data.pages.map((p: ShowPath) => p.page_path)).toEqual([
      'embed.js',
      'status.json',
      'brand.css',
      'feed.xml',
    ])
    expect((await callApi(api, 'land.localhost', '/v1/site_page/group/get', { group_id: 'nope' })).body.status).toBe(
      404,
    )
  })
})

describe('promos and links', () => {
  it('returns the promos whose web_path was asked for, keyed by id', async () => {
    const global = await callApi(api, 'res.localhost', '/v1/site_surprise/web_get', {
      web_path: ['global', '/c'],
      is_cache: 1,
    })
    expect(Object.keys(global.body.data)).toEqual(['101', '102', '103'])
    const search = await callApi(api, 'res.localhost', '/v1/site_surprise/web_get', {
      web_path: ['global', '/s'],
      is_cache: 1,
    })
    expect(Object.keys(search.body.data)).toEqual(['101', '102', '103', '104'])
    const nowS = NOW / 1000
    const eligible = Object.values(
      search.body.data as Record<
        string,
        { is_show: number; start_ts: number; end_ts: number; position: number; type: number }
      >,
    ).filter((p) => p.is_show === 1 && p.start_ts <= nowS && nowS <= p.end_ts && p.position === 2)
    expect(eligible.map((p) => p.type)).toEqual([2, 1])
  })

  it('links/get answers link groups', async () => {
    const answer = await callApi(api, 'nav.localhost', '/v1/links/get')
    expect(answer.body.data.rows[0]).toEqual(
      expect.objectContaining({ name: expect.any(String), list: expect.any(Array) }),
    )
  })
})
