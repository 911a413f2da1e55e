import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MainData } from '../../shared/promo/main-data.ts'
import { startTestSite, type TestSite } from '../../test/harness.ts'

function hydrationOf(html: string): { loaderData: Record<string, unknown> } {
  const match = /<script id="__hydration" type="application\/json">(.*?)<\/script>/s.exec(html)
  if (!match) throw new Error('no hydration data in the page')
  return JSON.parse(match[1]!)
}

describe('promos through the main route', () => {
  let site: TestSite
  const bodies: { host: string; body: unknown }[] = []
  let failPromos = false
  beforeAll(async () => {
    site = await startTestSite({
      upstream: async (request, demo) => {
        if (new URL(request.url).pathname === '/v1/site_surprise/web_get') {
          const body: unknown = await request.clone().json()
          bodies.push({ host: request.headers.get('app-domain') ?? '', body })
          if (failPromos) return new Response('boom', { status: 502 })
        }
        return demo(request)
      },
    })
  })
  afterAll(() => site.close())

  const promoCalls = (host: string) => bodies.filter((call) => call.host === host).map((call) => call.body)

  it('asks for the global and the section promos, once per tenant and section', async () => {
    const first = await site.request('/post', { host: 'land.localhost' })
    expect(first.status).toBe(200)
    const main = hydrationOf(await first.text()).loaderData.main as MainData
    // land.localhost: a global picture promo and a text promo on /post, both bottom right.
    expect(main.promos.map((promo) => promo.title)).toEqual(['Lumen for iPhone is here', 'Spring sale ends soon'])
    expect(promoCalls('land.localhost')).toEqual([{ web_path: ['global', '/post'], is_cache: 1 }])

    // Same section again (another post page, the payload of the list): served from the cache.
    await site.request('/post/_payload.json', { host: 'land.localhost' })
    expect(promoCalls('land.localhost')).toHaveLength(1)

    const home = await site.request('/_payload.json', { host: 'land.localhost' })
    const homeMain = ((await home.json()) as { loaderData: { main: MainData } }).loaderData.main
    expect(homeMain.promos.map((promo) => promo.title)).toEqual(['Lumen for iPhone is here'])
    expect(promoCalls('land.localhost')).toEqual([{ web_path: ['global', '/post'], is_cache: 1 }, { web_path: ['global', '/'], is_cache: 1 }])

    // Another tenant, same section: its own call.
    await site.request('/post', { host: 'nav.localhost' })
    expect(promoCalls('nav.localhost')).toEqual([{ web_path: ['global', '/post'], is_cache: 1 }])
  })

  it('keeps only switched-on bottom-right text and picture promos', async () => {
    const response = await site.request('/articles', { host: 'res.localhost' })
    const main = hydrationOf(await response.text()).loaderData.main as MainData
    // /articles is the mapped /post. 102 is switched off, 105 is a banner; 101 (expired) stays: the time window is the browser's to judge.
    expect(main.promos.map((promo) => promo.title)).toEqual(['双十一网盘会员特惠', '新上线：开放数据分类'])
    expect(main.promos[0]).toEqual(expect.objectContaining({ type: 2, position: 2, allowed_close: 1, description: '活动已结束' }))
  })

  it('asks only for global promos on an address no route knows', async () => {
    const response = await site.request('/no-such-section/page', { host: 'res.localhost' })
    expect(response.status).toBe(404)
    expect(promoCalls('res.localhost')).toContainEqual({ web_path: ['global'], is_cache: 1 })
    expect(promoCalls('res.localhost')).not.toContainEqual({ web_path: ['global', '/no-such-section'], is_cache: 1 })
  })

  it('renders the page without promos when the promo call fails', async () => {
    failPromos = true
    try {
      const response = await site.request('/links', { host: 'res.localhost' })
      expect(response.status).toBe(200)
      expect(hydrationOf(await response.text()).loaderData.main).toEqual({ promos: [] })
    } finally {
      failPromos = false
    }
  })
})
