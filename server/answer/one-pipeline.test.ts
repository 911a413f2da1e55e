import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createGate, type Gate } from '../../test/gate.ts'
import { startTestSite, type TestSite, type Via } from '../../test/harness.ts'
import { htmlKey } from '../cache/cache-keys.ts'

const DATA_PATH = '/v1/resource/list'
/** Headers of the connection or the moment, never of the answer. */
const WIRE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

interface Answer {
  status: number
  headers: Record<string, string>
  /** The decoded body with every nonce blanked. */
  text: string
}

/**
 * Status, headers and body of an answer, with what differs per response by design (date, nonce)
 * left out. A body without a length gets the one a socket frames it with (`app.request()` has none).
 */
async function comparable(response: Response, method: string): Promise<Answer> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (!WIRE.has(name)) headers[name] = value.replace(/'nonce-[^']+'/, "'nonce-N'")
  })
  const bytes = Buffer.from(await response.arrayBuffer())
  if (headers['content-length'] === undefined && method !== 'HEAD' && response.status !== 304)
    headers['content-length'] = String(bytes.length)
  const decoded = headers['content-encoding'] === 'gzip' && bytes.length > 0 ? gunzipSync(bytes) : bytes
  return { status: response.status, headers, text: decoded.toString('utf8').replace(/ nonce="[^"]*"/g, ' nonce=""') }
}

let site: TestSite
let clock = Date.now()
let gate: Gate | null = null
let etag = ''

beforeAll(async () => {
  site = await startTestSite({
    listen: true,
    purgeToken: 'purge-token-for-tests-0123',
    app: { htmlStaleSeconds: 3600 },
    repository: { now: () => clock },
    htmlCache: { ttlMs: 10_000, staleMs: 3_600_000, now: () => clock },
    // While a gate is set, the page's data waits for it: a stale page's background re-render stays pending.
    upstream: async (request, demo) => {
      if (new URL(request.url).pathname === DATA_PATH && gate !== null) await gate.passed()
      return demo(request)
    },
  })
  const first = await site.request('/res/hot', { headers: { cookie: 'lang=zh' } })
  expect(first.status).toBe(200)
  await vi.waitFor(() => expect(site.htmlCache?.size).toBe(1))
  etag = (await site.request('/res/hot', { headers: { cookie: 'lang=zh' } })).headers.get('etag') ?? ''
  expect(etag).not.toBe('')
  expect(site.htmlCache?.peek(PAGE_KEY)).toBeDefined()
})

const PAGE_KEY = htmlKey('res.localhost', 'zh', 'http://res.localhost', '/res/hot')

afterAll(async () => {
  gate?.open()
  await site.close()
})

interface Case {
  name: string
  path: string
  method?: 'GET' | 'HEAD'
  host?: string
  headers?: () => Record<string, string>
  status: number
  /** Whether the listener's answer comes from the hit writer, before the app (no tenant lookup). */
  beforeApp: boolean
  /** Make the cached page stale first (its re-render held back until the end). */
  stale?: boolean
}

const ZH = 'lang=zh'

// Last: the stale case leaves its re-render pending.
const CASES: Case[] = [
  {
    name: 'a hit, gzip',
    path: '/res/hot',
    headers: () => ({ cookie: ZH, 'accept-encoding': 'gzip' }),
    status: 200,
    beforeApp: true,
  },
  {
    name: 'a hit, identity, a given request id',
    path: '/res/hot',
    headers: () => ({ cookie: ZH, 'x-request-id': 'trace-7' }),
    status: 200,
    beforeApp: true,
  },
  {
    name: 'a 304 for the page’s tag',
    path: '/res/hot',
    headers: () => ({ cookie: ZH, 'if-none-match': etag }),
    status: 304,
    beforeApp: true,
  },
  {
    name: 'HEAD of a cached page',
    path: '/res/hot',
    method: 'HEAD',
    headers: () => ({ cookie: ZH, 'accept-encoding': 'gzip' }),
    status: 200,
    beforeApp: false,
  },
  {
    name: 'a visitor who gets the language cookie (never a 304)',
    path: '/res/hot',
    headers: () => ({ 'if-none-match': etag }),
    status: 200,
    beforeApp: false,
  },
  {
    name: 'a redirect to the visitor’s language',
    path: '/res/hot',
    headers: () => ({ 'accept-language': 'en' }),
    status: 302,
    beforeApp: false,
  },
  {
    name: 'a refused host',
    path: '/res/hot',
    host: 'res_site.localhost',
    headers: () => ({ cookie: ZH }),
    status: 400,
    beforeApp: false,
  },
  {
    name: 'an unknown tenant',
    path: '/res/hot',
    host: 'nobody.localhost',
    headers: () => ({ cookie: ZH }),
    status: 404,
    beforeApp: false,
  },
  {
    name: 'a stale hit',
    path: '/res/hot',
    headers: () => ({ cookie: ZH, 'accept-encoding': 'gzip' }),
    status: 200,
    beforeApp: true,
    stale: true,
  },
]

describe('one pipeline: app.request() and the real Node listener answer alike', () => {
  it.each(CASES)('$name', async ({ path, method = 'GET', host, headers, status, beforeApp, stale }) => {
    // The page is compressed again after its fourth gzip body, in the background: the bodies of
    // one case must not straddle that.
    await site.htmlCache?.peek(PAGE_KEY)?.body.gzip?.improved
    if (stale) {
      gate = createGate()
      clock += 15_000
      // A soft purge of the page also drops the data it was built from (still fresh in its cache),
      // so the re-render the stale hit starts asks the upstream and waits at the gate.
      const purged = await site.purge({ host: 'res.localhost', paths: ['/res/hot'] })
      expect(purged.status).toBe(200)
    }
    const answers = {} as Record<Via, Answer>
    for (const via of ['app', 'listener'] as const) {
      const getSite = vi.spyOn(site.sites, 'getSite')
      const response = await site.request(path, {
        method,
        headers: { 'x-request-id': 'same-id', ...headers?.() },
        via,
        ...(host ? { host } : {}),
      })
      answers[via] = await comparable(response, method)
      // app.request() always runs the app; the listener leaves the app out exactly for hits.
      const tenantLookups = getSite.mock.calls.length
      getSite.mockRestore()
      if (via === 'listener' && beforeApp) expect(tenantLookups).toBe(0)
      else if (status !== 400) expect(tenantLookups).toBeGreaterThan(0)
    }
    expect(answers.app.status).toBe(status)
    expect(answers.listener).toEqual(answers.app)
    if (beforeApp) {
      // What a hit adds to the stored page, compared above: its CDN tags, Age, the page's tag, the request id.
      expect(answers.app.headers['cache-tag']).toMatch(/^res\.localhost(,|$)/)
      expect(answers.app.headers.age).toBe(stale ? '15' : '0')
      expect(answers.app.headers.etag).toBe(etag)
      expect(answers.app.headers['x-request-id']).toBe(headers?.()['x-request-id'] ?? 'same-id')
      // One list member of this server's cache (RFC 9211), whichever path answered.
      expect(answers.app.headers['cache-status']).toBe(
        stale ? 'tenant-sites; hit; detail=stale' : 'tenant-sites; hit; ttl=10',
      )
    }
  })
})
