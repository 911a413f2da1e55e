import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { MainData } from '../../shared/promo/main-data.ts'
import { startTestSite, type TestSite, type TestSiteOptions } from '../../test/harness.ts'

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
    expect(promoCalls('land.localhost')).toEqual([
      { web_path: ['global', '/post'], is_cache: 1 },
      { web_path: ['global', '/'], is_cache: 1 },
    ])

    // Another tenant, same section: its own call.
    await site.request('/post', { host: 'nav.localhost' })
    expect(promoCalls('nav.localhost')).toEqual([{ web_path: ['global', '/post'], is_cache: 1 }])
  })

  it('keeps only switched-on bottom-right text and picture promos that are still open', async () => {
    const response = await site.request('/articles', { host: 'res.localhost' })
    const main = hydrationOf(await response.text()).loaderData.main as MainData
    // /articles is the mapped /post. 101 ended yesterday, 102 is switched off, 105 is a banner.
    expect(main.promos.map((promo) => promo.title)).toEqual(['新上线：开放数据分类'])
    expect(main.promos[0]).toEqual(
      expect.objectContaining({ type: 2, position: 2, allowed_close: 1, url: '/res/new/dataset' }),
    )
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

describe('promos a page carries: only those it may show while it is served', () => {
  const HOUR_S = 3600
  const DAY_S = 24 * HOUR_S
  const TITLES = {
    live: 'Live offer',
    expired: 'Ended yesterday',
    off: 'Switched off',
    soon: 'Opens in half an hour',
    later: 'Opens tomorrow',
  }

  /** The upstream's promos for every section, around the time of the call. */
  function promoMap(): Record<string, unknown> {
    const now = Math.floor(Date.now() / 1000)
    const promo = (title: string, startS: number, endS: number, isShow = 1) => ({
      title,
      description: `${title} text`,
      url: '/links',
      img_url: '',
      type: 2,
      position: 2,
      allowed_close: 1,
      is_show: isShow,
      start_ts: startS,
      end_ts: endS,
      web_path: 'global',
    })
    return {
      '1': promo(TITLES.expired, now - 40 * DAY_S, now - DAY_S),
      '2': promo(TITLES.off, now - DAY_S, now + 30 * DAY_S, 0),
      '3': promo(TITLES.live, now - DAY_S, now + 30 * DAY_S),
      '4': promo(TITLES.soon, now + HOUR_S / 2, now + 30 * DAY_S),
      '5': promo(TITLES.later, now + DAY_S, now + 30 * DAY_S),
    }
  }

  const withPromos: TestSiteOptions['upstream'] = async (request, demo) => {
    const response = await demo(request)
    if (new URL(request.url).pathname !== '/v1/site_surprise/web_get') return response
    const body = (await response.json()) as { data: unknown }
    return Response.json({ ...body, data: promoMap() })
  }

  let site: TestSite | undefined
  afterEach(async () => {
    await site?.close()
    site = undefined
  })

  const titlesIn = (html: string) =>
    [...html.matchAll(/<section class="promo[^"]*" aria-label="([^"]*)"/g)].map((match) => match[1])

  it.each([
    // Kept an hour by the HTML cache: a promo opening in half an hour is a candidate.
    ['kept by the HTML cache for an hour', { htmlCache: { ttlMs: 3_600_000 } }, [TITLES.live, TITLES.soon]],
    // Kept only by shared caches for ten seconds: it is not.
    ['not kept by this server', {}, [TITLES.live]],
  ])(
    'a page %s carries the open ones in its markup, head script and hydration data',
    async (_name, options, expected) => {
      site = await startTestSite({ ...options, upstream: withPromos })
      const response = await site.request('/links', { host: 'res.localhost', headers: { cookie: 'lang=zh' } })
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(titlesIn(html)).toEqual(expected)
      expect((hydrationOf(html).loaderData.main as MainData).promos.map((promo) => promo.title)).toEqual(expected)
      const headScript = /<script[^>]*>(try\{var i=.*?)<\/script>/s.exec(html)?.[1] ?? ''
      for (const title of expected) expect(headScript).toContain(JSON.stringify(title))
      const left = Object.values(TITLES).filter((title) => !expected.includes(title))
      expect(left.filter((title) => html.includes(title))).toEqual([])
    },
  )

  it('the navigation payload carries the open ones only', async () => {
    site = await startTestSite({ htmlCache: { ttlMs: 3_600_000 }, upstream: withPromos })
    const response = await site.request('/links/_payload.json', {
      host: 'res.localhost',
      headers: { cookie: 'lang=zh' },
    })
    expect(response.status).toBe(200)
    const text = await response.text()
    const main = (JSON.parse(text) as { loaderData: { main: MainData } }).loaderData.main
    // A payload is kept by shared caches only (s-maxage), not by the HTML cache.
    expect(main.promos.map((promo) => promo.title)).toEqual([TITLES.live])
    expect([TITLES.expired, TITLES.off, TITLES.soon, TITLES.later].filter((title) => text.includes(title))).toEqual([])
  })
})
