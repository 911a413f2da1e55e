import type { ServerResponse } from 'node:http'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { UpstreamHttpError, UpstreamStatusError } from '../errors.ts'
import { sendEnvelope, sendJson } from '../upstream/stub-upstream.test-helper.ts'
import { context, siteConfig, STALE, TTL, useRepositoryHarness } from './site-repository.test-helper.ts'

const harness = useRepositoryHarness()

describe('getSite', () => {
  it('loads web_get with empty page fields and the host as app-domain, then serves from cache', async () => {
    harness.stub.handle((_request, res) =>
      sendEnvelope(res, { site_config: siteConfig('tenant.example'), site_page_config: null }),
    )
    const { repo } = harness.repository()
    const first = await repo.getSite('tenant.example', context)
    expect(first).toMatchObject({
      kind: 'found',
      site: { site_id: 'id-tenant.example', footer_config: { is_enable: 0 } },
    })
    await repo.getSite('tenant.example', context)
    expect(harness.siteCalls()).toHaveLength(1)
    const [call] = harness.siteCalls()
    expect(JSON.parse(call?.body ?? '')).toEqual({ page_path: '', page_language: '', group_path: '' })
    expect(call?.headers['app-domain']).toBe('tenant.example')
    expect(call?.headers['user-agent']).toBe('Visitor/1.0')
  })

  it('passes an alias domain through as app-domain and caches under it', async () => {
    harness.stub.handle((_request, res) =>
      sendEnvelope(res, { site_config: siteConfig('tenant.example'), site_page_config: null }),
    )
    const { repo } = harness.repository()
    const result = await repo.getSite('alias.example', context)
    expect(result).toMatchObject({ kind: 'found', site: { domain: 'tenant.example' } })
    expect(harness.siteCalls()[0]?.headers['app-domain']).toBe('alias.example')
    await repo.getSite('alias.example', context)
    expect(harness.siteCalls()).toHaveLength(1)
  })

  it('does not retry an unknown site and remembers it', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, null, 404, 'site not found'))
    const { repo } = harness.repository()
    expect(await repo.getSite('nobody.example', context)).toEqual({ kind: 'not-found' })
    expect(await repo.getSite('nobody.example', context)).toEqual({ kind: 'not-found' })
    expect(harness.siteCalls()).toHaveLength(1)
  })

  it.each([
    ['HTTP 500', (res: ServerResponse) => sendJson(res, { error: 'x' }, 500)],
    ['malformed JSON', (res: ServerResponse) => res.end('{not json')],
    ['a bad shape', (res: ServerResponse) => sendEnvelope(res, { site_config: { site_id: 7 } })],
    ['envelope status 500', (res: ServerResponse) => sendEnvelope(res, null, 500, 'db down')],
  ])('tries %s three times in total, then answers unavailable', async (_label, reply) => {
    harness.stub.handle((_request, res) => reply(res))
    const { repo, onError } = harness.repository()
    const result = await repo.getSite('tenant.example', context)
    expect(result.kind).toBe('unavailable')
    expect(harness.siteCalls()).toHaveLength(3)
    expect(onError).toHaveBeenCalledTimes(2)
  })

  it('succeeds when a retry succeeds', async () => {
    let calls = 0
    harness.stub.handle((_request, res) => {
      calls += 1
      if (calls < 3) return sendJson(res, {}, 503)
      sendEnvelope(res, { site_config: siteConfig('tenant.example') })
    })
    const { repo } = harness.repository()
    expect(await repo.getSite('tenant.example', context)).toMatchObject({ kind: 'found' })
    expect(calls).toBe(3)
  })

  it('honours the attempts option', async () => {
    harness.stub.handle((_request, res) => sendJson(res, {}, 502))
    const { repo } = harness.repository({ attempts: 5 })
    const result = await repo.getSite('tenant.example', context)
    expect(result).toMatchObject({ kind: 'unavailable', error: expect.any(UpstreamHttpError) })
    expect(harness.siteCalls()).toHaveLength(5)
  })

  it('serves the stale config when the upstream fails after the TTL (stale-if-error)', async () => {
    let healthy = true
    harness.stub.handle((_request, res) => {
      if (healthy) return sendEnvelope(res, { site_config: siteConfig('tenant.example') })
      sendJson(res, {}, 500)
    })
    const { repo, onError } = harness.repository()
    await repo.getSite('tenant.example', context)
    healthy = false
    harness.clock.time += TTL + 1
    expect(await repo.getSite('tenant.example', context)).toMatchObject({
      kind: 'found',
      site: { domain: 'tenant.example' },
    })
    await vi.waitFor(() =>
      expect(onError).toHaveBeenCalledWith(expect.any(UpstreamHttpError), 'site refresh for tenant.example'),
    )
    // One load, then one refresh attempt: a background refresh does not retry (the back-off does).
    expect(harness.siteCalls()).toHaveLength(2)
    harness.clock.time += STALE
    expect((await repo.getSite('tenant.example', context)).kind).toBe('unavailable')
  })

  it('asks a failing upstream at most once per back-off window while 30 visitors get the stale config', async () => {
    let healthy = true
    harness.stub.handle((_request, res) => {
      if (healthy) return sendEnvelope(res, { site_config: siteConfig('tenant.example') })
      sendJson(res, {}, 503)
    })
    const { repo, onError } = harness.repository({ backoff: { baseMs: 1000, maxMs: 8000 }, random: () => 0.5 })
    await repo.getSite('tenant.example', context)
    healthy = false
    harness.clock.time += TTL
    // 30 visitors over 3 s: windows of 1 s then 2 s (jitter at the middle: 0.75 s, then 1.5 s).
    for (let i = 0; i < 30; i++) {
      expect(await repo.getSite('tenant.example', context)).toMatchObject({ kind: 'found' })
      await new Promise((resolve) => setImmediate(resolve))
      await vi.waitFor(() => expect(onError.mock.calls.length).toBe(harness.siteCalls().length - 1))
      harness.clock.time += 100
    }
    // Refreshes at 0 s, 0.75 s and 2.25 s: three calls instead of thirty (or ninety with retries).
    expect(harness.siteCalls()).toHaveLength(1 + 3)
    healthy = true
    harness.clock.time += 8000
    await repo.getSite('tenant.example', context)
    await vi.waitFor(() => expect(harness.siteCalls()).toHaveLength(5))
  })

  it('keeps tenants apart', async () => {
    harness.stub.handle((request, res) => {
      const host = String(request.headers['app-domain'])
      sendEnvelope(res, { site_config: siteConfig(host) })
    })
    const { repo } = harness.repository()
    const [a, b] = await Promise.all([repo.getSite('a.example', context), repo.getSite('b.example', context)])
    expect(a).toMatchObject({ site: { domain: 'a.example' } })
    expect(b).toMatchObject({ site: { domain: 'b.example' } })
  })
})

