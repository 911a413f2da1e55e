import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { agedValueOf, staleCdnCacheControl } from './shared-lifetimes.ts'

const ZH = { cookie: 'lang=zh' }

describe('shared lifetimes of a kept page', () => {
  it.each([
    [0, 'public, max-age=0, s-maxage=10', 'max-age=10, stale-while-revalidate=60, stale-if-error=86400'],
    [12, 'public, max-age=0, s-maxage=22', 'max-age=22, stale-while-revalidate=60, stale-if-error=86400'],
    [3600, 'public, max-age=0, s-maxage=3610', 'max-age=3610, stale-while-revalidate=60, stale-if-error=86400'],
  ])('answered %i s after its render: lifetimes counted from now', (age, cacheControl, cdn) => {
    const headers = {
      'cache-control': 'public, max-age=0, s-maxage=10',
      'cdn-cache-control': 'max-age=10, stale-while-revalidate=60, stale-if-error=86400',
    }
    const aged = Object.entries(headers).map(([name, value]) => {
      const split = agedValueOf(name, value, 0)
      return [name, split === null ? value : `${split.before}${split.seconds + age}${split.after}`]
    })
    expect(Object.fromEntries(aged)).toEqual({ 'cache-control': cacheControl, 'cdn-cache-control': cdn })
  })

  it('a stale copy has no CDN lifetime left, and may still be served stale while fetched again', () => {
    expect(staleCdnCacheControl('max-age=10, stale-while-revalidate=60, stale-if-error=86400')).toBe(
      'max-age=0, stale-while-revalidate=60, stale-if-error=86400',
    )
  })
})

describe.each([
  { cdn: true, name: 'behind a CDN configured for purges' },
  { cdn: false, name: 'without a CDN configured' },
])('pages and payloads $name', ({ cdn }) => {
  const clock = { time: Date.now() }
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite({
      app: { cdnHeaders: cdn, htmlSMaxAge: 10 },
      htmlCache: { ttlMs: 600_000, now: () => clock.time },
    })
  })
  afterAll(() => site.close())

  it('a copy kept 12 s tells shared caches they may keep it 10 s more, whatever its age; browsers never reuse it', async () => {
    const first = await site.request('/res/hot', { headers: ZH })
    await first.arrayBuffer()
    clock.time += 12_000
    const hit = await site.request('/res/hot', { headers: ZH })
    await hit.arrayBuffer()
    expect(hit.headers.get('age')).toBe('12')
    expect(hit.headers.get('cache-status')).toMatch(/hit/)
    expect(hit.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=22')
    expect(hit.headers.get('cdn-cache-control')).toBe(
      cdn ? 'max-age=22, stale-while-revalidate=60, stale-if-error=86400' : null,
    )
    const payload = await site.request('/res/hot/_payload.json', { headers: ZH })
    for (const answer of [first, hit, payload])
      expect(answer.headers.get('cache-control')).not.toMatch(/stale-while-revalidate|stale-if-error/)
  })

  it(cdn ? 'sends the purge tags' : 'sends no purge tags: no CDN reads them', async () => {
    const page = await site.request('/res/hot', { headers: ZH })
    const payload = await site.request('/res/hot/_payload.json', { headers: ZH })
    for (const answer of [page, payload]) {
      await answer.arrayBuffer()
      expect(answer.headers.get('cache-tag') !== null).toBe(cdn)
      expect(answer.headers.get('surrogate-key') !== null).toBe(cdn)
    }
  })
})
