import { sharedKey } from '../cache-keys.ts'
import { describe, expect, it, vi } from 'vitest'
import { createMemorySharedStore } from '../redis/shared-store.ts'
import type { CacheMetrics } from '../../metrics/metrics.ts'
import { createClockedHtmlCache, getOf, hitOf } from './clocked-html-cache.test-helper.ts'
import type { HtmlCacheOptions } from './html-cache.ts'
import type { RevalidationOutcome } from './read-render.ts'
import type { Rendered } from './read-render.ts'
import { UNDECIDED } from '../../http/answer-policy.ts'
import { bodySegments } from './body/page-body.ts'
import type { CachedPage } from './cached-page.ts'

const KEY = 'h:html:en:http://h/a'

function rendered(body: string, status = 200, complete = true): Rendered {
  return {
    response: new Response(body, { status, headers: { 'content-type': 'text/html' } }),
    complete: Promise.resolve(complete),
    nonce: undefined,
    routeName: 'page',
    policy: UNDECIDED,
  }
}

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => (resolve = done))
  return { promise, resolve }
}

/** A cache with an injected clock (fresh 10 s, then stale 60 s) that records lookups and re-renders. */
function setup(overrides: Partial<HtmlCacheOptions> = {}, clock = { time: 1_000_000 }) {
  const lookups: string[] = []
  const outcomes: RevalidationOutcome[] = []
  const metrics: CacheMetrics = { lookup: (result) => lookups.push(result), evicted: () => {}, size: () => {} }
  const cache = createClockedHtmlCache(clock, {
    metrics,
    onRevalidated: (outcome) => outcomes.push(outcome),
    ...overrides,
  })
  return { cache, clock, lookups, outcomes }
}

const textOf = (page: CachedPage | undefined) => (page ? Buffer.concat(bodySegments(page.body)).toString() : undefined)

async function cached(cache: ReturnType<typeof setup>['cache'], body: string) {
  await cache.get(KEY, async () => rendered(body))
  await vi.waitFor(() => expect(cache.peek(KEY)).toBeDefined())
}

describe('stale-while-revalidate in the HTML cache', () => {
  it('answers a stale page at once and renders it again once, however many ask meanwhile', async () => {
    const { cache, clock, lookups, outcomes } = setup()
    await cached(cache, 'v1')
    clock.time += 10_000
    const gate = deferred<Rendered>()
    const rerender = vi.fn(() => gate.promise)
    for (let i = 0; i < 5; i++) expect(textOf(hitOf(cache, KEY, rerender))).toBe('v1')
    const viaGet = await getOf(cache, KEY, async () => rendered('on the request'), rerender)
    expect(viaGet.kind === 'hit' && textOf(viaGet.page)).toBe('v1')
    expect(rerender).toHaveBeenCalledTimes(1)
    expect(cache.inFlight).toBe(1)
    gate.resolve(rendered('v2'))
    await vi.waitFor(() => expect(cache.inFlight).toBe(0))
    expect(textOf(hitOf(cache, KEY, rerender))).toBe('v2')
    expect(rerender).toHaveBeenCalledTimes(1)
    expect(outcomes).toEqual(['rendered'])
    expect(lookups).toEqual(['miss', 'stale', 'stale', 'stale', 'stale', 'stale', 'stale', 'hit'])
  })

  it.each([
    ['the render throws', () => Promise.reject(new Error('upstream down'))],
    ['the render answers 503', async () => rendered('unavailable', 503)],
    ['the render answers 404', async () => rendered('gone', 404)],
    ['the render is cut short', async () => rendered('<p>half', 200, false)],
  ])(
    "keeps the stale page when %s, and waits out the config refreshes' back-off before trying again",
    async (_label, failing) => {
      const onError = vi.fn()
      const { cache, clock, outcomes } = setup({ backoff: { baseMs: 1000, maxMs: 60_000 }, onError })
      await cached(cache, 'good')
      clock.time += 10_000
      const rerender = vi.fn(failing)
      expect(textOf(hitOf(cache, KEY, rerender))).toBe('good')
      await vi.waitFor(() => expect(cache.inFlight).toBe(0))
      expect(outcomes).toEqual(['failed'])
      // First failure: a 1 s window, at least half of it (random 0) before the next try.
      clock.time += 499
      expect(textOf(hitOf(cache, KEY, rerender))).toBe('good')
      expect(rerender).toHaveBeenCalledTimes(1)
      clock.time += 1
      expect(textOf(hitOf(cache, KEY, rerender))).toBe('good')
      await vi.waitFor(() => expect(cache.inFlight).toBe(0))
      expect(rerender).toHaveBeenCalledTimes(2)
      // Second failure: the window doubles.
      clock.time += 999
      hitOf(cache, KEY, rerender)
      expect(rerender).toHaveBeenCalledTimes(2)
      clock.time += 1
      hitOf(cache, KEY, rerender)
      await vi.waitFor(() => expect(cache.inFlight).toBe(0))
      expect(rerender).toHaveBeenCalledTimes(3)
      // Then a working render replaces the page and clears the back-off.
      hitOf(cache, KEY, async () => rendered('fixed'))
      expect(rerender).toHaveBeenCalledTimes(3)
      clock.time += 4000
      hitOf(cache, KEY, async () => rendered('fixed'))
      await vi.waitFor(() => expect(cache.inFlight).toBe(0))
      expect(textOf(cache.peek(KEY))).toBe('fixed')
    },
  )

  it('renders on the request only once the stale window is over', async () => {
    const { cache, clock, lookups } = setup()
    await cached(cache, 'old')
    clock.time += 10_000 + 60_000 - 1
    expect(textOf(cache.peek(KEY))).toBe('old')
    clock.time += 1
    expect(cache.peek(KEY)).toBeUndefined()
    expect(hitOf(cache, KEY, async () => rendered('never'))).toBeUndefined()
    const answer = await cache.get(KEY, async () => rendered('new'))
    expect(answer.kind).toBe('rendered')
    expect(lookups).toEqual(['miss', 'miss'])
  })

  it('without a stale window a page is a miss once its TTL ends', async () => {
    const { cache, clock } = setup({ staleMs: 0 })
    await cached(cache, 'old')
    clock.time += 10_000
    expect(hitOf(cache, KEY, async () => rendered('never'))).toBeUndefined()
  })

  it('tells the age of a page in whole seconds since it was rendered', async () => {
    const { cache, clock } = setup()
    await cached(cache, 'page')
    expect(cache.lookup(KEY)?.age).toBe(0)
    clock.time += 1999
    expect(cache.lookup(KEY)?.age).toBe(1)
    clock.time += 30_000
    expect(cache.lookup(KEY)?.age).toBe(31)
  })
})