describe('pages, show paths and data', () => {
  const page = {
    page_id: 'p1',
    page_type: 'custom',
    page_path: 'privacy',
    group_path: 'legal',
    title: 'Privacy',
    page_config: {},
  }

  it('getPage sends the page location, caches per host and location, and answers null for no page', async () => {
    harness.stub.handle((request, res) => {
      const body = JSON.parse(request.body) as { page_path: string }
      // The page load does not depend on the site config being valid.
      sendEnvelope(res, { site_config: { broken: true }, site_page_config: body.page_path === 'privacy' ? page : null })
    })
    const { repo } = harness.repository()
    const where = { language: 'en', groupPath: 'legal', pagePath: 'privacy' }
    expect(await repo.getPage('tenant.example', where, context)).toMatchObject({ page_id: 'p1' })
    expect(await repo.getPage('tenant.example', where, context)).toMatchObject({ page_id: 'p1' })
    expect(await repo.getPage('other.example', where, context)).toMatchObject({ page_id: 'p1' })
    expect(await repo.getPage('tenant.example', { ...where, pagePath: 'missing' }, context)).toBeNull()
    expect(harness.stub.requests).toHaveLength(3)
    expect(JSON.parse(harness.stub.requests[0]?.body ?? '')).toEqual({
      page_path: 'privacy',
      page_language: 'en',
      group_path: 'legal',
    })
    expect(harness.stub.requests.map((request) => request.headers['app-domain'])).toEqual([
      'tenant.example',
      'other.example',
      'tenant.example',
    ])
  })

  it('getShowPaths reads the rows and caches them', async () => {
    harness.stub.handle((_request, res) =>
      sendEnvelope(res, {
        rows: [{ page_id: 'p1', page_path: 'privacy', page_type: 'custom', group_path: 'legal', title: 'P' }],
      }),
    )
    const { repo } = harness.repository()
    expect(await repo.getShowPaths('tenant.example', context)).toHaveLength(1)
    expect(await repo.getShowPaths('tenant.example', context)).toHaveLength(1)
    expect(harness.stub.requests).toHaveLength(1)
    expect(harness.stub.requests[0]?.url).toBe('/v1/site_admin/show_path/get')
  })

  it('getData caches by host, path and body (key order ignored), and not at all when asked', async () => {
    harness.stub.handle((request, res) => sendEnvelope(res, { rows: [JSON.parse(request.body)], total: 1 }))
    const { repo } = harness.repository()
    const schema = z.object({ rows: z.array(z.record(z.string(), z.unknown())), total: z.number() })
    await repo.getData('tenant.example', '/v1/post/list', { page: 1, page_size: 10 }, schema, context, { cache: true })
    const again = await repo.getData('tenant.example', '/v1/post/list', { page_size: 10, page: 1 }, schema, context, {
      cache: true,
    })
    expect(again.rows[0]).toEqual({ page: 1, page_size: 10 })
    await repo.getData('tenant.example', '/v1/post/list', { page: 2, page_size: 10 }, schema, context, { cache: true })
    await repo.getData(
      'tenant.example',
      '/v1/post/list',
      { page: 1, page_size: 10 },
      schema,
      { ...context, cookie: 'sid=1' },
      { cache: false },
    )
    expect(harness.stub.requests).toHaveLength(3)
    expect(harness.stub.requests[2]?.headers.cookie).toBe('sid=1')
    expect(harness.stub.requests[0]?.headers.cookie).toBeUndefined()
  })

  it('getData does not send a visitor cookie on a shared (cached) load', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, { ok: true }))
    const { repo } = harness.repository()
    await repo.getData(
      'tenant.example',
      '/v1/links/get',
      {},
      z.object({ ok: z.boolean() }),
      { ...context, cookie: 'sid=secret' },
      { cache: true },
    )
    expect(harness.stub.requests[0]?.headers.cookie).toBeUndefined()
  })

  it('submit sends each write with the visitor context and keeps nothing for a later read', async () => {
    harness.stub.handle((request, res) => sendEnvelope(res, { received: JSON.parse(request.body) }))
    const { repo } = harness.repository()
    const schema = z.object({ received: z.unknown() })
    const visitor = { ...context, cookie: 'sid=1' }
    const body = { form_id: 'feedback', values: { content: 'hi' } }
    expect(await repo.submit('tenant.example', '/v1/feedback/submit', body, schema, visitor)).toEqual({
      received: body,
    })
    await repo.submit('tenant.example', '/v1/feedback/submit', body, schema, visitor)
    await repo.getData('tenant.example', '/v1/feedback/submit', body, schema, context, { cache: true })
    expect(harness.stub.requests).toHaveLength(3)
    expect(harness.stub.requests.map((request) => request.headers.cookie)).toEqual(['sid=1', 'sid=1', undefined])
    expect(harness.stub.requests[0]?.headers['app-domain']).toBe('tenant.example')
  })

  it('getData raises UpstreamStatusError for a non-zero status and caches nothing', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, null, 404, 'no such post'))
    const { repo } = harness.repository()
    const call = () =>
      repo.getData('tenant.example', '/v1/post/get', { id: 'x' }, z.object({}), context, { cache: true })
    await expect(call()).rejects.toBeInstanceOf(UpstreamStatusError)
    await expect(call()).rejects.toMatchObject({ status: 404 })
    expect(harness.stub.requests).toHaveLength(2)
  })
})

describe('purge', () => {
  it('purge forgets one tenant on this instance and keeps the others', async () => {
    harness.stub.handle((request, res) =>
      sendEnvelope(res, { site_config: siteConfig(String(request.headers['app-domain'])) }),
    )
    const { repo } = harness.repository()
    await repo.getSite('a.example', context)
    await repo.getSite('b.example', context)
    repo.purge('a.example')
    await repo.getSite('a.example', context)
    await repo.getSite('b.example', context)
    expect(harness.siteCalls().map((call) => call.headers['app-domain'])).toEqual([
      'a.example',
      'b.example',
      'a.example',
    ])
    repo.purge(null)
    await repo.getSite('b.example', context)
    expect(harness.siteCalls()).toHaveLength(4)
  })
})
