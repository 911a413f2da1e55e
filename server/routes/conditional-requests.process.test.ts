import { gunzipSync } from 'node:zlib'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startTestSite, type TestSite, type Via } from '../../test/harness.ts'
import { startRedis } from '../../test/redis-server.ts'
import { etagOf } from '../http/conditional-request.ts'

// The pages of res.localhost are asked for with its default language's cookie, so no answer sets one.
const ZH = { cookie: 'lang=zh' }

/** When on, the upstream's answers carry an edit: another site name and search route, posts a day newer. */
let edited = false
const applyEdit = (text: string) =>
  text
    .replaceAll('"app_name":"拾源搜索"', '"app_name":"拾源搜索 2"')
    .replaceAll('"search_route":"s"', '"search_route":"find"')
    .replace(/"updated_at":(\d+)/g, (_, seconds: string) => `"updated_at":${Number(seconds) + 86_400}`)

let site: TestSite
beforeAll(async () => {
  site = await startTestSite({
    htmlCache: {},
    listen: true,
    // Small sitemap files: /sitemap.xml is an index and /sitemap-1.xml its first part.
    app: { sitemapLimits: { maxUrls: 25, maxBytes: 50 * 1024 * 1024 } },
    upstream: async (request, demo) => {
      const answer = await demo(request)
      if (!edited) return answer
      const headers = new Headers(answer.headers)
      headers.delete('content-length')
      return new Response(applyEdit(await answer.text()), { status: answer.status, headers })
    },
  })
})
afterAll(() => site.close())
beforeEach(async () => {
  edited = false
  await site.purger.purge({ host: 'res.localhost', mode: 'hard' })
})

