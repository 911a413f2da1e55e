import type { ServerResponse } from 'node:http'
import { Agent } from 'undici'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { UpstreamHttpError, UpstreamStatusError } from '../errors.ts'
import { createUpstreamClient, type UpstreamCallContext, type UpstreamClient } from '../upstream/client.ts'
import { webGetReplySchema } from '../upstream/page-schemas.ts'
import { createStubUpstream, sendEnvelope, sendJson, type RecordedRequest, type StubUpstream } from '../upstream/stub-upstream.test-helper.ts'
import { createMemorySharedStore } from '../cache/shared-store.ts'
import { createSiteRepository, type SiteRepositoryOptions } from './site-repository.ts'
import { stableStringify } from '../cache/stable-stringify.ts'
import { siteKey } from '../cache/cache-keys.ts'

const TTL = 60_000
const STALE = 300_000
const context: UpstreamCallContext = { userAgent: 'Visitor/1.0', referer: 'https://tenant.example/', appDomain: 'ignored.example' }

function siteConfig(domain: string, extra: Record<string, unknown> = {}) {
  return { site_id: `id-${domain}`, domain, alias_domain: ['alias.example'], ...extra }
}

let stub: StubUpstream
let agent: Agent
let clock: { time: number }

beforeAll(async () => {
  stub = await createStubUpstream()
})
afterAll(async () => {
  await stub.close()
})
beforeEach(() => {
  agent = new Agent({ connections: 4 })
  clock = { time: 1_000_000 }
  stub.requests.length = 0
})
afterEach(async () => {
  await agent.close()
})

function repository(overrides: Partial<SiteRepositoryOptions> = {}) {
  const onError = vi.fn()
  const repo = createSiteRepository({
    upstream: createUpstreamClient({ baseUrl: stub.url, dispatcher: agent, timeoutMs: 1000 }),
    ttlMs: TTL, staleMs: STALE, negativeTtlMs: 30_000, pageTtlMs: TTL, max: 100,
    retryDelayMs: 1, now: () => clock.time, onError, ...overrides,
  })
  return { repo, onError }
}

function siteCalls(): RecordedRequest[] {
  return stub.requests.filter((request) => request.url === '/v1/site_page/web_get')
}

