import { describe, expect, it } from 'vitest'
import type { Resource, Tag } from '../../../shared/content-types.ts'
import { callApi, createTestApi } from '../demo-api.test-helper.ts'

const HOST = 'res.localhost'
const api = createTestApi({ now: () => Date.UTC(2025, 5, 1, 12) })
const titles = (rows: Resource[]) => rows.map((r) => r.title)

describe('/v1/resource/search', () => {
  it('pages through every resource, 60 per page', async () => {
    const first = await callApi(api, HOST, '/v1/resource/search', { query: '', page: 1, page_size: 60, search_type: 2 })
    const second = await callApi(api, HOST, '/v1/resource/search', {
      query: '',
      page: 2,
      page_size: 60,
      search_type: 2,
    })
    expect(first.body.data.total).toBeGreaterThanOrEqual(80)
    expect(first.body.data.rows).toHaveLength(60)
    expect(second.body.data.rows).toHaveLength(first.body.data.total - 60)
    const ids = new Set([...first.body.data.rows, ...second.body.data.rows].map((r: Resource) => r.id))
    expect(ids.size).toBe(first.body.data.total)
  })

  it('finds by title, description and tag, case-insensitively', async () => {
    const byTitle = await callApi(api, HOST, '/v1/resource/search', {
      query: 'libreoffice',
      page: 1,
      page_size: 10,
      search_type: 1,
    })
    expect(titles(byTitle.body.data.rows)[0]).toMatch(/LibreOffice/)
    const byTag = await callApi(api, HOST, '/v1/resource/search', {
      query: '中文字体',
      page: 1,
      page_size: 50,
      search_type: 1,
    })
    expect(byTag.body.data.total).toBeGreaterThanOrEqual(8)
  })

  it('matches loosely only in fuzzy mode', async () => {
    const exact = await callApi(api, HOST, '/v1/resource/search', {
      query: '思源黑',
      page: 1,
      page_size: 10,
      search_type: 1,
    })
    const fuzzy = await callApi(api, HOST, '/v1/resource/search', {
      query: '思源黑',
      page: 1,
      page_size: 10,
      search_type: 2,
    })
    expect(titles(exact.body.data.rows)).toEqual(['思源黑体 全字重'])
    const spaced = await callApi(api, HOST, '/v1/resource/search', {
      query: '字体 编程',
      page: 1,
      page_size: 10,
      search_type: 2,
    })
    expect(titles(spaced.body.data.rows)).toContain('JetBrains Mono 编程字体')
    const spacedExact = await callApi(api, HOST, '/v1/resource/search', {
      query: '字体 编程',
      page: 1,
      page_size: 10,
      search_type: 1,
    })
    expect(spacedExact.body.data.total).toBe(0)
    expect(fuzzy.body.data.total).toBeGreaterThanOrEqual(1)
  })

  it('filters by category and pan type', async () => {
    const fonts = await callApi(api, HOST, '/v1/resource/search', {
      query: '',
      page: 1,
      page_size: 100,
      category: 'font',
    })
    expect(fonts.body.data.total).toBe(11)
    expect(fonts.body.data.rows.every((r: Resource) => r.category.key === 'font')).toBe(true)
    const quark = await callApi(api, HOST, '/v1/resource/search', {
      query: '',
      page: 1,
      page_size: 100,
      pan_type: 'quark',
    })
    expect(quark.body.data.total).toBeGreaterThan(0)
    expect(quark.body.data.rows.every((r: Resource) => r.target_urls.some((u) => u.pan_type === 'quark'))).toBe(true)
  })
})

