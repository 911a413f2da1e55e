import { unsharedKey } from '../../cache/cache-keys.ts'
import { describe, expect, it, vi } from 'vitest'
import { createGate, type Gate } from '../../../test/gate.ts'
import { useFleet } from '../../../test/fleet.ts'
import { settled, type TestSite } from '../../../test/harness.ts'
import type { RevalidationOutcome } from '../../cache/pages/read-render.ts'

const TOKEN = 'purge-token-for-tests-0123'
const ZH = { cookie: 'lang=zh' }
const HOT_KEY = 'ts:{res.localhost}:html:zh:http://res.localhost/res/hot'
const DATA_PATH = '/v1/resource/list'

const fleet = useFleet()

/** An instance sharing the test Redis whose pages stay fresh for the whole test unless purged; `held` keeps its upstream data answers behind a gate. */
async function instance(
  outcomes: RevalidationOutcome[],
  held?: { gate: Gate | null; count: number },
): Promise<TestSite> {
  return fleet.start({
    redisCommandTimeoutMs: 200,
    purgeToken: TOKEN,
    htmlCache: { ttlMs: 600_000, staleMs: 3_600_000, onRevalidated: (outcome) => outcomes.push(outcome) },
    upstream: async (request, demo) => {
      if (held?.gate && new URL(request.url).pathname === DATA_PATH) {
        held.count += 1
        await held.gate.passed()
      }
      return demo(request)
    },
  })
}

async function get(site: TestSite, path: string) {
  const response = await site.request(path, { headers: ZH })
  await response.arrayBuffer()
  await settled(site)
  return response.status
}