describe('getSite', () => {
  it('loads web_get with empty page fields and the host as app-domain, then serves from cache', async () => {
    stub.handle((_request, res) => sendEnvelope(res, { site_config: siteConfig('tenant.example'), site_page_config: null }))
    const { repo } = repository()
    const first = await repo.getSite('tenant.example', context)
    expect(first).toMatchObject({ kind: 'found', site: { site_id: 'id-tenant.example', footer_config: { is_enable: 0 } } })
    await repo.getSite('tenant.example', context)
    expect(siteCalls()).toHaveLength(1)
    const [call] = siteCalls()
    expect(JSON.parse(call?.body ?? '')).toEqual({ page_path: '', page_language: '', group_path: '' })
    expect(call?.headers['app-domain']).toBe('tenant.example')
    expect(call?.headers['user-agent']).toBe('Visitor/1.0')
  })

  it('passes an alias domain through as app-domain and caches under it', async () => {
    stub.handle((_request, res) => sendEnvelope(res, { site_config: siteConfig('tenant.example'), site_page_config: null }))
    const { repo } = repository()
    const result = await repo.getSite('alias.example', context)
    expect(result).toMatchObject({ kind: 'found', site: { domain: 'tenant.example' } })
    expect(siteCalls()[0]?.headers['app-domain']).toBe('alias.example')
    await repo.getSite('alias.example', context)
    expect(siteCalls()).toHaveLength(1)
  })

  it('does not retry an unknown site and remembers it', async () => {
    stub.handle((_request, res) => sendEnvelope(res, null, 404, 'site not found'))
    const { repo } = repository()
    expect(await repo.getSite('nobody.example', context)).toEqual({ kind: 'not-found' })
    expect(await repo.getSite('nobody.example', context)).toEqual({ kind: 'not-found' })
    expect(siteCalls()).toHaveLength(1)
  })

  it.each([
    ['HTTP 500', (res: ServerResponse) => sendJson(res, { error: 'x' }, 500)],
    ['malformed JSON', (res: ServerResponse) => res.end('{not json')],
    ['a bad shape', (res: ServerResponse) => sendEnvelope(res, { site_config: { site_id: 7 } })],
    ['envelope status 500', (res: ServerResponse) => sendEnvelope(res, null, 500, 'db down')],
  ])('tries %s three times in total, then answers unavailable', async (_label, reply) => {
    stub.handle((_request, res) => reply(res))
    const { repo, onError } = repository()
    const result = await repo.getSite('tenant.example', context)
    expect(result.kind).toBe('unavailable')
    expect(siteCalls()).toHaveLength(3)
    expect(onError).toHaveBeenCalledTimes(2)
  })

  it('succeeds when a retry succeeds', async () => {
    let calls = 0
    stub.handle((_request, res) => {
      calls += 1
      if (calls < 3) return sendJson(res, {}, 503)
      sendEnvelope(res, { site_config: siteConfig('tenant.example') })
    })
    const { repo } = repository()
    expect(await repo.getSite('tenant.example', context)).toMatchObject({ kind: 'found' })
    expect(calls).toBe(3)
  })

  it('honours the attempts option', async () => {
    stub.handle((_request, res) => sendJson(res, {}, 502))
    const { repo } = repository({ attempts: 5 })
    const result = await repo.getSite('tenant.example', context)
    expect(result).toMatchObject({ kind: 'unavailable', error: expect.any(UpstreamHttpError) })
    expect(siteCalls()).toHaveLength(5)
  })

  it('serves the stale config when the upstream fails after the TTL (stale-if-error)', async () => {
    let healthy = true
    stub.handle((_request, res) => {
      if (healthy) return sendEnvelope(res, { site_config: siteConfig('tenant.example') })
      sendJson(res, {}, 500)
    })
    const { repo, onError } = repository()
    await repo.getSite('tenant.example', context)
    healthy = false
    clock.time += TTL + 1
    expect(await repo.getSite('tenant.example', context)).toMatchObject({ kind: 'found', site: { domain: 'tenant.example' } })
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(expect.any(UpstreamHttpError), 'site refresh for tenant.example'))
    // One load, then one refresh attempt: a background refresh does not retry (the back-off does).
    expect(siteCalls()).toHaveLength(2)
    clock.time += STALE
    expect((await repo.getSite('tenant.example', context)).kind).toBe('unavailable')
  })

  it('asks a failing upstream at most once per back-off window while 30 visitors get the stale config', async () => {
    let healthy = true
    stub.handle((_request, res) => {
      if (healthy) return sendEnvelope(res, { site_config: siteConfig('tenant.example') })
      sendJson(res, {}, 503)
    })
    const { repo, onError } = repository({ backoff: { baseMs: 1000, maxMs: 8000 }, random: () => 0.5 })
    await repo.getSite('tenant.example', context)
    healthy = false
    clock.time += TTL
    // 30 visitors over 3 s: windows of 1 s then 2 s (jitter at the middle: 0.75 s, then 1.5 s).
    for (let i = 0; i < 30; i++) {
      expect(await repo.getSite('tenant.example', context)).toMatchObject({ kind: 'found' })
      await new Promise((resolve) => setImmediate(resolve))
      await vi.waitFor(() => expect(onError.mock.calls.length).toBe(siteCalls().length - 1))
      clock.time += 100
    }
    // Refreshes at 0 s, 0.75 s and 2.25 s: three calls instead of thirty (or ninety with retries).
    expect(siteCalls()).toHaveLength(1 + 3)
    healthy = true
    clock.time += 8000
    await repo.getSite('tenant.example', context)
    await vi.waitFor(() => expect(siteCalls()).toHaveLength(5))
  })

  it('keeps tenants apart', async () => {
    stub.handle((request, res) => {
      const host = String(request.headers['app-domain'])
      sendEnvelope(res, { site_config: siteConfig(host) })
    })
    const { repo } = repository()
    const [a, b] = await Promise.all([repo.getSite('a.example', context), repo.getSite('b.example', context)])
    expect(a).toMatchObject({ site: { domain: 'a.example' } })
    expect(b).toMatchObject({ site: { domain: 'b.example' } })
  })
})

