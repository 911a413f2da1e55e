import http from 'node:http'
import { request } from 'undici'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from './harness.ts'
import { startVarnish, type TestVarnish } from './varnish-server.ts'

// The shipped docs/deploy/varnish.vcl in Debian's varnishd, in front of an app instance on
// 127.0.0.1 serving the demo sites.

const HOST = 'res.localhost'
const TOKEN = 'purge-token-for-varnish-tests'
/** A returning visitor of the res site (its default language is zh): their pages set no cookie. */
const ZH = { cookie: 'lang=zh' }
/** The upstream answer the res site's /res/hot lists its resources from. */
const EDITED_PATH = '/v1/resource/list'
/** How slow a single answer through the CDN may be while a purge is under way. */
const MAX_ANSWER_MS = 500
/** How soon after a purge the new page must be served through the CDN. */
const NEW_PAGE_WITHIN_MS = 3000

interface Answer {
  status: number
  headers: Record<string, string>
  body: string
  ms: number
}

/** One request through Varnish (or any loopback base URL) as a visitor of `host` would send it. */
async function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const started = performance.now()
  const answer = await request(`${base}${path}`, {
    method: method as 'GET',
    headers: { host: HOST, ...headers },
  })
  const body = await answer.body.text()
  const flat: Record<string, string> = {}
  for (const [name, value] of Object.entries(answer.headers))
    flat[name] = Array.isArray(value) ? value.join(', ') : (value ?? '')
  return { status: answer.statusCode, headers: flat, body, ms: performance.now() - started }
}

/** Varnish names the request and, on a cache hit, the one that stored the object (two numbers). */
const fromCache = (answer: Answer) => (answer.headers['x-varnish'] ?? '').split(' ').length === 2

let varnish: TestVarnish
let site: TestSite
/** The text put in front of every resource title the upstream sends from now on; '' for none. */
let edit = ''

beforeAll(async () => {
  site = await startTestSite({
    listen: true,
    purgeToken: TOKEN,
    // Fresh for the whole file unless purged, then served stale for an hour while rendered again.
    htmlCache: { ttlMs: 600_000, staleMs: 3_600_000 },
    upstream: async (upstreamRequest, demo) => {
      const answer = await demo(upstreamRequest)
      if (edit === '' || new URL(upstreamRequest.url).pathname !== EDITED_PATH) return answer
      const text = (await answer.text()).replaceAll('"title":"', `"title":"${edit} `)
      return new Response(text, { status: answer.status, headers: { 'content-type': 'application/json' } })
    },
  })
  const { port } = new URL(site.url ?? 'http://127.0.0.1:0')
  varnish = await startVarnish({ host: '127.0.0.1', port: Number(port) })
})

afterAll(async () => {
  await varnish?.stop()
  await site?.close()
})

beforeEach(async () => {
  edit = ''
  // Each test starts from an empty CDN and instance.
  expect((await get(varnish.url, '/', { 'xkey-purge': HOST }, 'PURGE')).status).toBe(200)
  await (await site.purge({ host: HOST, mode: 'hard' })).text()
})