interface Sent {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/**
 * Over the listening socket, where cache hits are answered before the app (`via: 'listener'`), or
 * through app.request (`'app'`): the same assertions hold on both paths.
 */
async function send(
  path: string,
  init: { method?: 'GET' | 'HEAD'; headers?: Record<string, string> } = {},
  to: TestSite = site,
  via: Via = 'listener',
): Promise<Sent> {
  const answer = await to.request(path, { method: init.method ?? 'GET', headers: init.headers ?? {}, via })
  return {
    status: answer.status,
    headers: Object.fromEntries(answer.headers),
    body: Buffer.from(await answer.arrayBuffer()),
  }
}

/** Through app.request (the app path). */
const viaApp = (
  path: string,
  init: { method?: 'GET' | 'HEAD'; headers?: Record<string, string> } = {},
  to: TestSite = site,
) => send(path, init, to, 'app')

/** What a 304 must look like: no body or body fields, no nonce policy, the 200's validators and cache fields. */
function expectNotModified(answer: Sent, full: Sent) {
  expect(answer.status).toBe(304)
  expect(answer.body.length).toBe(0)
  for (const name of [
    'content-length',
    'content-encoding',
    'content-type',
    'content-security-policy',
    'transfer-encoding',
    'set-cookie',
  ])
    expect(answer.headers[name]).toBeUndefined()
  expect(answer.headers.etag).toBe(full.headers.etag)
  expect(answer.headers['cache-control']).toBe(full.headers['cache-control'])
  expect(answer.headers.vary).toBe(full.headers.vary)
  expect(answer.headers['x-request-id']).toMatch(/^[\w-]+$/)
}

const TAG = /^W\/"[\w-]{27}"$/

describe('files and payloads answer If-None-Match', () => {
  it.each([
    ['robots.txt', '/robots.txt', true],
    ['the sitemap index', '/sitemap.xml', false],
    ['a sitemap part', '/sitemap-1.xml', true],
    ['the feed', '/articles/feed.xml', true],
    ['a payload', '/res/hot/_payload.json', true],
  ])('%s: a tag of its body, 304 for it, HEAD alike, a new tag once it changes', async (_name, path, editChangesIt) => {
    const first = await viaApp(path)
    expect(first.status).toBe(200)
    const etag = first.headers.etag!
    expect(etag).toMatch(TAG)
    expect(etag).toBe(etagOf([first.body.toString('utf8')]))
    expect((await viaApp(path)).headers.etag).toBe(etag)
    // Another encoding of the same content keeps the (weak) tag.
    const gzipped = await viaApp(path, { headers: { 'accept-encoding': 'gzip' } })
    expect(gzipped.headers.etag).toBe(etag)

    expectNotModified(await viaApp(path, { headers: { 'if-none-match': `"other", ${etag}` } }), first)
    expectNotModified(await viaApp(path, { headers: { 'if-none-match': etag, 'accept-encoding': 'gzip' } }), gzipped)
    expectNotModified(await viaApp(path, { headers: { 'if-none-match': '*' } }), first)
    const head = await viaApp(path, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.etag).toBe(etag)
    expectNotModified(await viaApp(path, { method: 'HEAD', headers: { 'if-none-match': etag } }), first)
    // Over a socket too (these never are cache hits).
    expectNotModified(await send(path, { headers: { 'if-none-match': etag } }), first)

    const stale = await viaApp(path, { headers: { 'if-none-match': 'W/"an-older-version"' } })
    expect(stale.status).toBe(200)
    expect(stale.body.equals(first.body)).toBe(true)

    if (!editChangesIt) return
    edited = true
    await site.purger.purge({ host: 'res.localhost', mode: 'hard' })
    const changed = await viaApp(path, { headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.body.equals(first.body)).toBe(false)
    expect(changed.headers.etag).toMatch(TAG)
    expect(changed.headers.etag).not.toBe(etag)
  })
})

it('a payload of a missing page (404) carries no tag and is never a 304', async () => {
  for (const answer of [
    await viaApp('/no/such/page/_payload.json'),
    await viaApp('/no/such/page/_payload.json', { headers: { 'if-none-match': '*' } }),
  ]) {
    expect(answer.status).toBe(404)
    expect(answer.headers.etag).toBeUndefined()
  }
})

describe.each(['listener', 'app'] as const)(
  'pages answer If-None-Match, on cache hits and in the app (asked via %s)',
  (via) => {
    const ask = (path: string, init: { method?: 'GET' | 'HEAD'; headers?: Record<string, string> } = {}) =>
      send(path, init, site, via)

    /** Renders /res/hot once and waits until the HTML cache holds it. */
    async function cached(): Promise<Sent> {
      const miss = await ask('/res/hot', { headers: ZH })
      expect(miss.status).toBe(200)
      await vi.waitFor(() => expect(site.htmlCache?.size).toBe(1))
      return miss
    }

    it('a miss rendered whole and every hit have the same tag, whatever their encoding, taken from the body', async () => {
      const miss = await cached()
      expect(miss.headers.etag).toMatch(TAG)
      expect(miss.headers.age).toBeUndefined()
      const one = await ask('/res/hot', { headers: ZH })
      const two = await ask('/res/hot', { headers: ZH })
      expect(one.headers.etag).toMatch(TAG)
      expect(two.headers.etag).toBe(one.headers.etag)
      // A page a shared cache may keep carries no nonce (render/document-scripts.ts): one body for all.
      const html = one.body.toString('utf8')
      expect(html).not.toContain(' nonce=')
      expect(two.body.toString('utf8')).toBe(html)
      expect(one.headers.etag).toBe(etagOf([html]))
      const gzipped = await ask('/res/hot', { headers: { ...ZH, 'accept-encoding': 'gzip' } })
      expect(gzipped.headers['content-encoding']).toBe('gzip')
      expect(gunzipSync(gzipped.body).toString('utf8')).toBe(html)
      expect(gzipped.headers.etag).toBe(one.headers.etag)
      expect(miss.headers.etag).toBe(one.headers.etag)
      // The app answers a hit with the same tag.
      expect((await viaApp('/res/hot', { headers: ZH })).headers.etag).toBe(one.headers.etag)
    })

    it('a HEAD that misses is answered as a GET that misses, without its body: the same tag, and the page is kept', async () => {
      const head = await ask('/res/hot', { method: 'HEAD', headers: ZH })
      expect(head.status).toBe(200)
      expect(head.body.length).toBe(0)
      expect(head.headers.etag).toMatch(TAG)
      await vi.waitFor(() => expect(site.htmlCache?.size).toBe(1))
      const get = await ask('/res/hot', { headers: ZH })
      expect(get.body.length).toBeGreaterThan(0)
      expect(get.headers.etag).toBe(head.headers.etag)
    })

    it('a hit answered before the app and one answered by the app give the same 304; HEAD agrees with GET', async () => {
      await cached()
      const full = await ask('/res/hot', { headers: { ...ZH, 'accept-encoding': 'br, gzip' } })
      const etag = full.headers.etag!
      const hit = await send('/res/hot', { headers: { ...ZH, 'accept-encoding': 'br, gzip', 'if-none-match': etag } })
      expectNotModified(hit, full)
      const app = await viaApp('/res/hot', { headers: { ...ZH, 'accept-encoding': 'br, gzip', 'if-none-match': etag } })
      expectNotModified(app, full)
      const names = (answer: Sent) =>
        Object.keys(answer.headers)
          .filter((name) => !['date', 'connection', 'keep-alive'].includes(name))
          .sort()
      expect(names(hit)).toEqual(names(app))

      // HEAD is the app's (hits take GET only): the same headers, the same 304.
      const head = await ask('/res/hot', { method: 'HEAD', headers: { ...ZH, 'accept-encoding': 'br, gzip' } })
      expect(head.status).toBe(200)
      expect(head.body.length).toBe(0)
      expect(head.headers.etag).toBe(etag)
      expect(head.headers['cache-control']).toBe(full.headers['cache-control'])
      expect(head.headers.vary).toBe(full.headers.vary)
      expectNotModified(await ask('/res/hot', { method: 'HEAD', headers: { ...ZH, 'if-none-match': etag } }), full)
    })

    it('a changed page gets a new tag, and the old one no longer matches', async () => {
      await cached()
      const before = await ask('/res/hot', { headers: ZH })
      edited = true
      await site.purger.purge({ host: 'res.localhost', mode: 'hard' })
      await cached()
      const after = await ask('/res/hot', { headers: { ...ZH, 'if-none-match': before.headers.etag! } })
      expect(after.status).toBe(200)
      expect(after.body.toString('utf8')).toContain('拾源搜索 2')
      expect(after.headers.etag).toMatch(TAG)
      expect(after.headers.etag).not.toBe(before.headers.etag)
    })

    it('a private answer (it sets the language cookie) carries no tag and is never a 304', async () => {
      await cached()
      const etag = (await ask('/res/hot', { headers: ZH })).headers.etag!
      for (const answer of [
        await send('/res/hot', { headers: { 'if-none-match': etag } }),
        await viaApp('/res/hot', { headers: { 'if-none-match': etag } }),
      ]) {
        expect(answer.status).toBe(200)
        expect(answer.headers['set-cookie']).toMatch(/^lang=zh;/)
        expect(answer.headers['cache-control']).toBe('private, no-store')
        expect(answer.headers.etag).toBeUndefined()
        expect(answer.body.length).toBeGreaterThan(0)
      }
    })
  },
)

describe('instances sharing Redis', () => {
  it('tag a page the same on every instance: one renders it, another reads it from Redis and answers 304 for its tag', async () => {
    const redis = await startRedis()
    const admin = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 })
    const [a, b] = [
      await startTestSite({ htmlCache: {}, redisUrl: redis.url, listen: true }),
      await startTestSite({ htmlCache: {}, redisUrl: redis.url, listen: true }),
    ]
    try {
      await admin.connect()
      expect((await viaApp('/res/hot', { headers: ZH }, a)).status).toBe(200)
      await vi.waitFor(async () => expect(await admin.keys('*:html:*/res/hot')).toHaveLength(1))
      const onA = await send('/res/hot', { headers: ZH }, a)
      expect(onA.headers.etag).toMatch(TAG)
      // B has not rendered the page: its first answer comes from Redis, with A's tag.
      expect(b.htmlCache?.size).toBe(0)
      const onB = await viaApp('/res/hot', { headers: ZH }, b)
      expect(onB.headers.etag).toBe(onA.headers.etag)
      expectNotModified(await send('/res/hot', { headers: { ...ZH, 'if-none-match': onA.headers.etag! } }, b), onA)
    } finally {
      admin.disconnect()
      await Promise.all([a.close(), b.close()])
      await redis.stop()
    }
  })
})
