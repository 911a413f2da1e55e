import { randomBytes } from 'node:crypto'
import { request as httpRequest } from 'undici'
import { describe, expect, it, vi } from 'vitest'
import { useFleet } from '../../../test/fleet.ts'
import type { TestSite } from '../../../test/harness.ts'

const HOST = 'res.localhost'
const ZH = { cookie: 'lang=zh' }
const HOT_KEY = `ts:${HOST}:html:zh:http://${HOST}/res/hot`

const fleet = useFleet()

/** An instance on a real socket sharing the test Redis, pages fresh for an hour, admission at the second render. */
async function instance(admitAfter = 2): Promise<TestSite> {
  return fleet.start({
    listen: true,
    redisAdmitAfter: admitAfter,
    htmlCache: { ttlMs: 3_600_000, staleMs: 86_400_000 },
  })
}

/** GET over the socket (the hit writer answers before the app, as in production). */
async function send(site: TestSite, path: string, host = HOST): Promise<{ status: number; age: string | undefined }> {
  const answer = await httpRequest(`${site.url}${path}`, { headers: { host, ...ZH, 'accept-encoding': 'br, gzip' } })
  await answer.body.arrayBuffer()
  const age = answer.headers.age
  return { status: answer.statusCode, age: typeof age === 'string' ? age : undefined }
}

async function usedMemory(): Promise<number> {
  const info = await fleet.admin.info('memory')
  return Number(/used_memory:(\d+)/.exec(info)?.[1])
}

const settled = (site: TestSite) => vi.waitFor(() => expect(site.htmlCache?.inFlight).toBe(0))

/**
 * What Redis may grow by per never-seen address: 4 MiB over 3,000 (`npm run bench:long-tail` sends
 * the 3,000; this test a tenth of them, to stay quick).
 */
const BYTES_PER_ADDRESS = (4 * 1024 * 1024) / 3000

describe('the shared store under a flood of never-seen addresses', () => {
  it('new search terms and Host ports grow Redis by at most 4 MiB per 3,000; the page visitors keep asking for stays cached', async () => {
    const [a, b] = [await instance(), await instance()]
    // The hot page is rendered on each instance: stored in Redis at the second render.
    for (const site of [a, b]) {
      expect((await send(site, '/res/hot')).status).toBe(200)
      await settled(site)
    }
    await vi.waitFor(async () => expect(await fleet.admin.exists(HOT_KEY)).toBe(1))
    const before = await usedMemory()
    const hot: { age: string | undefined }[] = []
    const statuses = new Map<number, number>()
    const count = 180
    for (let batch = 0; batch < count / 6; batch += 1) {
      const requests = Array.from({ length: 6 }, (_, index) => {
        const site = index % 2 === 0 ? a : b
        // Half new search terms (a random word, or a word padded with blanks, which matches as much
        // as the word alone: a full page of results), half the hot page under a Host with a port
        // nobody used before.
        if (index < 2) return send(site, `/s?query=${randomBytes(6).toString('hex')}`)
        if (index === 2) return send(site, `/s?query=a${'+'.repeat(batch + 1)}`)
        return send(site, '/res/hot', `${HOST}:${1024 + batch * 6 + index}`)
      })
      // Real visitors of the hot page, on both instances, meanwhile.
      requests.push(
        send(batch % 2 === 0 ? a : b, '/res/hot').then((answer) => {
          hot.push(answer)
          return answer
        }),
      )
      for (const { status } of await Promise.all(requests)) statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
    await Promise.all([settled(a), settled(b)])
    const growth = (await usedMemory()) - before
    expect([...statuses.keys()]).toEqual([200])
    expect(growth).toBeLessThanOrEqual(count * BYTES_PER_ADDRESS)
    // Every visit of the hot page was answered from a cache (Age), none waited for a render.
    expect(hot).toHaveLength(count / 6)
    expect(hot.filter((answer) => answer.age === undefined)).toEqual([])
    // No search page reached Redis.
    expect(await fleet.admin.keys(`ts:${HOST}:html:*s?query=*`)).toEqual([])
    expect(await fleet.admin.exists(HOT_KEY)).toBe(1)
  }, 60_000)

  it('a page is stored in Redis at its second render in the fleet, compressed; a third instance reads it without rendering', async () => {
    const [a, b] = [await instance(), await instance()]
    await send(a, '/res/hot')
    await settled(a)
    // One render: markers of a few dozen bytes (of the page and the upstream answers it read), no page.
    expect(await fleet.admin.exists(HOT_KEY)).toBe(0)
    expect((await fleet.admin.keys('ts:seen:*')).length).toBeGreaterThan(0)
    // a's own hits never reach Redis.
    expect((await send(a, '/res/hot')).age).toBe('0')
    expect(await fleet.admin.exists(HOT_KEY)).toBe(0)
    await send(b, '/res/hot')
    await settled(b)
    await vi.waitFor(async () => expect(await fleet.admin.exists(HOT_KEY)).toBe(1))
    const stored = (await fleet.admin.getBuffer(HOT_KEY)) ?? Buffer.alloc(0)
    // Compressed: no markup in clear, and under half the page's text (base64 of its brotli).
    const text = await httpRequest(`${b.url}/res/hot`, {
      headers: { host: HOST, ...ZH, 'accept-encoding': 'identity' },
    })
    const textLength = (await text.body.arrayBuffer()).byteLength
    expect(stored.includes('<html')).toBe(false)
    expect(stored.length).toBeLessThan(textLength / 2)
    const c = await instance()
    const shared = await send(c, '/res/hot')
    expect([shared.status, shared.age]).toEqual([200, '0'])
  })

  it("a search page lives in each instance's memory only, however often it is asked for", async () => {
    const [a, b] = [await instance(1), await instance(1)]
    for (const site of [a, b, a, b]) {
      await send(site, '/s?query=linux')
      await settled(site)
    }
    expect((await send(a, '/s?query=linux')).age).toBe('0')
    expect((await send(b, '/s?query=linux')).age).toBe('0')
    expect(await fleet.admin.keys(`ts:${HOST}:html:*`)).toEqual([])
    expect(await fleet.admin.keys('ts:lock:*html*')).toEqual([])
  })

  it('with REDIS_ADMIT_AFTER=1 a page is stored at its first render', async () => {
    const a = await instance(1)
    await send(a, '/res/hot')
    await settled(a)
    await vi.waitFor(async () => expect(await fleet.admin.exists(HOT_KEY)).toBe(1))
    expect(await fleet.admin.keys('ts:seen:*')).toEqual([])
  })
})