describe('purges across instances sharing Redis', () => {
  it('a soft purge on one instance marks the page stale on both and keeps the shared copy: the instance without a copy answers it at once, and the fleet renders it once', async () => {
    const onA: RevalidationOutcome[] = []
    const onB: RevalidationOutcome[] = []
    const held = { gate: null as Gate | null, count: 0 }
    const [a, b] = [await instance(onA, held), await instance(onB, held)]
    await get(a, '/res/hot')
    await get(a, '/res/new')
    expect(await fleet.admin.exists(HOT_KEY)).toBe(1)
    const answer = await a.purge({ host: 'res.localhost', paths: ['/res/hot'] })
    expect(await answer.json()).toMatchObject({ purged: { pages: 1 }, shared: 'ok' })
    // The shared copies stay; the purge is recorded beside them.
    expect((await fleet.admin.keys('ts:{res.localhost}:html:*')).sort()).toEqual([
      HOT_KEY,
      'ts:{res.localhost}:html:zh:http://res.localhost/res/new',
    ])
    // Re-renders are held at the upstream: answers that arrive meanwhile did not wait for one.
    const gate = createGate()
    held.gate = gate
    const [onlyShared, ownCopy] = await Promise.all([
      b.request('/res/hot', { headers: ZH }),
      a.request('/res/hot', { headers: ZH }),
    ])
    for (const stale of [onlyShared, ownCopy]) {
      expect(stale.status).toBe(200)
      expect(stale.headers.get('age')).not.toBeNull()
      await stale.arrayBuffer()
    }
    // One instance renders (held at the upstream), the other found the lock taken.
    await vi.waitFor(() => expect([...onA, ...onB]).toEqual(['elsewhere']))
    expect(held.count).toBe(1)
    gate.open()
    await vi.waitFor(() => expect([...onA, ...onB].sort()).toEqual(['elsewhere', 'rendered']))
    await settled(a, b)
    expect(held.count).toBe(1)
  })

  it('with Redis down, the instance that got the purge still purges itself and says so', async () => {
    const [a] = [await instance([])]
    await get(a, '/res/hot')
    await fleet.redis.kill()
    try {
      const answer = await a.purge({ host: 'res.localhost', paths: ['/res/hot'], mode: 'hard' })
      expect(answer.status).toBe(200)
      expect(await answer.json()).toMatchObject({ purged: { pages: 1 }, shared: 'unavailable' })
      expect(a.htmlCache?.size).toBe(0)
    } finally {
      await fleet.redis.restart()
    }
  })

  it('a hard purge by tag on an instance that never held the page reaches the shared copy through the tag index; a new instance renders it afresh', async () => {
    const onA: RevalidationOutcome[] = []
    const a = await instance(onA)
    const first = await a.request('/res/hot', { headers: ZH })
    const tag = (first.headers.get('cache-tag') ?? '')
      .split(',')
      .find((name) => name.startsWith('res.localhost:resource:'))!
      .slice('res.localhost:'.length)
    await first.arrayBuffer()
    await vi.waitFor(async () => expect(await fleet.admin.exists(HOT_KEY)).toBe(1))
    await vi.waitFor(async () => expect(await fleet.admin.smembers(`ts:{res.localhost}:tag:${tag}`)).toContain(HOT_KEY))
    const b = await instance([])
    const answer = await b.purge({ host: 'res.localhost', tags: [tag], mode: 'hard' })
    expect(await answer.json()).toMatchObject({ purged: { pages: 0 }, shared: 'ok' })
    expect(await fleet.admin.exists(HOT_KEY)).toBe(0)
    expect(await fleet.admin.exists(`ts:{res.localhost}:tag:${tag}`)).toBe(0)
    // A restarted instance finds no copy older than the purge: it renders the page.
    const c = await instance([])
    const fresh = await c.request('/res/hot', { headers: ZH })
    await fresh.arrayBuffer()
    expect(fresh.status).toBe(200)
    expect(fresh.headers.get('age')).toBeNull()
    // a got the purge through pub/sub: its own copy is gone.
    await vi.waitFor(() => expect(a.htmlCache?.peek(unsharedKey('ts:', HOT_KEY) ?? '')).toBeUndefined())
  })

  it('a soft purge by tag on an instance that never held the page leaves the shared copy stale for every instance, a new one too', async () => {
    const a = await instance([])
    const first = await a.request('/res/hot', { headers: ZH })
    const tag = (first.headers.get('cache-tag') ?? '')
      .split(',')
      .find((name) => name.startsWith('res.localhost:resource:'))!
      .slice('res.localhost:'.length)
    await first.arrayBuffer()
    await vi.waitFor(async () => expect(await fleet.admin.smembers(`ts:{res.localhost}:tag:${tag}`)).toContain(HOT_KEY))
    const b = await instance([])
    expect(await (await b.purge({ host: 'res.localhost', tags: [tag] })).json()).toMatchObject({
      purged: { pages: 0 },
      shared: 'ok',
    })
    expect(await fleet.admin.exists(HOT_KEY)).toBe(1)
    const onC: RevalidationOutcome[] = []
    const c = await instance(onC)
    const stale = await c.request('/res/hot', { headers: ZH })
    await stale.arrayBuffer()
    expect(stale.headers.get('age')).not.toBeNull()
    await vi.waitFor(() => expect(onC).toEqual(['rendered']))
  })

  it('a new instance honours earlier purges recorded in Redis: a copy stored before a hard purge is absent, before a soft one stale', async () => {
    const a = await instance([])
    await get(a, '/res/hot')
    await get(a, '/res/new')
    const NEW_KEY = 'ts:{res.localhost}:html:zh:http://res.localhost/res/new'
    // A copy a hard purge dropped comes back (as from an instance whose write raced the purge). The
    // write to Redis lands after the render has ended: wait for it before copying the key.
    await vi.waitFor(async () => expect(await fleet.admin.exists(NEW_KEY)).toBe(1))
    const dumped = await fleet.admin.dumpBuffer(NEW_KEY)
    if (dumped === null) throw new Error(`${NEW_KEY} left Redis before it was copied`)
    expect(await (await a.purge({ host: 'res.localhost', paths: ['/res/new'], mode: 'hard' })).json()).toMatchObject({
      shared: 'ok',
    })
    await fleet.admin.restore(NEW_KEY, 0, dumped)
    expect(await (await a.purge({ host: 'res.localhost', paths: ['/res/hot'] })).json()).toMatchObject({ shared: 'ok' })
    const onC: RevalidationOutcome[] = []
    const c = await instance(onC)
    const rendered = await c.request('/res/new', { headers: ZH })
    await rendered.arrayBuffer()
    expect(rendered.status).toBe(200)
    expect(rendered.headers.get('age')).toBeNull()
    const stale = await c.request('/res/hot', { headers: ZH })
    await stale.arrayBuffer()
    expect(stale.headers.get('age')).not.toBeNull()
    await vi.waitFor(() => expect(onC).toEqual(['rendered']))
  })

  it('a purge by tag reaches a copy another instance took from Redis (its tags travel with it)', async () => {
    const onB: RevalidationOutcome[] = []
    const [a, b] = [await instance([]), await instance(onB)]
    const first = await a.request('/res/hot', { headers: ZH })
    const tag = (first.headers.get('cache-tag') ?? '')
      .split(',')
      .find((name) => name.startsWith('res.localhost:resource:'))!
      .slice('res.localhost:'.length)
    await first.arrayBuffer()
    await vi.waitFor(async () => expect(await fleet.admin.exists(HOT_KEY)).toBe(1))
    const taken = await b.request('/res/hot', { headers: ZH })
    expect(taken.headers.get('age')).not.toBeNull()
    await taken.arrayBuffer()
    const answer = await a.purge({ host: 'res.localhost', tags: [tag] })
    expect(await answer.json()).toMatchObject({ purged: { pages: 1 }, shared: 'ok' })
    await vi.waitFor(async () => {
      expect(await get(b, '/res/hot')).toBe(200)
      expect(onB).toEqual(['rendered'])
    })
  })
})
