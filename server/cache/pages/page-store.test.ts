import { describe, expect, it } from 'vitest'
import { UNDECIDED } from '../../http/answer-policy.ts'
import type { CachedPage } from './cached-page.ts'
import { createPageStore } from './page-store.ts'
import { NOTHING_USED } from './read-render.ts'

/** A page that holds `bytes` (all of it beside its body, which is empty). */
function pageOf(bytes: number): CachedPage {
  return {
    status: 200,
    headers: [],
    policy: UNDECIDED,
    body: { br: null, renderedNonce: undefined, gzip: null },
    storedAt: 0,
    routeName: 'test',
    size: bytes,
    etag: '"x"',
  }
}

const STORED = { uses: NOTHING_USED, purged: false }

describe('the page store', () => {
  it("a flood of one tenant's new pages leaves another tenant's hot page kept", () => {
    const store = createPageStore(100_000, undefined)
    store.set('b.example:html:zh:http://b.example/', pageOf(10_000), STORED)
    store.set('c.example:html:zh:http://c.example/', pageOf(10_000), STORED)
    for (let index = 0; index < 500; index += 1) {
      store.set(`a.example:html:zh:http://a.example/s?query=${index}`, pageOf(10_000), STORED)
      // b's page is asked for now and then, c's never again: both stay, the flood pushes out its own.
      if (index % 50 === 0) expect(store.get('b.example:html:zh:http://b.example/')).toBeDefined()
    }
    expect(store.get('b.example:html:zh:http://b.example/')).toBeDefined()
    expect(store.get('c.example:html:zh:http://c.example/')).toBeDefined()
    expect(store.bytes).toBeLessThanOrEqual(100_000)
    // The flood keeps its most recent pages.
    expect(store.get('a.example:html:zh:http://a.example/s?query=499')).toBeDefined()
    expect(store.get('a.example:html:zh:http://a.example/s?query=0')).toBeUndefined()
  })

  it("a long tail of new tenants leaves a popular tenant's recent pages kept, the larger ones too", () => {
    const store = createPageStore(100_000, undefined)
    const hot = ['r.example:html:zh:http://r.example/', 'r.example:html:zh:http://r.example/s']
    store.set(hot[0] ?? '', pageOf(12_000), STORED)
    store.set(hot[1] ?? '', pageOf(12_000), STORED)
    for (let index = 0; index < 1000; index += 1) {
      store.set(`t${index}.example:html:zh:http://t${index}.example/`, pageOf(8_000), STORED)
      // Asked for between every few new tenants, as a popular site is.
      if (index % 5 === 0) for (const key of hot) expect(store.get(key)).toBeDefined()
    }
    expect(store.bytes).toBeLessThanOrEqual(100_000)
    expect(store.get('t0.example:html:zh:http://t0.example/')).toBeUndefined()
  })

  it('one tenant alone may use the whole bound, least recently used out first', () => {
    const store = createPageStore(30_000, undefined)
    for (const path of ['/1', '/2', '/3'])
      store.set(`a.example:html:zh:http://a.example${path}`, pageOf(10_000), STORED)
    expect(store.size).toBe(3)
    store.get('a.example:html:zh:http://a.example/1')
    store.set('a.example:html:zh:http://a.example/4', pageOf(10_000), STORED)
    expect(store.get('a.example:html:zh:http://a.example/2')).toBeUndefined()
    expect(store.get('a.example:html:zh:http://a.example/1')).toBeDefined()
    expect(store.bytes).toBe(30_000)
  })

  it('the largest tenant gives up a page, even when its pages are more recent', () => {
    const store = createPageStore(40_000, undefined)
    store.set('b.example:html:zh:http://b.example/old', pageOf(10_000), STORED)
    store.set('a.example:html:zh:http://a.example/1', pageOf(10_000), STORED)
    store.set('a.example:html:zh:http://a.example/2', pageOf(10_000), STORED)
    store.set('a.example:html:zh:http://a.example/3', pageOf(10_000), STORED)
    store.set('b.example:html:zh:http://b.example/new', pageOf(10_000), STORED)
    expect(store.get('b.example:html:zh:http://b.example/old')).toBeDefined()
    expect(store.get('a.example:html:zh:http://a.example/1')).toBeUndefined()
    expect(store.size).toBe(4)
  })

  it('does not keep a page larger than the bound, and forgets the copy it replaces', () => {
    const store = createPageStore(10_000, undefined)
    store.set('a.example:html:zh:http://a.example/', pageOf(1000), STORED)
    store.set('a.example:html:zh:http://a.example/', pageOf(20_000), STORED)
    expect(store.get('a.example:html:zh:http://a.example/')).toBeUndefined()
    expect([store.size, store.bytes]).toEqual([0, 0])
  })

  it('counts a page again when it has grown, and evicts for it', () => {
    const store = createPageStore(35_000, undefined)
    store.set('a.example:html:zh:http://a.example/1', pageOf(10_000), STORED)
    store.set('a.example:html:zh:http://a.example/2', pageOf(10_000), STORED)
    store.set('b.example:html:zh:http://b.example/1', pageOf(10_000), STORED)
    const entry = store.get('b.example:html:zh:http://b.example/1')
    if (entry === undefined) throw new Error('the page was not kept')
    entry.page = { ...entry.page, size: 16_000 }
    store.recount('b.example:html:zh:http://b.example/1', entry)
    expect(store.bytes).toBe(26_000)
    expect(
      store
        .entries()
        .map(([key]) => key)
        .sort(),
    ).toEqual(['a.example:html:zh:http://a.example/2', 'b.example:html:zh:http://b.example/1'])
  })

  it('reports evictions, size and bytes', () => {
    let evicted = 0
    const gauges: Record<string, () => number> = {}
    const metrics = {
      lookup: () => {},
      evicted: () => {
        evicted += 1
      },
      size: (read: () => number) => {
        gauges.size = read
      },
      bytes: (read: () => number) => {
        gauges.bytes = read
      },
    }
    const store = createPageStore(20_000, metrics)
    for (const path of ['/1', '/2', '/3'])
      store.set(`a.example:html:zh:http://a.example${path}`, pageOf(10_000), STORED)
    expect([evicted, gauges.size?.(), gauges.bytes?.()]).toEqual([1, 2, 20_000])
  })
})