describe('stale-while-revalidate with purges and a shared store', () => {
  it('does not keep a re-render that a purge overtook', async () => {
    const { cache, clock } = setup()
    await cached(cache, 'old')
    clock.time += 10_000
    const gate = deferred<Rendered>()
    hitOf(cache, KEY, () => gate.promise)
    cache.purge({ host: 'h', mode: 'soft' })
    gate.resolve(rendered('from before the purge'))
    await vi.waitFor(() => expect(cache.inFlight).toBe(0))
    // The soft purge left the old page, stale, for the next visitor's re-render to replace.
    expect(textOf(cache.peek(KEY))).toBe('old')
  })

  it('with a shared store, one instance re-renders a key and the others take its page from the store', async () => {
    const clock = { time: 1_000_000 }
    const store = createMemorySharedStore(() => clock.time)
    const shared = { store, prefix: 'ts:' }
    const a = setup({ shared }, clock)
    const b = setup({ shared }, clock)
    await cached(a.cache, 'v1')
    // b takes the page from the store.
    expect((await b.cache.get(KEY, async () => rendered('never'))).kind).toBe('hit')
    expect(store.keys).toContain(sharedKey('ts:', KEY))
    clock.time += 10_000
    const gate = deferred<Rendered>()
    const renderA = vi.fn(() => gate.promise)
    const renderB = vi.fn(async () => rendered('v2 from b'))
    hitOf(a.cache, KEY, renderA)
    // Let a take the lock before b looks.
    await new Promise((resolve) => setImmediate(resolve))
    hitOf(b.cache, KEY, renderB)
    await vi.waitFor(() => expect(b.outcomes).toEqual(['elsewhere']))
    gate.resolve(rendered('v2'))
    await vi.waitFor(() => expect(a.outcomes).toEqual(['rendered']))
    expect(textOf(b.cache.peek(KEY))).toBe('v1')
    clock.time += 1000
    hitOf(b.cache, KEY, renderB)
    await vi.waitFor(() => expect(b.outcomes).toEqual(['elsewhere', 'shared']))
    expect(textOf(b.cache.peek(KEY))).toBe('v2')
    expect(renderB).not.toHaveBeenCalled()
  })

  it('counts a stored page as sharing until the store has answered its write, which comes after the render has settled', async () => {
    const store = createMemorySharedStore()
    const written = deferred<void>()
    const write = store.setUnlessMarked.bind(store)
    store.setUnlessMarked = async (...args) => {
      await written.promise
      return write(...args)
    }
    const { cache } = setup({ shared: { store, prefix: 'ts:' } })
    await cached(cache, 'v1')
    expect([cache.inFlight, cache.sharing]).toEqual([0, 1])
    expect(store.keys).not.toContain(sharedKey('ts:', KEY))
    written.resolve()
    await vi.waitFor(() => expect(cache.sharing).toBe(0))
    expect(store.keys).toContain(sharedKey('ts:', KEY))
  })

  it('serves a stale page from the shared store to an instance that has none, and renders it again in the background', async () => {
    const clock = { time: 1_000_000 }
    const store = createMemorySharedStore(() => clock.time)
    const a = setup({ shared: { store, prefix: 'ts:' } }, clock)
    await cached(a.cache, 'v1')
    clock.time += 30_000
    const b = setup({ shared: { store, prefix: 'ts:' } }, clock)
    const render = vi.fn(async () => rendered('on the request'))
    const answer = await getOf(b.cache, KEY, render, async () => rendered('v2'))
    expect(answer.kind === 'hit' && textOf(answer.page)).toBe('v1')
    expect(render).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(b.outcomes).toEqual(['rendered']))
    expect(b.lookups).toEqual(['stale'])
    expect(textOf(b.cache.peek(KEY))).toBe('v2')
  })
})

