import { describe, expect, it } from 'vitest'
import { callApi, createTestApi } from './demo-api.test-helper.ts'

const NOW = Date.UTC(2025, 5, 1, 12)

describe('demo API transport', () => {
  const api = createTestApi({ now: () => NOW })

  it('exposes three tenants with distinct domains', () => {
    expect(api.tenants.map((t) => t.site.domain)).toEqual(['res.localhost', 'land.localhost', 'nav.localhost'])
  })

  it.each([
    ['res.localhost', 'site-res'],
    ['localhost', 'site-res'],
    ['127.0.0.1', 'site-res'],
    ['RES.LocalHost', 'site-res'],
    ['res.localhost:3000', 'site-res'],
    ['land.localhost', 'site-land'],
    ['www.land.localhost', 'site-land'],
    ['nav.localhost', 'site-nav'],
  ])('resolves the tenant of app-domain %s', async (host, siteId) => {
    const answer = await callApi(api, host, '/v1/site_page/web_get', {
      page_path: '',
      page_language: '',
      group_path: '',
    })
    expect(answer.http).toBe(200)
    expect(answer.body.status).toBe(0)
    expect(answer.body.data.site_config.site_id).toBe(siteId)
    expect(answer.body.data.site_page_config).toBeNull()
  })

  it('answers generated tenant copies only when asked to', async () => {
    const copies = createTestApi({ now: () => NOW, tenantCopies: true })
    const call = (target: typeof api) =>
      callApi(target, 't42.nav.localhost', '/v1/site_page/web_get', {
        page_path: '',
        page_language: '',
        group_path: '',
      })
    expect((await call(copies)).body.data.site_config.site_id).toBe('site-nav')
    expect((await call(api)).body).toEqual({ status: 404, info: 'site not found', data: null })
  })

  it.each([['unknown.example'], ['']])(
    'answers an unknown app-domain "%s" with HTTP 200 and status 404',
    async (host) => {
      const answer = await callApi(api, host, '/v1/site_admin/show_path/get')
      expect(answer.http).toBe(200)
      expect(answer.body).toEqual({ status: 404, info: 'site not found', data: null })
    },
  )

  it('answers a malformed JSON body with an HTTP 400 envelope', async () => {
    const answer = await callApi(api, 'res.localhost', '/v1/resource/search', '{"query": ')
    expect(answer.http).toBe(400)
    expect(answer.body).toMatchObject({ status: 400, data: null })
    expect(answer.body.info).toMatch(/JSON/)
  })

  it('treats an empty body as {}', async () => {
    const answer = await callApi(api, 'res.localhost', '/v1/site_admin/show_path/get', '')
    expect(answer.body.status).toBe(0)
  })

  it.each([
    ['/v1/resource/search', [1, 2, 3]],
    ['/v1/resource/search', 'just text'],
    ['/v1/resource/search', { query: 'x', page: 0 }],
    ['/v1/resource/search', { query: 'x', page_size: 1000 }],
    ['/v1/resource/list', { kind: 'newest' }],
    ['/v1/user/login', { email: 'not-an-email', password: 'x' }],
    ['/v1/site_page/group/get', {}],
    ['/v1/post/get', {}],
    ['/v1/site_page/web_get', { page_path: 'about', page_language: 'klingon', group_path: '' }],
  ])('answers an invalid body for %s with status 100 and a message', async (path, body) => {
    const answer = await callApi(api, 'res.localhost', path, typeof body === 'string' ? JSON.stringify(body) : body)
    expect(answer.http).toBe(200)
    expect(answer.body.status).toBe(100)
    expect(answer.body.info).not.toBe('')
    expect(answer.body.data).toBeNull()
  })

  it('refuses other methods on a known call with 405', async () => {
    const response = await api.fetch(
      new Request('http://demo-api.test/v1/site_admin/show_path/get', { headers: { 'app-domain': 'res.localhost' } }),
    )
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    expect(await response.json()).toMatchObject({ status: 405 })
  })

  it('answers an unknown path with an HTTP 404 envelope', async () => {
    const answer = await callApi(api, 'res.localhost', '/v1/nothing/here')
    expect(answer.http).toBe(404)
    expect(answer.body.status).toBe(404)
  })

  it('keeps data separate between API instances', async () => {
    const other = createTestApi({ now: () => NOW })
    await callApi(api, 'res.localhost', '/v1/feedback/submit', {
      form_id: 'feedback',
      values: { content: 'only in the first instance' },
    })
    const first = await callApi(api, 'res.localhost', '/v1/feedback/list', { page: 1, page_size: 50 })
    const second = await callApi(other, 'res.localhost', '/v1/feedback/list', { page: 1, page_size: 50 })
    expect(first.body.data.total).toBe(second.body.data.total + 1)
  })
})
