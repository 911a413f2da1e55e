import { afterEach, describe, expect, it, vi } from 'vitest'
import { createGate, holdingPath } from '../../../test/gate.ts'
import { startTestSite, type TestSite } from '../../../test/harness.ts'
import { toPageTargets } from './purge-targets.ts'
import { createCachePolicyLookup } from '../page-decision.ts'
import { routes } from '../../../shared/routes.tsx'

const TOKEN = 'purge-token-for-tests-0123'
const ZH = { cookie: 'lang=zh' }
const EN = { cookie: 'lang=en' }

let site: TestSite | undefined
afterEach(async () => {
  await site?.close()
  site = undefined
})

/** GET that waits until the page is kept (or known not to be). */
async function get(path: string, headers: Record<string, string>) {
  const response = await site!.request(path, { headers })
  const text = (await response.text()).replace(/ nonce="[^"]*"/g, ' nonce=""')
  await vi.waitFor(() => expect(site!.htmlCache?.inFlight).toBe(0))
  return { status: response.status, age: response.headers.get('age'), text }
}

/** A site whose clock the HTML cache reads, counting the upstream's answers to the list `/res/hot` reads. */
async function siteWithPages() {
  const clock = { time: Date.now() }
  let listCalls = 0
  site = await startTestSite({
    purgeToken: TOKEN,
    htmlCache: { ttlMs: 60_000, staleMs: 3_600_000, now: () => clock.time },
    upstream: (request, demo) => {
      if (new URL(request.url).pathname === '/v1/resource/list') listCalls += 1
      return demo(request)
    },
  })
  for (const [prefix, headers] of [
    ['', ZH],
    ['/en', EN],
  ] as const) {
    await get(`${prefix}/res/hot`, headers)
    await get(`${prefix}/res/new`, headers)
  }
  expect(site.htmlCache?.size).toBe(4)
  return { clock, listCalls: () => listCalls }
}

describe('purges that name pages', () => {
  it('soft by default: the next visitor gets the old page at once while one re-render runs, which reads the page data afresh', async () => {
    const { clock, listCalls } = await siteWithPages()
    clock.time += 5_000
    const before = listCalls()
    const answer = await site!.purge({ host: 'res.localhost', paths: ['/res/hot'] })
    expect(answer.status).toBe(200)
    // Both languages of the page, and the upstream answers they were built from.
    const json = (await answer.json()) as { purged: { data: number } }
    expect(json).toEqual({
      purged: { pages: 2, data: expect.any(Number) },
      hosts: ['res.localhost', 'localhost', '127.0.0.1', 'www.res.localhost'],
      shared: 'none',
    })
    expect(json.purged.data).toBeGreaterThanOrEqual(2)
    const stale = await get('/res/hot', ZH)
    expect(stale.age).toBe('5')
    // The re-render ran in the background and reloaded the data the purge dropped.
    expect(listCalls()).toBe(before + 1)
    const renewed = await get('/res/hot', ZH)
    expect(renewed.age).toBe('0')
    // The other page was not touched.
    expect((await get('/res/new', ZH)).age).toBe('5')
    expect(listCalls()).toBe(before + 1)
  })

  it('a soft purge of the host keeps every page answerable and reloads the site config for the re-renders', async () => {
    const { clock } = await siteWithPages()
    clock.time += 5_000
    const siteLoads = () => site!.upstreamCalls.get('/v1/site_page/web_get') ?? 0
    const answer = await site!.purge({ host: 'res.localhost' })
    expect(await answer.json()).toMatchObject({ purged: { pages: 4, data: expect.any(Number) }, shared: 'none' })
    expect(site!.htmlCache?.size).toBe(4)
    const before = siteLoads()
    for (const [path, headers] of [
      ['/res/hot', ZH],
      ['/res/new', ZH],
      ['/en/res/hot', EN],
    ] as const)
      expect((await get(path, headers)).age).toBe('5')
    // The tenant's site config was loaded again for them.
    expect(siteLoads()).toBeGreaterThan(before)
    for (const [path, headers] of [
      ['/res/hot', ZH],
      ['/res/new', ZH],
      ['/en/res/hot', EN],
    ] as const)
      expect((await get(path, headers)).age).toBe('0')
    expect((await get('/en/res/new', EN)).age).toBe('5')
  })

  it('a path with a language prefix names that language only; "mode": "hard" drops the copy', async () => {
    const { clock } = await siteWithPages()
    clock.time += 5_000
    const answer = await site!.purge({ host: 'res.localhost', paths: ['/en/res/hot'], mode: 'hard' })
    expect(await answer.json()).toMatchObject({ purged: { pages: 1, data: expect.any(Number) } })
    expect(site!.htmlCache?.size).toBe(3)
    expect((await get('/en/res/hot', EN)).age).toBeNull()
    expect((await get('/res/hot', ZH)).age).toBe('5')
  })

  it('refuses an address that names no page, and a body with keys it does not know', async () => {
    await siteWithPages()
    const bad = await site!.purge({ host: 'res.localhost', paths: ['/res/%E0%A4%A'] })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: expect.stringContaining('does not name a page of res.localhost') })
    const unknown = await site!.purge({ host: 'res.localhost', paths: ['/res/hot'], extra: 1 })
    expect(unknown.status).toBe(400)
    expect(((await unknown.json()) as { error: string }).error).toMatch(/Unrecognized key: "extra"/)
    expect(site!.htmlCache?.size).toBe(4)
  })
})

describe('a purge of everything', () => {
  it('leaves the pages loading at that moment answered (their upstream answers not kept), on both purge modes', async () => {
    for (const mode of ['soft', 'hard'] as const) {
      const gate = createGate()
      let postCalls = 0
      const held = holdingPath('/v1/post/get', gate)
      site = await startTestSite({
        purgeToken: TOKEN,
        upstream: (request, demo, raw) => {
          if (new URL(request.url).pathname === '/v1/post/get') postCalls += 1
          return held(request, demo, raw)
        },
      })
      const loading = Promise.all(
        ['/articles/p1001', '/articles/p1001'].map((path) => site!.request(path, { headers: ZH })),
      )
      await vi.waitFor(() => expect(postCalls).toBe(1))
      const purged = await site.purge({ all: true, mode })
      expect(purged.status).toBe(200)
      gate.open()
      for (const answer of await loading) {
        expect(answer.status).toBe(200)
        expect(await answer.text()).toContain('</html>')
      }
      // The answer loaded before the purge was not kept: the next render asks again.
      expect((await site.request('/articles/p1001', { headers: ZH })).status).toBe(200)
      await site.close()
      site = undefined
      expect([mode, postCalls]).toEqual([mode, 2])
    }
  })
})

describe('toPageTargets', () => {
  it.each([
    ['/res/hot', [{ languages: ['zh', 'en'], routerPathname: '/res/hot' }]],
    ['/en/res/hot', [{ languages: ['en'], routerPathname: '/res/hot' }]],
  ])('resolves %s', async (path, expected) => {
    site = await startTestSite({})
    const found = await site.sites.getSite('res.localhost', { userAgent: '', referer: '', appDomain: 'res.localhost' })
    if (found.kind !== 'found') throw new Error('demo site missing')
    const { toTenant } = await import('../../tenant/tenant.ts')
    const targets = toPageTargets(toTenant('res.localhost', found.site), [path], createCachePolicyLookup(routes))
    expect(targets).toEqual({
      ok: true,
      pages: expected.map((page) => ({ ...page, languages: expect.arrayContaining(page.languages) })),
    })
  })
})
