import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { siteKey } from '../cache/cache-keys.ts'
import { createUpstreamClient, type UpstreamClient } from '../upstream/client.ts'
import { webGetReplySchema } from '../upstream/schemas/page-schemas.ts'
import { sendEnvelope } from '../upstream/stub-upstream.test-helper.ts'
import { byteCounts, context, siteConfig, TTL, useRepositoryHarness } from './site-repository.test-helper.ts'

// How the site repository reads upstream answers: parsed once on the way in (page data kept only
// as parsed), and counted for the caches' byte bound at the length they arrived in.
const harness = useRepositoryHarness()

/** A full garbage collection, from a test without `--expose-gc`. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}

describe('parsing', () => {
  /** The upstream's answers, each counting how often its `site_config` is read (once per parse). */
  function countingUpstream() {
    const client = createUpstreamClient({ baseUrl: harness.stub.url, dispatcher: harness.agent, timeoutMs: 1000 })
    const reads = { count: 0 }
    const upstream: UpstreamClient = {
      ...client,
      rawData: async (path, body, callContext, held) => {
        const raw = await client.rawData(path, body, callContext, held)
        if ('unchanged' in raw || typeof raw.data !== 'object' || raw.data === null || !('site_config' in raw.data))
          return raw
        const { site_config: site, ...rest } = raw.data
        return {
          ...raw,
          data: Object.defineProperty(rest, 'site_config', {
            enumerable: true,
            get: () => {
              reads.count += 1
              return site
            },
          }),
        }
      },
    }
    return { upstream, reads }
  }

  it('checks a loaded site config and stores it in one parse', async () => {
    harness.stub.handle((_request, res) =>
      sendEnvelope(res, { site_config: siteConfig('tenant.example'), site_page_config: null }),
    )
    const { upstream, reads } = countingUpstream()
    const { repo } = harness.repository({ upstream })
    expect(await repo.getSite('tenant.example', context)).toMatchObject({
      kind: 'found',
      site: { domain: 'tenant.example' },
    })
    const onLoad = reads.count
    reads.count = 0
    const again = await upstream.rawData('/v1/site_page/web_get', {}, context)
    webGetReplySchema.parse('data' in again ? again.data : undefined)
    expect(onLoad).toBe(reads.count)
    expect(onLoad).toBeGreaterThan(0)
  })
})

describe('page data', () => {
  it('keeps one parsed copy per answer: every read of it gets the same object, parsed once', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, { rows: [{ id: 1 }], total: 1 }))
    const parses = { count: 0 }
    const schema = z.object({ rows: z.array(z.object({ id: z.number() })), total: z.number() }).transform((value) => {
      parses.count += 1
      return value
    })
    const { repo } = harness.repository()
    const first = await repo.getData('tenant.example', '/v1/post/list', { page: 1 }, schema, context, { cache: true })
    const again = await repo.getData('tenant.example', '/v1/post/list', { page: 1 }, schema, context, { cache: true })
    expect(again).toBe(first)
    expect(parses.count).toBe(1)
    expect(harness.stub.requests).toHaveLength(1)
  })

  it("lets the upstream's own object go once it is parsed", async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, { rows: [{ id: 1 }], total: 1 }))
    const client = createUpstreamClient({ baseUrl: harness.stub.url, dispatcher: harness.agent, timeoutMs: 1000 })
    let answer: WeakRef<object> | undefined
    const upstream: UpstreamClient = {
      ...client,
      rawData: async (path, body, callContext, held) => {
        const raw = await client.rawData(path, body, callContext, held)
        if ('data' in raw) answer = new WeakRef(raw.data as object)
        return raw
      },
    }
    const { repo } = harness.repository({ upstream })
    const schema = z.object({ rows: z.array(z.object({ id: z.number() })), total: z.number() })
    const kept = await repo.getData('tenant.example', '/v1/post/list', { page: 1 }, schema, context, { cache: true })
    // A WeakRef holds its target until the current job ends.
    await new Promise((resolve) => setImmediate(resolve))
    collectGarbage()
    expect(answer).toBeDefined()
    expect(answer?.deref()).toBeUndefined()
    expect(await repo.getData('tenant.example', '/v1/post/list', { page: 1 }, schema, context, { cache: true })).toBe(
      kept,
    )
  })

  it('answers a reader with another schema from a call of its own, and leaves the entry to its readers', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, { total: '3' }))
    const asNumber = z.object({ total: z.coerce.number() })
    const asText = z.object({ total: z.string() })
    const { repo } = harness.repository()
    const read = (schema: z.ZodType<unknown>) =>
      repo.getData('tenant.example', '/v1/x', {}, schema, { ...context, cookie: 'sid=secret' }, { cache: true })
    expect(await read(asNumber)).toEqual({ total: 3 })
    expect(await read(asText)).toEqual({ total: '3' })
    expect(harness.stub.requests).toHaveLength(2)
    // A shared read either way: the visitor's cookie stays home.
    expect(harness.stub.requests.map((request) => request.headers.cookie)).toEqual([undefined, undefined])
    // The entry still answers the schema it was loaded with, without a call.
    expect(await read(asNumber)).toEqual({ total: 3 })
    expect(harness.stub.requests).toHaveLength(2)
    expect(await read(asText)).toEqual({ total: '3' })
    expect(harness.stub.requests).toHaveLength(3)
    // Both at once: neither waits on a load parsed for the other, and neither gets the other's shape.
    const [number, text] = await Promise.all([
      repo.getData('tenant.example', '/v1/y', {}, asNumber, context, { cache: true }),
      repo.getData('tenant.example', '/v1/y', {}, asText, context, { cache: true }),
    ])
    expect(number).toEqual({ total: 3 })
    expect(text).toEqual({ total: '3' })
  })

  it('stores nothing of an answer its reader cannot parse, and loads it again next time', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, { total: 'many' }))
    const { repo } = harness.repository()
    const read = () =>
      repo.getData('tenant.example', '/v1/x', {}, z.object({ total: z.number() }), context, { cache: true })
    await expect(read()).rejects.toThrow()
    await expect(read()).rejects.toThrow()
    expect(harness.stub.requests).toHaveLength(2)
  })
})