describe('the shipped Varnish config in front of an instance', () => {
  it('keeps an anonymous page: its second request is a cache hit, whatever other cookies or languages the visitor sends', async () => {
    const first = await get(varnish.url, '/res/hot', ZH)
    expect(first.status).toBe(200)
    expect(fromCache(first)).toBe(false)
    expect(first.headers['x-cache']).toBe('miss')
    const second = await get(varnish.url, '/res/hot', { ...ZH, 'accept-language': 'en' })
    expect(fromCache(second)).toBe(true)
    expect(second.headers['x-cache']).toBe('hit')
    expect(second.headers.age).toMatch(/^\d+$/)
    expect(second.body).toBe(first.body)
    // Cookies other than the language one neither reach the instance nor split the cache.
    const withAnalytics = await get(varnish.url, '/res/hot', { cookie: '_ga=GA1.1.42; lang=zh; theme=dark' })
    expect(fromCache(withAnalytics)).toBe(true)
    // The tags are Varnish's own business: xkey's header never reaches a visitor.
    expect(second.headers.xkey).toBeUndefined()
    expect(second.headers['surrogate-key']).toBeUndefined()
  })

  it('keeps one copy per language cookie value', async () => {
    const zh = await get(varnish.url, '/res/hot', ZH)
    const en = await get(varnish.url, '/en/res/hot', { cookie: 'lang=en' })
    expect(en.body).not.toBe(zh.body)
    expect(fromCache(await get(varnish.url, '/en/res/hot', { cookie: 'lang=en', 'accept-language': 'zh' }))).toBe(true)
    expect(fromCache(await get(varnish.url, '/res/hot', { cookie: 'lang=zh' }))).toBe(true)
  })

  it('never keeps a first visit, which sets the language cookie and depends on the browser languages', async () => {
    for (const acceptLanguage of ['zh-CN', 'zh-CN', 'en-US', 'en-US']) {
      const answer = await get(varnish.url, '/res/hot', { 'accept-language': acceptLanguage })
      expect(fromCache(answer)).toBe(false)
      expect(answer.headers['set-cookie']).toMatch(/^lang=/)
    }
    // …and the returning visitor's copy is not taken for one either.
    await get(varnish.url, '/res/hot', ZH)
    const firstVisit = await get(varnish.url, '/res/hot', { 'accept-language': 'zh-CN' })
    expect(fromCache(firstVisit)).toBe(false)
    expect(firstVisit.headers['set-cookie']).toMatch(/^lang=zh/)
  })

  it('never serves a signed-in visitor’s answers from the cache, nor theirs to another visitor', async () => {
    const login = await request(`${varnish.url}/api/v1/user/login`, {
      method: 'POST',
      headers: { host: HOST, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'demo2025' }),
    })
    await login.body.text()
    expect(login.statusCode).toBe(200)
    const session = [login.headers['set-cookie'] ?? []]
      .flat()
      .map((line) => line.split(';')[0] ?? '')
      .find((pair) => pair.startsWith('api_'))
    expect(session).toBeDefined()
    const signedIn = { cookie: `lang=zh; ${session}` }
    for (let visit = 0; visit < 2; visit++) {
      const page = await get(varnish.url, '/res/hot', signedIn)
      expect(page.status).toBe(200)
      expect(fromCache(page)).toBe(false)
      expect(page.headers['x-cache']).toBe('pass')
    }
    // The signed-in visits stored nothing: the next anonymous visitor is the first to fill the cache.
    expect(fromCache(await get(varnish.url, '/res/hot', ZH))).toBe(false)
    // And an anonymous copy in the cache is not what a signed-in visitor gets.
    expect(fromCache(await get(varnish.url, '/res/hot', signedIn))).toBe(false)
  })

  it('refuses a purge from outside the purgers ACL', async () => {
    await get(varnish.url, '/res/hot', ZH)
    // Loopback, but not the address the ACL names.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const purge = http.request(
        `${varnish.url}/`,
        { method: 'PURGE', headers: { host: HOST, 'xkey-purge': HOST }, localAddress: '127.0.0.2', agent: false },
        (answer) => answer.resume().once('end', () => resolve(answer.statusCode)),
      )
      purge.once('error', reject).end()
    })
    expect(status).toBe(403)
    expect(fromCache(await get(varnish.url, '/res/hot', ZH))).toBe(true)
  })
})

/** The first resource tag of a page as the instance names it to a CDN (`res.localhost:resource:<id>`). */
function resourceTag(answer: Answer): string {
  const tag = (answer.headers['cache-tag'] ?? '').split(',').find((name) => name.startsWith(`${HOST}:resource:`))
  if (tag === undefined) throw new Error(`no resource tag in ${answer.headers['cache-tag']}`)
  return tag
}