describe('parsing', () => {
  /** The upstream's answers, each counting how often its `site_config` is read (once per parse). */
  function countingUpstream() {
    const client = createUpstreamClient({ baseUrl: stub.url, dispatcher: agent, timeoutMs: 1000 })
    const reads = { count: 0 }
    const upstream: UpstreamClient = {
      ...client,
      rawData: async (path, body, callContext) => {
        const raw = await client.rawData(path, body, callContext)
        if (typeof raw.data !== 'object' || raw.data === null || !('site_config' in raw.data)) return raw
        const { site_config: site, ...rest } = raw.data
        return { ...raw, data: Object.defineProperty(rest, 'site_config', { enumerable: true, get: () => (reads.count += 1, site) }) }
      },
    }
    return { upstream, reads }
  }

  it('checks a loaded site config and stores it in one parse', async () => {
    stub.handle((_request, res) => sendEnvelope(res, { site_config: siteConfig('tenant.example'), site_page_config: null }))
    const { upstream, reads } = countingUpstream()
    const { repo } = repository({ upstream })
    expect(await repo.getSite('tenant.example', context)).toMatchObject({ kind: 'found', site: { domain: 'tenant.example' } })
    const onLoad = reads.count
    reads.count = 0
    webGetReplySchema.parse((await upstream.rawData('/v1/site_page/web_get', {}, context)).data)
    expect(onLoad).toBe(reads.count)
    expect(onLoad).toBeGreaterThan(0)
  })
})

describe('byte bound', () => {
  it('keeps each cache within maxBytes of upstream JSON: the most recent tenants stay, the oldest are loaded again', async () => {
    // Every answer is a little over 2 KB of JSON, so 20 KB holds fewer than ten of each kind.
    const filler = 'x'.repeat(2000)
    stub.handle((request, res) => {
      const domain = String(request.headers['app-domain'])
      if (request.url === '/v1/post/list') sendEnvelope(res, { rows: [{ filler }], total: 1 })
      else sendEnvelope(res, { site_config: siteConfig(domain, { description: filler }) })
    })
    const { repo } = repository({ maxBytes: 20_000 })
    const schema = z.object({ rows: z.array(z.object({ filler: z.string() })), total: z.number() })
    const hosts = Array.from({ length: 30 }, (_, i) => `t${i}.example`)
    for (const host of hosts) {
      expect(await repo.getSite(host, context)).toMatchObject({ kind: 'found' })
      await repo.getData(host, '/v1/post/list', { page: 1 }, schema, context, { cache: true })
    }
    expect(stub.requests).toHaveLength(60)
    for (const host of hosts.slice(-8)) {
      await repo.getSite(host, context)
      await repo.getData(host, '/v1/post/list', { page: 1 }, schema, context, { cache: true })
    }
    expect(stub.requests).toHaveLength(60)
    await repo.getSite(hosts[0]!, context)
    await repo.getData(hosts[0]!, '/v1/post/list', { page: 1 }, schema, context, { cache: true })
    expect(stub.requests).toHaveLength(62)
  })
})

describe('byte count', () => {
  it('counts an answer at the length of the text it came in, as the upstream sent it', async () => {
    // Indented JSON: its text is longer than the value serialised again would be.
    const text = JSON.stringify({ status: 0, info: 'ok', data: { site_config: siteConfig('tenant.example') } }, null, 4)
    stub.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
      res.end(text)
    })
    const readers = new Map<string, () => number>()
    const cacheMetrics = (name: string) => ({ lookup: () => {}, evicted: () => {}, size: () => {}, bytes: (read: () => number) => void readers.set(name, read) })
    const { repo } = repository({ maxBytes: 1_000_000, metrics: { cache: cacheMetrics } })
    await repo.getSite('tenant.example', context)
    expect(readers.get('site')?.()).toBe(siteKey('tenant.example', '').length + text.length)
  })
})