describe('byte bound', () => {
  it('keeps each cache within maxBytes of upstream JSON: the most recent tenants stay, the oldest are loaded again', async () => {
    // Every answer is a little over 2 KB of JSON, so 20 KB holds fewer than ten of each kind.
    const filler = 'x'.repeat(2000)
    harness.stub.handle((request, res) => {
      const domain = String(request.headers['app-domain'])
      if (request.url === '/v1/post/list') sendEnvelope(res, { rows: [{ filler }], total: 1 })
      else sendEnvelope(res, { site_config: siteConfig(domain, { description: filler }) })
    })
    const { repo } = harness.repository({ maxBytes: 20_000 })
    const schema = z.object({ rows: z.array(z.object({ filler: z.string() })), total: z.number() })
    const hosts = Array.from({ length: 30 }, (_, i) => `t${i}.example`)
    for (const host of hosts) {
      expect(await repo.getSite(host, context)).toMatchObject({ kind: 'found' })
      await repo.getData(host, '/v1/post/list', { page: 1 }, schema, context, { cache: true })
    }
    expect(harness.stub.requests).toHaveLength(60)
    for (const host of hosts.slice(-8)) {
      await repo.getSite(host, context)
      await repo.getData(host, '/v1/post/list', { page: 1 }, schema, context, { cache: true })
    }
    expect(harness.stub.requests).toHaveLength(60)
    await repo.getSite(hosts[0]!, context)
    await repo.getData(hosts[0]!, '/v1/post/list', { page: 1 }, schema, context, { cache: true })
    expect(harness.stub.requests).toHaveLength(62)
  })
})

describe('byte count', () => {
  it('counts an answer at the length of the text it came in, as the upstream sent it', async () => {
    // Indented JSON: its text is longer than the value serialised again would be.
    const text = JSON.stringify({ status: 0, info: 'ok', data: { site_config: siteConfig('tenant.example') } }, null, 4)
    harness.stub.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
      res.end(text)
    })
    const counts = byteCounts()
    const { repo } = harness.repository({ maxBytes: 1_000_000, metrics: counts.metrics })
    await repo.getSite('tenant.example', context)
    expect(counts.of('site')).toBe(siteKey('tenant.example', '').length + text.length)
  })
})

describe('refreshing an answer that did not change', () => {
  it('keeps the config it holds and the tenant view built from it; a changed config is parsed anew', async () => {
    let name = 'Site one'
    harness.stub.handle((_request, res) =>
      sendEnvelope(res, {
        site_config: siteConfig('tenant.example', { base_info: { app_name: name } }),
        site_page_config: null,
      }),
    )
    const { repo } = harness.repository()
    const lookup = async () => {
      const result = await repo.getSite('tenant.example', context)
      if (result.kind !== 'found') throw new Error(`no site: ${result.kind}`)
      return result.site
    }
    const first = await lookup()
    const tenant = repo.tenantOf('tenant.example', first)
    harness.clock.time += TTL + 1
    // A stale answer at once, and one background refresh that finds the same bytes.
    expect(await lookup()).toBe(first)
    await vi.waitFor(() => expect(harness.siteCalls()).toHaveLength(2))
    await new Promise((resolve) => setImmediate(resolve))
    expect(repo.peekSite('tenant.example')).toBe(first)
    expect(repo.tenantOf('tenant.example', await lookup())).toBe(tenant)

    name = 'Site renamed'
    harness.clock.time += TTL + 1
    await lookup()
    await vi.waitFor(() => expect(repo.peekSite('tenant.example')?.base_info.app_name).toBe('Site renamed'))
    expect(repo.peekSite('tenant.example')).not.toBe(first)
  })
})