/**
 * Asks for `path` through Varnish until the edit shows, and answers every page seen on the way: each
 * must be a 200 within MAX_ANSWER_MS, and the edit must show within NEW_PAGE_WITHIN_MS.
 */
async function untilEdited(path: string): Promise<{ answers: Answer[]; ms: number }> {
  const started = performance.now()
  const answers: Answer[] = []
  for (;;) {
    const answer = await get(varnish.url, path, ZH)
    answers.push(answer)
    expect(answer.status).toBe(200)
    expect(answer.ms).toBeLessThan(MAX_ANSWER_MS)
    if (answer.body.includes(edit)) return { answers, ms: performance.now() - started }
    expect(performance.now() - started).toBeLessThan(NEW_PAGE_WITHIN_MS)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('a purge sent to the instance reaches the page through Varnish', () => {
  /** Warms both caches with /res/hot, then edits the upstream. */
  async function cachedThenEdited(): Promise<Answer> {
    await get(varnish.url, '/res/hot', ZH)
    const cached = await get(varnish.url, '/res/hot', ZH)
    expect(fromCache(cached)).toBe(true)
    edit = `edited-${Math.random().toString(36).slice(2)}`
    // Nothing shows the edit before the purge.
    expect((await get(varnish.url, '/res/hot', ZH)).body).not.toContain(edit)
    return cached
  }

  /** The purge as the instance gets it, then as the instance forwards it to each Varnish. */
  async function purge(body: Record<string, unknown>, toVarnish: { path: string; headers: Record<string, string> }) {
    const answer = await site.purge(body)
    expect(answer.status).toBe(200)
    await answer.text()
    const forwarded = await get(varnish.url, toVarnish.path, toVarnish.headers, 'PURGE')
    expect(forwarded.status).toBe(200)
  }

  it('soft, by tag: the stale copy at once, the new page within 3 s, never a slow answer', async () => {
    const cached = await cachedThenEdited()
    const tag = resourceTag(cached)
    await purge({ host: HOST, tags: [tag.slice(HOST.length + 1)] }, { path: '/', headers: { 'xkey-softpurge': tag } })
    const { answers } = await untilEdited('/res/hot')
    // The old page went on being served (from the cache) until the new one was there.
    if (answers.length > 1) expect(answers[0]?.body).toBe(cached.body)
    // And the new one is kept: asked again, it comes from the cache.
    const after = await get(varnish.url, '/res/hot', ZH)
    expect(after.body).toContain(edit)
    await expect.poll(async () => fromCache(await get(varnish.url, '/res/hot', ZH))).toBe(true)
  })

  it('soft, by host: the whole tenant, the new page within 3 s', async () => {
    await cachedThenEdited()
    await purge({ host: HOST }, { path: '/', headers: { 'xkey-softpurge': HOST } })
    await untilEdited('/res/hot')
  })

  it('hard, by tag: the old page is never served again', async () => {
    const cached = await cachedThenEdited()
    const tag = resourceTag(cached)
    await purge(
      { host: HOST, tags: [tag.slice(HOST.length + 1)], mode: 'hard' },
      { path: '/', headers: { 'xkey-purge': tag } },
    )
    const { answers } = await untilEdited('/res/hot')
    expect(answers).toHaveLength(1)
  })

  it('by path: that address, every query of it, on every variant, and nothing else', async () => {
    await cachedThenEdited()
    await get(varnish.url, '/res/hot?page=2', ZH)
    await get(varnish.url, '/res/new', ZH)
    await purge({ host: HOST, paths: ['/res/hot'], mode: 'hard' }, { path: '/res/hot', headers: {} })
    const { answers } = await untilEdited('/res/hot')
    expect(answers).toHaveLength(1)
    expect(fromCache(await get(varnish.url, '/res/hot?page=2', ZH))).toBe(false)
    expect(fromCache(await get(varnish.url, '/res/new', ZH))).toBe(true)
  })
})