describe('stale-while-revalidate and purges of what is running or tagged', () => {
  it('a purge by tag marks the pages carrying it and answers the upstream keys that carried it', async () => {
    const { cache } = setup()
    const withUses = (body: string, keys: [string, string[]][], tags: string[]): Rendered => ({
      ...rendered(body),
      uses: { keys: new Map(keys), tags: new Set(tags) },
    })
    const other = 'h:html:en:http://h/b'
    await cache.get(KEY, async () =>
      withUses(
        'a',
        [
          ['h:data:list', ['resource:r3', 'resource:r4']],
          ['h:data:promo', []],
        ],
        ['site', 'resource:r3', 'resource:r4'],
      ),
    )
    await cache.get(other, async () => withUses('b', [['h:data:other', ['resource:r4']]], ['site', 'resource:r4']))
    await vi.waitFor(() => expect(cache.size).toBe(2))
    expect(cache.purge({ host: 'h', mode: 'soft', tags: ['resource:r3'] })).toEqual({
      pages: 1,
      keys: [KEY],
      uses: ['h:data:list'],
    })
    // Soft: still answered, now stale.
    expect(textOf(hitOf(cache, KEY, async () => withUses('a2', [], [])))).toBe('a')
    const hard = cache.purge({ host: 'h', mode: 'hard', tags: ['resource:r4'] })
    expect({ ...hard, keys: hard.keys.sort(), uses: hard.uses.sort() }).toEqual({
      pages: 2,
      keys: [KEY, other],
      uses: ['h:data:list', 'h:data:other'],
    })
    expect(cache.size).toBe(0)
    // The re-render the stale hit started began before the hard purge: not stored.
    await vi.waitFor(() => expect(cache.inFlight).toBe(0))
    expect(cache.size).toBe(0)
  })

  it('a purge keeps out the renders it covers that were running, and only those', async () => {
    const { cache } = setup()
    const covered = deferred<Rendered>()
    const other = deferred<Rendered>()
    const OTHER = 'h:html:en:http://h/b'
    const answers = [cache.get(KEY, () => covered.promise), cache.get(OTHER, () => other.promise)]
    cache.purge({ host: 'h', mode: 'hard', pages: [{ languages: ['en'], routerPathname: '/a' }] })
    covered.resolve(rendered('a'))
    other.resolve(rendered('b'))
    for (const answer of await Promise.all(answers)) if (answer.kind === 'rendered') await answer.response.arrayBuffer()
    await vi.waitFor(() => expect(cache.inFlight).toBe(0))
    expect(cache.peek(KEY)).toBeUndefined()
    expect(textOf(cache.peek(OTHER))).toBe('b')
  })
})

describe('renewing a stale page whose inputs did not change', () => {
  it('hands the re-render the digest the page was rendered from, and keeps the page as it is, fresh again, when it answers unchanged', async () => {
    const { cache, clock, outcomes } = setup()
    await cache.get(KEY, async () => ({ ...rendered('v1'), digest: 'inputs-1' }))
    await vi.waitFor(() => expect(cache.peek(KEY)).toBeDefined())
    const stored = cache.peek(KEY)!
    clock.time += 15_000
    const rerender = vi.fn(async () => ({ kind: 'unchanged' as const }))
    expect(textOf(hitOf(cache, KEY, rerender))).toBe('v1')
    await vi.waitFor(() => expect(outcomes).toEqual(['unchanged']))
    expect(rerender).toHaveBeenCalledWith('inputs-1')
    const renewed = hitOf(cache, KEY, rerender)!
    expect(cache.lookup(KEY)?.age).toBe(0)
    expect(renewed.etag).toBe(stored.etag)
    expect(renewed.digest).toBe('inputs-1')
    expect(renewed.body).toBe(stored.body)
    expect(rerender).toHaveBeenCalledTimes(1)
  })

  it('asks a page stored without a digest to be rendered', async () => {
    const { cache, clock, outcomes } = setup()
    await cache.get(KEY, async () => rendered('v1'))
    await vi.waitFor(() => expect(cache.peek(KEY)).toBeDefined())
    clock.time += 15_000
    const rerender = vi.fn(async () => rendered('v2'))
    hitOf(cache, KEY, rerender)
    await vi.waitFor(() => expect(outcomes).toEqual(['rendered']))
    expect(rerender).toHaveBeenCalledWith(undefined)
    expect(textOf(cache.peek(KEY))).toBe('v2')
  })
})
