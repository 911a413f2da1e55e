import { describe, expect, it } from 'vitest'
import { DEMO_ACCOUNT } from '../demo-api/data/index.ts'
import { json, upstreamCalls, useProxySite } from './api-proxy.test-helper.ts'

// The visitor's upstream session through the proxy: its cookie re-issued on the tenant host, sent
// back on later calls, and expired on sign-out.
const { start, post } = useProxySite()

describe('session cookie', () => {
  it('re-issues the upstream cookie on the tenant host and sends it back on later calls', async () => {
    const { seen } = await start((entry) =>
      entry.path === '/v1/user/login'
        ? json({ status: 0, info: 'ok', data: {} }, 200, {
            'set-cookie': 'sess=a%20b; Domain=api.internal; Path=/v1; Max-Age=3600; Secure; SameSite=None',
          })
        : json({ status: 0, info: 'ok', data: null }),
    )
    const login = await post('/api/v1/user/login', {})
    const cookie = login.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^api_sess=a%2520b; /)
    expect(cookie).not.toMatch(/Domain/i)
    expect(cookie).toMatch(/; Path=\/api\//)
    expect(cookie).toMatch(/; HttpOnly/)
    expect(cookie).toMatch(/; SameSite=Lax/)
    expect(cookie).toMatch(/; Max-Age=3600/)
    expect(cookie).not.toMatch(/Secure/)

    await post('/api/v1/post/create', {}, { cookie: `lang=en; ${cookie.split(';')[0]}; _ga=GA1; api_=x` })
    expect(seen[1]?.headers.get('cookie')).toBe('sess=a%20b')
  })

  it('issues a __Host- cookie on https (as a trusted proxy reports it): Secure, Path=/, no Domain', async () => {
    await start(
      () => json({ status: 0, info: 'ok', data: {} }, 200, { 'set-cookie': 'sess=1; Domain=api.internal; Path=/v1' }),
      { trustProxy: 1 },
    )
    const response = await post('/api/v1/user/login', {}, { 'x-forwarded-proto': 'https' })
    expect(response.headers.get('set-cookie')).toBe('__Host-api_sess=1; Path=/; HttpOnly; Secure; SameSite=Lax')
  })

  it('sends upstream over https only the __Host- cookies it issued, never an api_ one another site could plant', async () => {
    const { seen } = await start(() => json({ status: 0, info: 'ok', data: null }), { trustProxy: 1 })
    const https = { 'x-forwarded-proto': 'https' }
    // A sibling subdomain can set `api_sess` for the parent domain; it comes first in the header.
    await post('/api/v1/post/create', {}, { ...https, cookie: 'api_sess=planted; lang=en; __Host-api_sess=mine' })
    await post('/api/v1/post/create', {}, { ...https, cookie: 'api_sess=planted; api_other=1' })
    expect(seen.map((entry) => entry.headers.get('cookie'))).toEqual(['sess=mine', null])
  })

  it('reads over http only the api_ cookies it issues there', async () => {
    const { seen } = await start(() => json({ status: 0, info: 'ok', data: null }))
    await post('/api/v1/post/create', {}, { cookie: '__Host-api_sess=x; api_sess=dev' })
    expect(seen[0]?.headers.get('cookie')).toBe('sess=dev')
  })

  it('ignores X-Forwarded-Proto unless the proxy is trusted', async () => {
    await start(() => json({ status: 0, info: 'ok', data: {} }, 200, { 'set-cookie': 'sess=1; Path=/' }))
    const response = await post('/api/v1/user/login', {}, { 'x-forwarded-proto': 'https' })
    expect(response.headers.get('set-cookie')).not.toMatch(/; Secure/)
  })

  it('signs in to the demo API and writes a post with the returned cookie', async () => {
    await start()
    const login = await post('/api/v1/user/login', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password })
    const body = (await login.json()) as { status: number; data: { email: string } }
    expect(body.status).toBe(0)
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    expect(cookie).toMatch(/^api_demo_session=/)
    const post401 = await post('/api/v1/post/create', {
      title: 'Hello there',
      content: 'A first post written through the proxy.',
      category_id: 'guide',
      tags: [],
    })
    expect(post401.status).toBe(401)
    const created = await post(
      '/api/v1/post/create',
      { title: 'Hello there', content: 'A first post written through the proxy.', category_id: 'guide', tags: [] },
      { cookie },
    )
    expect(created.status).toBe(200)
    expect(await created.json()).toMatchObject({ status: 0, data: { title: 'Hello there' } })
  })
})

describe('sign-out', () => {
  it('expires every upstream cookie the visitor holds, without an upstream call', async () => {
    const { site: test } = await start()
    const response = await post('/api/session/end', {}, { cookie: 'api_demo_session=abc; lang=en; api_other=1' })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const cookies = response.headers.getSetCookie()
    expect(cookies).toHaveLength(2)
    expect(cookies[0]).toMatch(/^api_demo_session=; Max-Age=0; Path=\/api\/; HttpOnly; SameSite=Lax$/)
    expect(cookies[1]).toMatch(/^api_other=; Max-Age=0; /)
    expect(upstreamCalls(test)).toBe(0)
  })

  it('expires the __Host- cookies over https, and the api_ ones an https site issued before', async () => {
    await start(undefined, { trustProxy: 1 })
    const response = await post(
      '/api/session/end',
      {},
      { 'x-forwarded-proto': 'https', cookie: '__Host-api_demo_session=abc; api_demo_session=old; lang=en' },
    )
    expect(response.headers.getSetCookie()).toEqual([
      '__Host-api_demo_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax',
      'api_demo_session=; Max-Age=0; Path=/api/; HttpOnly; Secure; SameSite=Lax',
    ])
  })

  it('refuses a cross-site sign-out', async () => {
    await start()
    const response = await post(
      '/api/session/end',
      {},
      { origin: 'http://evil.example', cookie: 'api_demo_session=abc' },
    )
    expect(response.status).toBe(403)
    expect(response.headers.get('set-cookie')).toBeNull()
  })
})