describe('resource pages', () => {
  it('detail answers the resource with recommendations of the same category', async () => {
    const answer = await callApi(api, HOST, '/v1/resource/detail', { seo_title: 'source-han-sans' })
    const { detail_info, recommend } = answer.body.data
    expect(detail_info).toMatchObject({
      title: '思源黑体 全字重',
      category: { key: 'font' },
      seo_title: 'source-han-sans',
    })
    expect(detail_info.target_urls.length).toBeGreaterThan(0)
    expect(recommend.length).toBeGreaterThan(0)
    expect(recommend.every((r: Resource) => r.category.key === 'font' && r.id !== detail_info.id)).toBe(true)
    expect((await callApi(api, HOST, '/v1/resource/detail', { seo_title: 'missing' })).body.status).toBe(404)
  })

  it('lists new resources by created_at and hot ones by hot_count, with category counts', async () => {
    const fresh = await callApi(api, HOST, '/v1/resource/list', { kind: 'new', page: 1, page_size: 20 })
    const created = fresh.body.data.rows.map((r: Resource) => r.created_at)
    expect(created).toEqual([...created].sort((a, b) => b - a))
    expect(fresh.body.data.categories.length).toBeGreaterThanOrEqual(6)
    expect(fresh.body.data.categories.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(
      fresh.body.data.total,
    )
    const hot = await callApi(api, HOST, '/v1/resource/list', { kind: 'hot', category: 'ebook', page: 1, page_size: 5 })
    const heat = hot.body.data.rows.map((r: Resource) => r.hot_count)
    expect(heat).toEqual([...heat].sort((a, b) => b - a))
    expect(hot.body.data.total).toBe(11)
    expect(
      (await callApi(api, HOST, '/v1/resource/list', { kind: 'hot', category: 'nope', page: 1, page_size: 5 })).body
        .status,
    ).toBe(404)
  })

  it('ranks by platform, category and tag', async () => {
    const whole = await callApi(api, HOST, '/v1/resource/rank', {})
    expect(whole.body.data.platforms.map((p: { key: string }) => p.key)).toEqual(['site', 'db', 'baidu'])
    expect(whole.body.data.rows[0]).toMatchObject({ index: 1, seo_title: expect.any(String) })
    const tagged = await callApi(api, HOST, '/v1/resource/rank', {
      platform: 'db',
      category: 'literature',
      tag: 'modern',
    })
    const rows = tagged.body.data.rows as { index: number; score: number; query?: string }[]
    expect(rows.map((r) => r.index)).toEqual(rows.map((_, i) => i + 1))
    expect(rows.every((r) => r.query)).toBe(true)
    expect((await callApi(api, HOST, '/v1/resource/rank', { platform: 'nope' })).body.status).toBe(404)
    expect(
      (await callApi(api, HOST, '/v1/resource/rank', { platform: 'db', category: 'literature', tag: 'nope' })).body
        .status,
    ).toBe(404)
  })

  it('lists tags, then the resources of one tag', async () => {
    const tags = await callApi(api, HOST, '/v1/resource/tags', { page: 1, page_size: 100 })
    expect(tags.body.data.total).toBeGreaterThanOrEqual(15)
    const first = tags.body.data.rows[0] as Tag
    const one = await callApi(api, HOST, '/v1/resource/tags', { tag: first.slug, page: 1, page_size: 5 })
    expect(one.body.data.tag.slug).toBe(first.slug)
    expect(one.body.data.total).toBe(first.count)
    expect(one.body.data.rows).toHaveLength(5)
    expect((await callApi(api, HOST, '/v1/resource/tags', { tag: 'nope', page: 1, page_size: 5 })).body.status).toBe(
      404,
    )
  })

  it('answers only the aside kinds asked for', async () => {
    const all = await callApi(api, HOST, '/v1/resource/aside', {
      kinds: ['contact', 'search', 'hot', 'newest', 'res_tag'],
    })
    expect(Object.keys(all.body.data).sort()).toEqual(['contact', 'hot', 'newest', 'res_tag', 'search'])
    expect(all.body.data.contact).toMatchObject({
      title: expect.any(String),
      img: expect.any(String),
      tips: expect.any(String),
    })
    const some = await callApi(api, HOST, '/v1/resource/aside', { kinds: ['hot'] })
    expect(Object.keys(some.body.data)).toEqual(['hot'])
  })
})

describe('/v1/local_resource_save', () => {
  const save = (url: string, cookie_id = 'quark-main') =>
    callApi(api, HOST, '/v1/local_resource_save', { url, cookie_id, doc_id: 'r10001', filter_words: [] })

  it('answers a new share link for a good link', async () => {
    const answer = await save('https://pan.quark.cn/s/abcdEFGH2345')
    expect(answer.body.status).toBe(0)
    expect(answer.body.data.final_share_url).toMatch(/^https:\/\/pan\.quark\.cn\/s\/[\w-]{12}$/)
    expect((await save('https://pan.quark.cn/s/abcdEFGH2345')).body.data.final_share_url).toBe(
      answer.body.data.final_share_url,
    )
  })

  it.each([
    ['https://pan.quark.cn/s/expired-abc', 1031],
    ['https://pan.baidu.com/s/1broken-abc', 1030],
    ['not a url', 1030],
    ['ftp://pan.example/s/abc', 1030],
  ])('answers %s with %i', async (url, status) => {
    expect((await save(url)).body.status).toBe(status)
  })

  it('carries demo resources whose links give 1030 and 1031', async () => {
    const rows = (await callApi(api, HOST, '/v1/resource/search', { query: '', page: 1, page_size: 100 })).body.data
      .rows as Resource[]
    const urls = rows.flatMap((r) => r.target_urls.map((u) => u.target_url))
    expect(urls.some((u) => u.includes('/s/expired-'))).toBe(true)
    expect(urls.some((u) => /\/s\/1?broken-/.test(u))).toBe(true)
  })

  it('refuses an unknown cookie_id', async () => {
    expect((await save('https://pan.quark.cn/s/abc', 'nope')).body.status).toBe(100)
  })
})
