import { sharedKey } from '../cache-keys.ts'
import { describe, expect, it, vi } from 'vitest'
import { createMemorySharedStore } from '../redis/shared-store.ts'
import type { CachedPage } from './cached-page.ts'
import { createClockedHtmlCache, hitOf } from './clocked-html-cache.test-helper.ts'
import { bodySegments } from './body/page-body.ts'
import type { Rendered, RevalidationOutcome } from './read-render.ts'
import { UNDECIDED } from '../../http/answer-policy.ts'

const KEY = 'h:html:en:http://h/a'
const SHARED_KEY = sharedKey('ts:', KEY)

function rendered(body: string, status = 200, headers: Record<string, string> = {}): Rendered {
  return {
    response: new Response(status >= 300 && status < 400 ? null : body, {
      status,
      headers: { 'content-type': 'text/html', ...headers },
    }),
    complete: Promise.resolve(true),
    nonce: undefined,
    routeName: 'page',
    policy: UNDECIDED,
  }
}

const textOf = (page: CachedPage | undefined) => (page ? Buffer.concat(bodySegments(page.body)).toString() : undefined)

/** A cache fresh 10 s then stale 60 s, sharing a store in memory, holding `KEY` as `good` (shared). */
async function setup() {
  const clock = { time: 1_000_000 }
  const store = createMemorySharedStore(() => clock.time)
  const outcomes: RevalidationOutcome[] = []
  const cache = createClockedHtmlCache(clock, {
    shared: { store, prefix: 'ts:' },
    onRevalidated: (outcome) => outcomes.push(outcome),
  })
  await cache.get(KEY, async () => rendered('good'))
  await vi.waitFor(() => expect(store.keys).toContain(SHARED_KEY))
  return { cache, clock, store, outcomes }
}

const purge = { host: 'h', mode: 'soft' as const, pages: [{ languages: ['en'], routerPathname: '/a' }] }

describe('a soft purge of a page that is gone', () => {
  it.each([
    [404, {}],
    [410, {}],
    [301, { location: 'http://h/b' }],
    [302, { location: 'http://h/b' }],
    [308, { location: 'http://h/b' }],
  ])('a re-render answering %i takes the page down, here and in the shared store', async (status, headers) => {
    const { cache, store, outcomes } = await setup()
    cache.purge(purge)
    const rerender = vi.fn(async () => rendered('gone', status, headers))
    // The visitor who starts the re-render still gets the old copy at once.
    expect(textOf(hitOf(cache, KEY, rerender))).toBe('good')
    await vi.waitFor(() => expect(outcomes).toEqual(['removed']))
    expect(cache.peek(KEY)).toBeUndefined()
    expect(store.keys).not.toContain(SHARED_KEY)
    // A hard record of that one page: a render started before it is never written back.
    expect(store.keys).toContain(`ts:purged:hard:page:${KEY}`)
    // The next visitor gets what a render answers now.
    const next = await cache.get(KEY, async () => rendered('gone', status, headers))
    expect(next.kind).toBe('rendered')
    expect(next.kind === 'rendered' && next.response.status).toBe(status)
  })

  it.each([500, 503])('a re-render answering %i keeps the stale copy', async (status) => {
    const { cache, store, outcomes } = await setup()
    cache.purge(purge)
    expect(textOf(hitOf(cache, KEY, async () => rendered('down', status)))).toBe('good')
    await vi.waitFor(() => expect(outcomes).toEqual(['failed']))
    expect(textOf(cache.peek(KEY))).toBe('good')
    expect(store.keys).toContain(SHARED_KEY)
  })

  it('a stale page nobody purged keeps its copy when its re-render answers 404 (an upstream fault must not empty the cache)', async () => {
    const { cache, clock, store, outcomes } = await setup()
    clock.time += 10_000
    expect(textOf(hitOf(cache, KEY, async () => rendered('gone', 404)))).toBe('good')
    await vi.waitFor(() => expect(outcomes).toEqual(['failed']))
    expect(textOf(cache.peek(KEY))).toBe('good')
    expect(store.keys).toContain(SHARED_KEY)
  })

  it('a purge that comes while the re-render runs decides instead: nothing is taken down', async () => {
    const { cache, store, outcomes } = await setup()
    cache.purge(purge)
    let answer!: (value: Rendered) => void
    const held = new Promise<Rendered>((resolve) => {
      answer = resolve
    })
    hitOf(cache, KEY, () => held)
    cache.purge({ ...purge, mode: 'hard' })
    answer(rendered('gone', 404))
    await vi.waitFor(() => expect(outcomes).toEqual(['removed']))
    expect(store.keys).not.toContain(`ts:purged:hard:page:${KEY}`)
  })
})
