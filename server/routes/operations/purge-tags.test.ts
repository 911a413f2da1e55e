import { afterEach, describe, expect, it, vi } from 'vitest'
import { startTestSite, type TestSite } from '../../../test/harness.ts'

const TOKEN = 'purge-token-for-tests-0123'
const ZH = { cookie: 'lang=zh' }

let site: TestSite | undefined
afterEach(async () => {
  await site?.close()
  site = undefined
})

async function get(path: string, headers: Record<string, string> = ZH) {
  const response = await site!.request(path, { headers })
  await response.arrayBuffer()
  await vi.waitFor(() => expect(site!.htmlCache?.inFlight).toBe(0))
  return {
    status: response.status,
    age: response.headers.get('age'),
    cacheTag: response.headers.get('cache-tag'),
    surrogateKey: response.headers.get('surrogate-key'),
    cookie: response.headers.get('set-cookie'),
  }
}

/** The tags a Cache-Tag header names, without the host prefix (the host-level tag left out). */
const tagsOf = (header: string | null) =>
  (header ?? '')
    .split(',')
    .filter((tag) => tag.startsWith('res.localhost:'))
    .map((tag) => tag.slice('res.localhost:'.length))

async function siteWithPages() {
  const clock = { time: Date.now() }
  site = await startTestSite({
    purgeToken: TOKEN,
    htmlCache: { ttlMs: 60_000, staleMs: 3_600_000, now: () => clock.time },
  })
  const hot = await get('/res/hot')
  const newest = await get('/res/new')
  return { clock, hot, newest }
}

describe('tags recorded while pages render', () => {
  it('shareable answers carry them for CDNs, the same on a hit; private and error answers do not', async () => {
    const { hot } = await siteWithPages()
    expect(hot.cacheTag?.split(',')[0]).toBe('res.localhost')
    const tags = tagsOf(hot.cacheTag)
    expect(tags).toContain('site')
    expect(tags.some((tag) => tag.startsWith('resource:'))).toBe(true)
    expect(hot.surrogateKey).toBe(hot.cacheTag!.split(',').join(' '))
    const hit = await get('/res/hot')
    expect(hit.age).not.toBeNull()
    expect(hit.cacheTag).toBe(hot.cacheTag)
    // A first visit sets the language cookie: private, so no tags.
    const firstVisit = await get('/res/hot', {})
    expect(firstVisit.cookie).not.toBeNull()
    expect(firstVisit.cacheTag).toBeNull()
    const missing = await get('/d/no-such-resource')
    expect(missing.status).toBe(404)
    expect(missing.cacheTag).toBeNull()
    expect(missing.surrogateKey).toBeNull()
    const payload = await site!.request('/res/hot/_payload.json')
    expect(tagsOf(payload.headers.get('cache-tag'))).toContain('site')
  })

  it('a purge by tag reaches the pages carrying it and leaves the others', async () => {
    const { clock, hot, newest } = await siteWithPages()
    const only = tagsOf(hot.cacheTag).find(
      (tag) => tag.startsWith('resource:') && !tagsOf(newest.cacheTag).includes(tag),
    )
    expect(only).toBeDefined()
    clock.time += 5_000
    const answer = await site!.purge({ host: 'res.localhost', tags: [only] })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ purged: { pages: 1, data: expect.any(Number) }, shared: 'none' })
    const stale = await get('/res/hot')
    expect(stale.age).toBe('5')
    // The stale visitor started the re-render: the next one gets the new page.
    expect((await get('/res/hot')).age).toBe('0')
    expect((await get('/res/new')).age).toBe('5')
  })

  it('"site" reaches every page of the tenant and its site config', async () => {
    const { clock } = await siteWithPages()
    clock.time += 5_000
    const before = site!.upstreamCalls.get('/v1/site_page/web_get') ?? 0
    const answer = await site!.purge({ host: 'res.localhost', tags: ['site'], mode: 'hard' })
    expect(await answer.json()).toMatchObject({ purged: { pages: 2 } })
    expect(site!.htmlCache?.size).toBe(0)
    expect((await get('/res/new')).status).toBe(200)
    expect(site!.upstreamCalls.get('/v1/site_page/web_get')).toBeGreaterThan(before)
  })

  it.each([
    ['a tag with a space', { host: 'res.localhost', tags: ['resource: r3'] }],
    ['an untyped tag', { host: 'res.localhost', tags: ['r3'] }],
    ['paths and tags together', { host: 'res.localhost', tags: ['site'], paths: ['/res/hot'] }],
  ])('refuses %s', async (_label, body) => {
    await siteWithPages()
    const answer = await site!.purge(body)
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual({ error: expect.any(String) })
  })
})