describe('getSite in a page language', () => {
  function answerInLanguage() {
    stub.handle((request, res) => {
      const { page_language } = JSON.parse(request.body) as { page_language: string }
      sendEnvelope(res, { site_config: siteConfig('tenant.example', { base_info: { app_name: `name:${page_language}`, logo: '' } }), site_page_config: null })
    })
  }
  const languageOf = (request: RecordedRequest) => (JSON.parse(request.body) as { page_language: string }).page_language

  it('sends page_language and caches per host and language', async () => {
    answerInLanguage()
    const { repo } = repository()
    expect(await repo.getSite('tenant.example', context, 'de')).toMatchObject({ site: { base_info: { app_name: 'name:de' } } })
    expect(await repo.getSite('tenant.example', context, 'de')).toMatchObject({ site: { base_info: { app_name: 'name:de' } } })
    expect(await repo.getSite('tenant.example', context, 'fr')).toMatchObject({ site: { base_info: { app_name: 'name:fr' } } })
    expect(await repo.getSite('tenant.example', context)).toMatchObject({ site: { base_info: { app_name: 'name:' } } })
    expect(await repo.getSite('other.example', context, 'de')).toMatchObject({ kind: 'found' })
    expect(siteCalls().map(languageOf)).toEqual(['de', 'fr', '', 'de'])
    expect(siteCalls().map((request) => request.headers['app-domain'])).toEqual(['tenant.example', 'tenant.example', 'tenant.example', 'other.example'])
  })

  it('makes one upstream call per host and language under concurrency', async () => {
    const held: (() => void)[] = []
    stub.handle((request, res) => {
      const { page_language } = JSON.parse(request.body) as { page_language: string }
      held.push(() => sendEnvelope(res, { site_config: siteConfig('tenant.example', { base_info: { app_name: page_language, logo: '' } }) }))
    })
    const { repo } = repository()
    const languages = ['en', 'de', 'en', '', 'de', 'en', '', 'ja'] as const
    const pending = Promise.all(languages.flatMap((language) => [repo.getSite('tenant.example', context, language), repo.getSite('tenant.example', context, language)]))
    // Every distinct key has reached the upstream before any answers: nothing could have been served from a stored entry.
    await vi.waitFor(() => expect(held).toHaveLength(4))
    for (const release of held) release()
    const results = await pending
    expect(results.map((result) => (result.kind === 'found' ? result.site.base_info.app_name : null))).toEqual(languages.flatMap((language) => [language, language]))
    expect(siteCalls().map(languageOf).sort()).toEqual(['', 'de', 'en', 'ja'])
  })

  it('remembers an unknown site per language without retrying', async () => {
    stub.handle((_request, res) => sendEnvelope(res, null, 404, 'site not found'))
    const { repo } = repository()
    expect(await repo.getSite('nobody.example', context, 'en')).toEqual({ kind: 'not-found' })
    expect(await repo.getSite('nobody.example', context, 'en')).toEqual({ kind: 'not-found' })
    expect(siteCalls().map(languageOf)).toEqual(['en'])
  })
})

