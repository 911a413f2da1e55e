import { randomBytes } from 'node:crypto'
import { request as httpRequest } from 'undici'
import { describe, expect, it, vi } from 'vitest'
import { useFleet } from '../../../test/fleet.ts'
import { settled, type TestSite } from '../../../test/harness.ts'

const HOST = 'res.localhost'
const ZH = { cookie: 'lang=zh' }
const HOT_KEY = `ts:{${HOST}}:html:zh:http://${HOST}/res/hot`

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

/** What the keys in Redis take (MEMORY USAGE of each, summed), and how many there are. */
async function keysFootprint(): Promise<{ bytes: number; keys: number }> {
  let [bytes, keys, cursor] = [0, 0, '0']
  do {
    const [next, found] = await fleet.admin.scan(cursor, 'COUNT', 1000)
    cursor = next
    keys += found.length
    const sizes = await Promise.all(found.map((key) => fleet.admin.memory('USAGE', key)))
    for (const size of sizes) bytes += Number(size ?? 0)
  } while (cursor !== '0')
  return { bytes, keys }
}

/** The bound: 3,000 never-seen addresses grow Redis by at most 4 MiB. */
const FLOOD = 3000
const MAX_GROWTH = 4 * 1024 * 1024
/** Requests in flight at once (the flood's, and a real visitor of the hot page with each batch). */
const BATCH = 24
/** The hot page in an instance's memory. */
const HOT_PAGE = `${HOST}:html:zh:http://${HOST}/res/hot`

/** An upstream request as it reached the stub: method, path, query and body. */
async function upstreamCall(request: Request): Promise<string> {
  const url = new URL(request.url)
  const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text()
  return `${request.method} ${url.pathname}${url.search} ${body}`
}

describe('the shared store under a flood of never-seen addresses', () => {
  it('3,000 new search terms and Host ports grow Redis by at most 4 MiB; the page visitors keep asking for is never rendered again', async () => {
    // Every upstream call of both instances, and the phase it came in.
    let phase: 'hot' | 'flood' | 'other' = 'other'
    const calls: Record<'hot' | 'flood' | 'other', string[]> = { hot: [], flood: [], other: [] }
    const start = () =>
      fleet.start({
        listen: true,
        redisAdmitAfter: 2,
        htmlCache: { ttlMs: 3_600_000, staleMs: 86_400_000 },
        upstream: async (request, demo) => {
          calls[phase].push(await upstreamCall(request))
          return demo(request)
        },
      })
    const [a, b] = [await start(), await start()]
    // Each instance renders a search page first, so the upstream answers every page reads (the
    // site's config, its menus) are there before the hot page: what the hot page's render asks for
    // beyond them is its own.
    for (const site of [a, b]) {
      expect((await send(site, '/s?query=warm')).status).toBe(200)
      await settled(site)
    }
    phase = 'hot'
    // The hot page is rendered on each instance: stored in Redis at the second render.
    for (const site of [a, b]) {
      expect((await send(site, '/res/hot')).status).toBe(200)
      await settled(site)
    }
    phase = 'other'
    await vi.waitFor(async () => expect(await fleet.admin.exists(HOT_KEY)).toBe(1))
    const hotCalls = new Set(calls.hot)
    expect(hotCalls.size).toBeGreaterThan(0)
    const heldHere = [a.htmlCache?.peek(HOT_PAGE), b.htmlCache?.peek(HOT_PAGE)]
    expect(heldHere).not.toContain(undefined)
    const stored = await fleet.admin.getBuffer(HOT_KEY)
    const [memoryBefore, keysBefore] = [await usedMemory(), await keysFootprint()]

    phase = 'flood'
    const hot: { age: string | undefined }[] = []
    const statuses = new Map<number, number>()
    const started = performance.now()
    for (let sent = 0; sent < FLOOD; sent += BATCH) {
      const requests = Array.from({ length: Math.min(BATCH, FLOOD - sent) }, (_, offset) => {
        const index = sent + offset
        const site = index % 2 === 0 ? a : b
        // Half new search terms (a random word, or a word padded with blanks, which matches as much
        // as the word alone: a full page of results), half the hot page under a Host with a port
        // nobody used before.
        if (index % 4 === 0) return send(site, `/s?query=${randomBytes(6).toString('hex')}`)
        if (index % 4 === 2) return send(site, `/s?query=a${'+'.repeat(1 + Math.floor(index / 4))}`)
        return send(site, '/res/hot', `${HOST}:${1024 + index}`)
      })
      // A real visitor of the hot page with each batch, on either instance.
      requests.push(
        send((sent / BATCH) % 2 === 0 ? a : b, '/res/hot').then((answer) => {
          hot.push(answer)
          return answer
        }),
      )
      for (const { status } of await Promise.all(requests)) statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
    // Writes to Redis follow the answers: settled once each instance's page writes have landed, the
    // last of its commands on a connection Redis answers in order.
    await settled(a, b)
    const seconds = (performance.now() - started) / 1000
    phase = 'other'
    const [memoryAfter, keysAfter] = [await usedMemory(), await keysFootprint()]
    console.info(
      `${FLOOD} never-seen addresses in ${seconds.toFixed(1)} s: used_memory ${memoryAfter - memoryBefore} bytes, ` +
        `keys ${keysAfter.keys - keysBefore.keys} more holding ${keysAfter.bytes - keysBefore.bytes} bytes; ` +
        `${calls.flood.length} upstream calls`,
    )

    expect([...statuses.entries()]).toEqual([[200, FLOOD + hot.length]])
    expect(keysAfter.bytes - keysBefore.bytes).toBeLessThanOrEqual(MAX_GROWTH)
    expect(memoryAfter - memoryBefore).toBeLessThanOrEqual(MAX_GROWTH)
    // No search page reached Redis.
    expect(await fleet.admin.keys(`ts:{${HOST}}:html:*s?query=*`)).toEqual([])
    // The hot page was never rendered again, here or elsewhere: not one of the upstream calls its
    // render made was made again, each instance holds the very page it rendered or took before the
    // flood, and Redis the same copy.
    expect(calls.flood.filter((call) => hotCalls.has(call))).toEqual([])
    expect([a.htmlCache?.peek(HOT_PAGE), b.htmlCache?.peek(HOT_PAGE)]).toEqual(heldHere)
    expect(a.htmlCache?.peek(HOT_PAGE)).toBe(heldHere[0])
    expect(b.htmlCache?.peek(HOT_PAGE)).toBe(heldHere[1])
    expect(await fleet.admin.getBuffer(HOT_KEY)).toEqual(stored)
    // And every visit of it was answered from a cache (Age).
    expect(hot).toHaveLength(Math.ceil(FLOOD / BATCH))
    expect(hot.filter((answer) => answer.age === undefined)).toEqual([])
  }, 120_000)

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
    expect(await fleet.admin.keys(`ts:{${HOST}}:html:*`)).toEqual([])
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
