import { randomBytes } from 'node:crypto'
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import type { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startTestSite, type TestSite } from '../../../test/harness.ts'
import { captureLog } from '../../../test/log-capture.ts'
import { connectAdmin, startRedis, type TestRedis } from '../../../test/redis-server.ts'

/**
 * Misses in a row while Redis hangs, the time they may take together (or twice what they take with
 * Redis answering, on a machine too loaded for that: a miss waiting on Redis takes 250 ms a command),
 * and what memory may grow by.
 */
const MISSES = 400
const MISSES_WITHIN_MS = 40_000
const MAX_MEMORY_GROWTH = 64 * 1024 * 1024
const OPENED = 'redis not answering: stopped sending to it, serving from the local cache and the upstream'
const CLOSED = 'redis answers again: sharing through it again'
/** V8's collector, so the heap is measured without the garbage a render leaves behind. */
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

/** Posts the stub makes up (`h0`, `h1`…). */
const MADE_UP = /^h\d+$/

/**
 * A loopback TCP relay in front of Redis that can stop relaying, both ways, without closing a
 * connection (what a hung Redis or a broken network path looks like to a client), and relay again.
 * A held socket is paused: what is sent meanwhile waits in the kernel's buffers, not in this process.
 */
async function startRelay(redisPort: number) {
  const sockets: Socket[] = []
  let holding = false
  const server = createServer((incoming) => {
    const outgoing = createConnection(redisPort, '127.0.0.1')
    sockets.push(incoming, outgoing)
    const relay = (from: Socket, to: Socket) => {
      from.on('data', (chunk) => to.write(chunk))
      from.on('error', () => to.destroy())
      from.on('close', () => to.destroy())
    }
    relay(incoming, outgoing)
    relay(outgoing, incoming)
    if (holding) for (const socket of [incoming, outgoing]) socket.pause()
  })
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    hold() {
      holding = true
      for (const socket of sockets) socket.pause()
    },
    relayAgain() {
      holding = false
      for (const socket of sockets) socket.resume()
    },
    close() {
      for (const socket of sockets) socket.destroy()
      server.close()
    },
  }
}

/** The upstream in front of the demo: a made-up post for every `h<N>` id, with 4 KiB of text that hardly compresses. */
async function madeUpPosts(request: Request, demo: (request: Request) => Promise<Response>): Promise<Response> {
  if (new URL(request.url).pathname !== '/v1/post/get') return demo(request)
  const body = (await request.clone().json()) as { id?: string }
  if (body.id === undefined || !MADE_UP.test(body.id)) return demo(request)
  const original = await demo(
    new Request(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify({ id: 'p1001' }) }),
  )
  const answer = (await original.json()) as { data: { id: string; path?: string; content: string } }
  answer.data.id = body.id
  delete answer.data.path
  answer.data.content += `\n\n${randomBytes(3 * 1024).toString('base64')}`
  return Response.json(answer)
}

let redis: TestRedis
let admin: Redis
let relay: Awaited<ReturnType<typeof startRelay>>
let sites: TestSite[] = []

beforeAll(async () => {
  redis = await startRedis()
})
afterAll(async () => {
  await redis.stop()
})
beforeEach(async () => {
  admin = await connectAdmin(redis)
  relay = await startRelay(redis.port)
})
afterEach(async () => {
  relay.relayAgain()
  await Promise.all(sites.map((site) => site.close()))
  sites = []
  relay.close()
  admin.disconnect()
})

async function get(site: TestSite, path: string): Promise<{ status: number; age: string | null }> {
  const answer = await site.request(path)
  await answer.arrayBuffer()
  return { status: answer.status, age: answer.headers.get('age') }
}

describe('a Redis that hangs with its connections open', () => {
  it('costs misses nothing once a few commands timed out, holds memory bounded, and is shared through again once it answers', async () => {
    const captured = captureLog('warn')
    const start = async () => {
      const site = await startTestSite({
        log: captured.log,
        redisUrl: `redis://127.0.0.1:${relay.port}`,
        redisCommandTimeoutMs: 250,
        // The pages kept here are bounded as in production, only smaller: what grows past them is Redis's doing.
        htmlCache: { ttlMs: 600_000, staleMs: 3_600_000, maxBytes: 8 * 1024 * 1024 },
        upstream: madeUpPosts,
      })
      sites.push(site)
      return site
    }
    const [a, b] = [await start(), await start()]
    let next = 0
    const post = () => `/articles/h${next++}`
    // Sharing works through the relay: a page rendered on a is answered by b from Redis.
    const first = post()
    expect((await get(a, first)).status).toBe(200)
    await vi.waitFor(() => expect(a.htmlCache?.sharing).toBe(0))
    expect(await get(b, first)).toEqual({ status: 200, age: '0' })
    // What a miss costs with Redis answering (after a few to warm up).
    for (let index = 0; index < 20; index++) expect((await get(a, post())).status).toBe(200)
    let started = performance.now()
    for (let index = 0; index < 40; index++) expect((await get(a, post())).status).toBe(200)
    const answeringMs = (performance.now() - started) / 40

    relay.hold()
    collectGarbage()
    const memory = process.memoryUsage()
    started = performance.now()
    const statuses: number[] = []
    const times: number[] = []
    for (let index = 0; index < MISSES; index++) {
      const at = performance.now()
      statuses.push((await get(a, post())).status)
      times.push(performance.now() - at)
    }
    const elapsedMs = performance.now() - started
    collectGarbage()
    const sorted = [...times].sort((x, y) => x - y)
    console.info(
      `first ten ${times.slice(0, 10).map(Math.round).join(' ')}; median ${Math.round(sorted[200] ?? 0)}, p99 ${Math.round(sorted[396] ?? 0)} ms`,
    )
    const grown = process.memoryUsage()
    console.info(
      `${MISSES} misses with Redis hung in ${(elapsedMs / 1000).toFixed(1)} s (${(elapsedMs / MISSES).toFixed(1)} ms a miss, ` +
        `${answeringMs.toFixed(1)} ms with Redis answering); heap +${((grown.heapUsed - memory.heapUsed) / 2 ** 20).toFixed(1)} MiB, ` +
        `external +${((grown.external - memory.external) / 2 ** 20).toFixed(1)} MiB, ` +
        `RSS +${((grown.rss - memory.rss) / 2 ** 20).toFixed(1)} MiB`,
    )
    expect(statuses.filter((status) => status !== 200)).toEqual([])
    expect(elapsedMs).toBeLessThan(Math.max(MISSES_WITHIN_MS, 2 * MISSES * answeringMs))
    // What commands queued for Redis would hold: their objects and text (heap), their buffers (external).
    const held = (usage: NodeJS.MemoryUsage) => usage.heapUsed + usage.external
    expect(held(grown) - held(memory)).toBeLessThanOrEqual(MAX_MEMORY_GROWTH)
    expect(captured.lines.filter((line) => line.msg === OPENED)).toHaveLength(1)

    relay.relayAgain()
    // Once a probe is answered, a page rendered on a is answered by b from Redis, on their own.
    await vi.waitFor(
      async () => {
        const path = post()
        expect((await get(a, path)).status).toBe(200)
        await vi.waitFor(() => expect(a.htmlCache?.sharing).toBe(0))
        expect(await get(b, path)).toEqual({ status: 200, age: '0' })
      },
      { timeout: 20_000, interval: 100 },
    )
    expect(captured.lines.filter((line) => line.msg === CLOSED)).toHaveLength(1)
  }, 120_000)
})