describe('pages, show paths and data', () => {
  const page = { page_id: 'p1', page_type: 'custom', page_path: 'privacy', group_path: 'legal', title: 'Privacy', page_config: {} }

  it('getPage sends the page location, caches per host and location, and answers null for no page', async () => {
    stub.handle((request, res) => {
      const body = JSON.parse(request.body) as { page_path: string }
      // The page load does not depend on the site config being valid.
      sendEnvelope(res, { site_config: { broken: true }, site_page_config: body.page_path === 'privacy' ? page : null })
    })
    const { repo } = repository()
    const where = { language: 'en', groupPath: 'legal', pagePath: 'privacy' }
    expect(await repo.getPage('tenant.example', where, context)).toMatchObject({ page_id: 'p1' })
    expect(await repo.getPage('tenant.example', where, context)).toMatchObject({ page_id: 'p1' })
    expect(await repo.getPage('other.example', where, context)).toMatchObject({ page_id: 'p1' })
    expect(await repo.getPage('tenant.example', { ...where, pagePath: 'missing' }, context)).toBeNull()
    expect(stub.requests).toHaveLength(3)
    expect(JSON.parse(stub.requests[0]?.body ?? '')).toEqual({ page_path: 'privacy', page_language: 'en', group_path: 'legal' })
    expect(stub.requests.map((request) => request.headers['app-domain'])).toEqual(['tenant.example', 'other.example', 'tenant.example'])
  })

  it('getShowPaths reads the rows and caches them', async () => {
    stub.handle((_request, res) => sendEnvelope(res, { rows: [{ page_id: 'p1', page_path: 'privacy', page_type: 'custom', group_path: 'legal', title: 'P' }] }))
    const { repo } = repository()
    expect(await repo.getShowPaths('tenant.example', context)).toHaveLength(1)
    expect(await repo.getShowPaths('tenant.example', context)).toHaveLength(1)
    expect(stub.requests).toHaveLength(1)
    expect(stub.requests[0]?.url).toBe('/v1/site_admin/show_path/get')
  })

  it('getData caches by host, path and body (key order ignored), and not at all when asked', async () => {
    stub.handle((request, res) => sendEnvelope(res, { rows: [JSON.parse(request.body)], total: 1 }))
    const { repo } = repository()
    const schema = z.object({ rows: z.array(z.record(z.string(), z.unknown())), total: z.number() })
    await repo.getData('tenant.example', '/v1/post/list', { page: 1, page_size: 10 }, schema, context, { cache: true })
    const again = await repo.getData('tenant.example', '/v1/post/list', { page_size: 10, page: 1 }, schema, context, { cache: true })
    expect(again.rows[0]).toEqual({ page: 1, page_size: 10 })
    await repo.getData('tenant.example', '/v1/post/list', { page: 2, page_size: 10 }, schema, context, { cache: true })
    await repo.getData('tenant.example', '/v1/post/list', { page: 1, page_size: 10 }, schema, { ...context, cookie: 'sid=1' }, { cache: false })
    expect(stub.requests).toHaveLength(3)
    expect(stub.requests[2]?.headers.cookie).toBe('sid=1')
    expect(stub.requests[0]?.headers.cookie).toBeUndefined()
  })

  it('getData does not send a visitor cookie on a shared (cached) load', async () => {
    stub.handle((_request, res) => sendEnvelope(res, { ok: true }))
    const { repo } = repository()
    await repo.getData('tenant.example', '/v1/links/get', {}, z.object({ ok: z.boolean() }), { ...context, cookie: 'sid=secret' }, { cache: true })
    expect(stub.requests[0]?.headers.cookie).toBeUndefined()
  })

  it('getData raises UpstreamStatusError for a non-zero status and caches nothing', async () => {
    stub.handle((_request, res) => sendEnvelope(res, null, 404, 'no such post'))
    const { repo } = repository()
    const call = () => repo.getData('tenant.example', '/v1/post/get', { id: 'x' }, z.object({}), context, { cache: true })
    await expect(call()).rejects.toBeInstanceOf(UpstreamStatusError)
    await expect(call()).rejects.toMatchObject({ status: 404 })
    expect(stub.requests).toHaveLength(2)
  })
})

