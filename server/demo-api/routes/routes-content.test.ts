import { describe, expect, it } from 'vitest'
import type { Post, RssHot } from '../../../shared/content-types.ts'
import { callApi, createCapturingLogger, createTestApi } from '../demo-api.test-helper.ts'
import { createDemoApi } from '../app.ts'

const NOW = Date.UTC(2025, 5, 1, 12)

describe('posts', () => {
  const api = createTestApi({ now: () => NOW })

  it('lists posts newest first, by category and by query', async () => {
    const all = await callApi(api, 'res.localhost', '/v1/post/list', { page: 1, page_size: 5 })
    expect(all.body.data.total).toBeGreaterThanOrEqual(12)
    expect(all.body.data.rows).toHaveLength(5)
    const created = all.body.data.rows.map((p: Post) => p.created_at)
    expect(created).toEqual([...created].sort((a, b) => b - a))
    const guides = await callApi(api, 'res.localhost', '/v1/post/list', {
      category_id: 'guide',
      page: 1,
      page_size: 50,
    })
    expect(guides.body.data.rows.every((p: Post) => p.category.id === 'guide')).toBe(true)
    const found = await callApi(api, 'res.localhost', '/v1/post/list', { query: 'SHA-256', page: 1, page_size: 50 })
    expect(found.body.data.rows.map((p: Post) => p.path)).toEqual(['verify-downloads'])
  })

  it('gets a post by id or by path, status 404 otherwise', async () => {
    const byPath = await callApi(api, 'land.localhost', '/v1/post/get', { path: 'lumen-3' })
    expect(byPath.body.data).toMatchObject({
      id: expect.stringMatching(/^p\d+$/),
      title: expect.stringContaining('Lumen 3.0'),
    })
    expect(byPath.body.data.content).toMatch(/^## /)
    const byId = await callApi(api, 'land.localhost', '/v1/post/get', { id: byPath.body.data.id })
    expect(byId.body.data.path).toBe('lumen-3')
    expect((await callApi(api, 'land.localhost', '/v1/post/get', { path: 'nope' })).body.status).toBe(404)
  })

  it('lists post categories with counts', async () => {
    const answer = await callApi(api, 'res.localhost', '/v1/post/category/list')
    expect(answer.body.data.rows).toHaveLength(3)
    expect(answer.body.data.rows.every((c: { count: number }) => c.count > 0)).toBe(true)
  })
})

describe('feedback', () => {
  it('lists feedback newest first, paginated', async () => {
    const api = createTestApi({ now: () => NOW })
    const answer = await callApi(api, 'res.localhost', '/v1/feedback/list', { page: 1, page_size: 3 })
    expect(answer.body.data.rows).toHaveLength(3)
    expect(answer.body.data.total).toBe(8)
    expect(answer.body.data.rows[0]).toMatchObject({
      id: expect.any(String),
      content: expect.any(String),
      reply: expect.any(String),
    })
  })

  it('validates the landing-page form and logs what was sent', async () => {
    const { log, lines } = createCapturingLogger()
    const api = createDemoApi({ log, now: () => NOW })
    const submit = (values: Record<string, string | string[]>) =>
      callApi(api, 'land.localhost', '/v1/feedback/submit', { form_id: 'contact-sales', values })
    const good = {
      name: 'Ada',
      email: 'ada@example.com',
      team_size: 'small',
      interests: ['sso', 'workspaces'],
      message: 'We are 8 people.',
    }
    expect((await submit(good)).body).toEqual({ status: 0, info: 'success', data: null })
    expect(lines.some((l) => l.form_id === 'contact-sales')).toBe(true)

    const cases: [Record<string, string | string[]>, RegExp][] = [
      [{ ...good, name: '  ' }, /name is required/i],
      [{ ...good, message: undefined as unknown as string }, /message is required/i],
      [{ ...good, email: 'not-an-email' }, /e-mail/],
      [{ ...good, team_size: 'huge' }, /not one of the choices/],
      [{ ...good, interests: ['sso', 'free-lunch'] }, /not one of the choices/],
      [{ ...good, interests: 'sso' }, /list/],
      [{ ...good, message: 'x'.repeat(1001) }, /longer than 1000/],
      [{ ...good, extra: 'x' }, /unknown field/],
    ]
    for (const [values, message] of cases) {
      const answer = await submit(JSON.parse(JSON.stringify(values)) as Record<string, string | string[]>)
      expect(answer.body.status, JSON.stringify(values)).toBe(100)
      expect(answer.body.info).toMatch(message)
    }
    expect(
      (await callApi(api, 'land.localhost', '/v1/feedback/submit', { form_id: 'nope', values: {} })).body.status,
    ).toBe(100)
    expect(
      (await callApi(api, 'land.localhost', '/v1/feedback/submit', { form_id: 'contact-sales', values: { name: 5 } }))
        .body.status,
    ).toBe(100)
  })

  it('adds site feedback to the list', async () => {
    const api = createTestApi({ now: () => NOW })
    const sent = await callApi(api, 'nav.localhost', '/v1/feedback/submit', {
      form_id: 'feedback',
      values: { kind: 'request', content: '請收錄 Raycast', contact: '' },
    })
    expect(sent.body.status).toBe(0)
    const list = await callApi(api, 'nav.localhost', '/v1/feedback/list', { page: 1, page_size: 1 })
    expect(list.body.data.rows[0]).toMatchObject({ content: '請收錄 Raycast', created_at: NOW / 1000 })
  })
})

describe('rss', () => {
  const api = createTestApi({ now: () => NOW })

  it('answers the documents of each source, paginated per source', async () => {
    const answer = await callApi(api, 'nav.localhost', '/v1/site_page/rss/list', {
      rss_ids: ['gh-trending', 'mdn', 'unknown'],
      page: 2,
      page_size: 4,
    })
    const rows = answer.body.data.rows
    expect(rows.map((r: { rss_id: string }) => r.rss_id)).toEqual(['gh-trending', 'mdn'])
    expect(rows[0].total).toBe(12)
    expect(rows[0].docs).toHaveLength(4)
    expect(rows[0].docs[0]).toEqual(
      expect.objectContaining({
        title: expect.any(String),
        link: expect.stringMatching(/^https:/),
        publish_str: expect.stringMatching(/小時前|天前/),
      }),
    )
  })

  it('answers hot rows, records clicks and shows recent clicks first in new_list_hot', async () => {
    const hot = await callApi(api, 'nav.localhost', '/v1/site_page/rss/list_hot', { page_path: 'news' })
    const scores = hot.body.data.rows.map((r: RssHot) => r.score)
    expect(scores.length).toBeGreaterThan(5)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    const click = { page_path: 'news', title: 'Vitest', link: 'https://vitest.dev/', rss_name: '測試' }
    expect((await callApi(api, 'nav.localhost', '/v1/rss_page_add_hot', click)).body).toEqual({
      status: 0,
      info: 'success',
      data: null,
    })
    const fresh = await callApi(api, 'nav.localhost', '/v1/site_page/rss/new_list_hot', { page_path: 'news' })
    expect(fresh.body.data.rows[0]).toMatchObject({ link: 'https://vitest.dev/', score: 1, source: '測試' })
    expect(
      (await callApi(api, 'nav.localhost', '/v1/site_page/rss/list_hot', { page_path: 'tools' })).body.status,
    ).toBe(404)
    expect(
      (await callApi(api, 'nav.localhost', '/v1/rss_page_add_hot', { ...click, link: 'javascript:alert(1)' })).body
        .status,
    ).toBe(100)
  })
})
