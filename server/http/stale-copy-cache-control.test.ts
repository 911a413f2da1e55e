import { afterEach, describe, expect, it, vi } from 'vitest'
import { startTestSite, type TestSite, type Via } from '../../test/harness.ts'
import { staleCopyCacheControl } from './stale-copy-cache-control.ts'

const ZH = { cookie: 'lang=zh' }
const TOKEN = 'purge-token-for-stale-tests'
/** What a fresh page says (the harness's HTML_S_MAXAGE default and its 60 s stale window). */
const FRESH = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60, stale-if-error=86400'
const STALE = 'public, max-age=0, s-maxage=0, stale-while-revalidate=60, stale-if-error=86400'
/** What a page says to browsers and shared caches (stale serving is for a CDN only: shared-lifetimes.ts). */
const PAGE_FRESH = 'public, max-age=0, s-maxage=10'
const PAGE_STALE = 'public, max-age=0, s-maxage=0'

describe('staleCopyCacheControl', () => {
  it.each([
    [FRESH, STALE],
    ['public, max-age=0, s-maxage=3600', 'public, max-age=0, s-maxage=0'],
    ['public,max-age=0,S-MAXAGE=5,stale-while-revalidate=9', 'public, max-age=0, s-maxage=0, stale-while-revalidate=9'],
    // No s-maxage of its own: one is added after max-age, or at the end.
    ['public, max-age=0, stale-while-revalidate=60', 'public, max-age=0, s-maxage=0, stale-while-revalidate=60'],
    ['public', 'public, s-maxage=0'],
  ])('%s → %s', (given, expected) => {
    expect(staleCopyCacheControl(given)).toBe(expected)
  })
})

describe('a stale copy from the HTML cache tells a CDN to fetch again at once', () => {
  let site: TestSite | undefined
  afterEach(async () => {
    await site?.close()
    site = undefined
  })

  /** Fresh for 60 s by the injected clock, then stale for an hour. */
  async function start(clock: { now: number }) {
    site = await startTestSite({
      listen: true,
      purgeToken: TOKEN,
      htmlCache: { ttlMs: 60_000, staleMs: 3_600_000, now: () => clock.now },
    })
    return site
  }

  async function page(s: TestSite, via: Via, headers: Record<string, string> = ZH) {
    const answer = await s.request('/res/hot', { headers, via })
    await answer.arrayBuffer()
    // The background re-render a stale answer starts is over before the next look.
    await vi.waitFor(() => expect(s.htmlCache?.inFlight).toBe(0))
    return answer
  }

  it.each<Via>(['app', 'listener'])(
    'past its fresh window (via %s): s-maxage=0, fresh again once rendered anew',
    async (via) => {
      const clock = { now: Date.now() }
      const s = await start(clock)
      await page(s, via)
      const fresh = await page(s, via)
      expect(fresh.headers.get('age')).not.toBeNull()
      expect(fresh.headers.get('cache-control')).toBe(PAGE_FRESH)
      clock.now += 61_000
      const stale = await page(s, via)
      expect(stale.headers.get('age')).toBe('61')
      expect(stale.headers.get('cache-control')).toBe(PAGE_STALE)
      expect(stale.headers.get('cdn-cache-control')).toBe('max-age=0, stale-while-revalidate=60, stale-if-error=86400')
      // Its re-render ran in the background: the next answer is a fresh copy again.
      const renewed = await page(s, via)
      expect(renewed.headers.get('cache-control')).toBe(PAGE_FRESH)
    },
  )

  it.each<Via>(['app', 'listener'])('marked by a soft purge (via %s): s-maxage=0 until rendered anew', async (via) => {
    const clock = { now: Date.now() }
    const s = await start(clock)
    await page(s, via)
    expect((await page(s, via)).headers.get('cache-control')).toBe(PAGE_FRESH)
    await (await s.purge({ host: 'res.localhost', paths: ['/res/hot'] })).arrayBuffer()
    const stale = await page(s, via)
    expect(stale.headers.get('age')).not.toBeNull()
    expect(stale.headers.get('cache-control')).toBe(PAGE_STALE)
    expect((await page(s, via)).headers.get('cache-control')).toBe(PAGE_FRESH)
  })

  it('keeps a stale copy’s other headers, and its 304 says the same', async () => {
    const clock = { now: Date.now() }
    const s = await start(clock)
    const first = await page(s, 'listener')
    clock.now += 61_000
    const stale = await page(s, 'listener', { ...ZH, 'if-none-match': first.headers.get('etag') ?? '' })
    expect(stale.status).toBe(304)
    expect(stale.headers.get('cache-control')).toBe(PAGE_STALE)
  })
})