describe('a shared store between instances', () => {
  const store = () => createMemorySharedStore(() => clock.time)

  it('one instance loads a site config, another reads it back parsed, under stable named keys', async () => {
    stub.handle((_request, res) => sendEnvelope(res, { site_config: siteConfig('tenant.example') }))
    const shared = { store: store(), prefix: 'ts:' }
    const a = repository({ shared }).repo
    const b = repository({ shared }).repo
    await a.getSite('tenant.example', context)
    // Defaults filled by the schema prove the stored raw value was parsed again on the way in.
    expect(await b.getSite('tenant.example', context)).toMatchObject({ kind: 'found', site: { domain: 'tenant.example', footer_config: { is_enable: 0 } } })
    expect(siteCalls()).toHaveLength(1)
    expect(shared.store.keys).toEqual(['ts:tenant.example:site'])
  })

  it('shares "no such site" as a serialisable marker', async () => {
    stub.handle((_request, res) => sendEnvelope(res, null, 404, 'site not found'))
    const shared = { store: store(), prefix: 'ts:' }
    await repository({ shared }).repo.getSite('nobody.example', context)
    expect(await repository({ shared }).repo.getSite('nobody.example', context)).toEqual({ kind: 'not-found' })
    expect(siteCalls()).toHaveLength(1)
    expect(JSON.parse(String(await shared.store.get('ts:nobody.example:site')))).toEqual({ t: clock.time, nf: 1 })
  })

  it('keeps a shared value only as long as it may be served, and keeps its age', async () => {
    stub.handle((_request, res) => sendEnvelope(res, { site_config: siteConfig('tenant.example') }))
    const shared = { store: store(), prefix: 'ts:' }
    await repository({ shared }).repo.getSite('tenant.example', context)
    clock.time += TTL + 1
    // Fresh on no instance any more: the second instance loads again instead of trusting it.
    await repository({ shared }).repo.getSite('tenant.example', context)
    expect(siteCalls()).toHaveLength(2)
    clock.time += TTL + STALE
    expect(shared.store.keys).toEqual([])
  })

  it('a stored value of the wrong shape is ignored and loaded again', async () => {
    stub.handle((_request, res) => sendEnvelope(res, { site_config: siteConfig('tenant.example') }))
    const shared = { store: store(), prefix: 'ts:' }
    await shared.store.set('ts:tenant.example:site', JSON.stringify({ t: clock.time, v: { site_config: { site_id: 7 } } }), TTL)
    const { repo, onError } = repository({ shared })
    expect(await repo.getSite('tenant.example', context)).toMatchObject({ kind: 'found' })
    expect(siteCalls()).toHaveLength(1)
    expect(onError).toHaveBeenCalled()
  })

  it('data is stored raw and each reader parses it with its own schema', async () => {
    stub.handle((_request, res) => sendEnvelope(res, { total: '3', rows: [] }))
    const shared = { store: store(), prefix: 'ts:' }
    const asNumber = z.object({ total: z.coerce.number() })
    const asText = z.object({ total: z.string() })
    expect(await repository({ shared }).repo.getData('tenant.example', '/v1/x', { a: 1 }, asNumber, context, { cache: true })).toEqual({ total: 3 })
    const other = repository({ shared }).repo
    expect(await other.getData('tenant.example', '/v1/x', { a: 1 }, asText, context, { cache: true })).toEqual({ total: '3' })
    expect(await other.getData('tenant.example', '/v1/x', { a: 1 }, asNumber, context, { cache: true })).toEqual({ total: 3 })
    expect(stub.requests).toHaveLength(1)
    expect(shared.store.keys).toEqual(['ts:tenant.example:data:/v1/x:{"a":1}'])
  })

  it('purge forgets one tenant on this instance and keeps the others', async () => {
    stub.handle((request, res) => sendEnvelope(res, { site_config: siteConfig(String(request.headers['app-domain'])) }))
    const { repo } = repository()
    await repo.getSite('a.example', context)
    await repo.getSite('b.example', context)
    repo.purge('a.example')
    await repo.getSite('a.example', context)
    await repo.getSite('b.example', context)
    expect(siteCalls().map((call) => call.headers['app-domain'])).toEqual(['a.example', 'b.example', 'a.example'])
    repo.purge(null)
    await repo.getSite('b.example', context)
    expect(siteCalls()).toHaveLength(4)
  })
})

describe('stableStringify', () => {
  it.each([
    [{ b: 1, a: { d: 2, c: [3, { f: 1, e: 0 }] } }, '{"a":{"c":[3,{"e":0,"f":1}],"d":2},"b":1}'],
    [[1, 'x', null], '[1,"x",null]'],
    [undefined, 'undefined'],
    [JSON.parse('{"__proto__":1,"a":2}'), '{"__proto__":1,"a":2}'],
  ])('%j → %s', (value, expected) => {
    expect(stableStringify(value)).toBe(expected)
  })
})
