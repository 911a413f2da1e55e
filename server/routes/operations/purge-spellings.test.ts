import { afterEach, describe, expect, it, vi } from 'vitest'
import { startTestSite, type TestSite } from '../../../test/harness.ts'

const TOKEN = 'purge-token-for-tests-0123'
const HOST = 'res.localhost'
/** The demo's post p1001 as published on res.localhost (its path mapping shows /post as /articles). */
const PAGE = '/articles/p1001'
/** Other spellings of that same page a visitor, a crawler or a bad link may send. */
const SPELLINGS = [
  '/articles/p1001/',
  '/articles/p1001//',
  '//articles//p1001',
  '/articles/./p1001/',
  '/articles/p100%31/',
  '/post/p1001/',
  '/zh/articles/p1001/',
]

let site: TestSite | undefined
afterEach(async () => {
  await site?.close()
  site = undefined
})

/** GET over the socket, where the HTML cache's hit writer answers before the app; waits until the page is kept. */
async function visit(path: string) {
  const response = await site!.request(path, { via: 'listener', headers: { cookie: 'lang=zh' } })
  await response.arrayBuffer()
  await vi.waitFor(() => expect(site!.htmlCache?.inFlight).toBe(0))
  return { status: response.status, location: response.headers.get('location') }
}

describe('one page, one address to cache and purge', () => {
  it('every spelling of a page redirects once to its one address, so a purge of that address takes it down under all of them', async () => {
    const upstream = { gone: false }
    site = await startTestSite({
      listen: true,
      purgeToken: TOKEN,
      htmlCache: { ttlMs: 600_000, staleMs: 3_600_000 },
      upstream: (request, demo) =>
        upstream.gone && new URL(request.url).pathname === '/v1/post/get'
          ? Response.json({ status: 404, info: 'post not found', data: null })
          : demo(request),
    })
    // Every spelling is visited first, as links and crawlers would: none of them is kept under its own address.
    expect(await visit(PAGE)).toEqual({ status: 200, location: null })
    for (const spelling of SPELLINGS)
      expect([spelling, await visit(spelling)]).toEqual([spelling, { status: 301, location: PAGE }])
    expect(site.htmlCache?.size).toBe(1)

    upstream.gone = true
    const purged = await site.purge({ host: HOST, paths: ['/articles/p1001'], mode: 'hard' })
    expect(await purged.json()).toMatchObject({ purged: { pages: 1 } })

    expect(await visit(PAGE)).toEqual({ status: 404, location: null })
    for (const spelling of SPELLINGS)
      expect([spelling, await visit(spelling)]).toEqual([spelling, { status: 301, location: PAGE }])
    // A payload under another spelling carries the redirect, never the page's data.
    for (const spelling of ['/articles/p1001//_payload.json', '/articles/p100%31/_payload.json']) {
      const payload = await site.request(spelling, { via: 'listener', headers: { cookie: 'lang=zh' } })
      expect([spelling, await payload.json()]).toEqual([spelling, { status: 301, redirect: PAGE }])
    }
  })

  it('a purge names the page in any of its spellings', async () => {
    site = await startTestSite({ listen: true, purgeToken: TOKEN, htmlCache: { ttlMs: 600_000 } })
    expect((await visit(PAGE)).status).toBe(200)
    const purged = await site.purge({ host: HOST, paths: ['/articles/p1001/'], mode: 'hard' })
    expect(await purged.json()).toMatchObject({ purged: { pages: 1 } })
    expect(site.htmlCache?.size).toBe(0)
  })
})
