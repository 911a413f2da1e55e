import { afterEach, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { expectHeaderSafe, getKept, hostileUpstream } from '../../test/hostile-upstream.ts'

/** The demo API behind test/hostile-upstream.ts's stub, which hands out hostile ids. */
async function hostileSite(): Promise<TestSite> {
  return startTestSite({
    listen: true,
    purgeToken: 'purge-token-for-tests-0123',
    htmlCache: { ttlMs: 60_000 },
    upstream: hostileUpstream,
  })
}

let site: TestSite | undefined
afterEach(async () => {
  await site?.close()
  site = undefined
})

describe('hostile upstream ids', () => {
  it('the lists, the detail page and the custom pages answer 200 twice (the second from the HTML cache), tags encoded', async () => {
    const hostile = await hostileSite()
    site = hostile
    const list = await getKept(hostile, '/res/hot', 'res.localhost')
    expect(list.response.status).toBe(200)
    // The stub did hand out hostile ids: the page shows one in its payload.
    expect(list.text).toContain('X-Injected: yes')
    const detailPath = /href="(\/d\/[^"?#]+)"/.exec(list.text)?.[1]
    if (detailPath === undefined) throw new Error('the list links to no detail page')

    const pages: [path: string, host: string, tag: RegExp][] = [
      ['/res/hot', 'res.localhost', /res\.localhost:resource:r\d+%0D%0AX-Injected%3A%20yes%20%E5%9B%BE%E7%89%87/],
      ['/res/new', 'res.localhost', /res\.localhost:resource:r\d+%0D%0AX-Injected%3A%20yes%20%E5%9B%BE%E7%89%87/],
      [detailPath, 'res.localhost', /res\.localhost:resource:r\d+%0D%0AX-Injected%3A%20yes%20%E5%9B%BE%E7%89%87/],
      ['/c/legal/privacy', 'land.localhost', /land\.localhost:page:/],
      ['/c/legal/terms', 'land.localhost', /land\.localhost:page:/],
      // A list of the group's pages, found by the hostile group id its config names: the group's pages are its rows.
      ['/sp/library', 'land.localhost', /land\.localhost:page:pg-land-c1,land\.localhost:page:pg-land-c2,/],
    ]
    for (const [path, host, tag] of pages) {
      const first = await getKept(hostile, path, host)
      expect(`${path} ${first.response.status}`).toBe(`${path} 200`)
      expectHeaderSafe(first.response)
      expect(first.response.headers.get('cache-tag')).toMatch(tag)
      const calls = [...hostile.upstreamCalls.values()].reduce((sum, count) => sum + count, 0)
      const second = await getKept(hostile, path, host)
      expect(`${path} ${second.response.status}`).toBe(`${path} 200`)
      // From the HTML cache: no upstream call, an Age.
      expect(second.response.headers.get('age')).not.toBeNull()
      expect([...hostile.upstreamCalls.values()].reduce((sum, count) => sum + count, 0)).toBe(calls)
      expectHeaderSafe(second.response)
      expect(second.response.headers.get('cache-tag')).toBe(first.response.headers.get('cache-tag'))
    }
  })
  it('a page tagged with a hostile id is purged by its encoded tag; the raw id is refused', async () => {
    const hostile = await hostileSite()
    site = hostile
    const first = await getKept(hostile, '/res/hot', 'res.localhost')
    const tag = /res\.localhost:(resource:r\d+%0D%0A[^,]+)/.exec(first.response.headers.get('cache-tag') ?? '')?.[1]
    if (tag === undefined) throw new Error('the page carries no encoded resource tag')
    expect((await getKept(hostile, '/res/hot', 'res.localhost')).response.headers.get('age')).not.toBeNull()

    // An id as the upstream spells it would match no tag: refused, with what to send instead.
    for (const raw of [`resource:${decodeURIComponent(tag.slice(9))}`, 'resource:图片']) {
      const refused = await hostile.purge({ host: 'res.localhost', tags: [raw] })
      expect(refused.status).toBe(400)
      expect(await refused.text()).toContain('percent-encoded')
    }

    const purged = await hostile.purge({ host: 'res.localhost', tags: [tag], mode: 'hard' })
    expect(purged.status).toBe(200)
    expect(await purged.json()).toMatchObject({ purged: { pages: 1 } })
    // Rendered again: not from the cache.
    expect((await getKept(hostile, '/res/hot', 'res.localhost')).response.headers.get('age')).toBeNull()
  })
})
