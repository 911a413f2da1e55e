import { once } from 'node:events'
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net'
import { Writable } from 'node:stream'
import type { Redis } from 'ioredis'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startTestSite, type TestSite, type TestSiteOptions } from '../../test/harness.ts'
import { captureLog } from '../../test/log-capture.ts'
import { connectAdmin, startRedis, type TestRedis } from '../../test/redis-server.ts'
import { createRedisSharing } from './redis-sharing.ts'

const TOKEN = 'purge-token-for-tests-0123'

let redis: TestRedis
let admin: Redis
let sites: TestSite[] = []

/** Upstream calls of every instance together: site configs (by language, '' = language-independent) and the rest. */
let calls: { siteConfig: number; languages: string[]; other: number }

beforeAll(async () => {
  redis = await startRedis()
})
afterAll(async () => {
  await redis.stop()
})
beforeEach(async () => {
  calls = { siteConfig: 0, languages: [], other: 0 }
  admin = await connectAdmin(redis)
})
afterEach(async () => {
  await Promise.all(sites.map((site) => site.close()))
  sites = []
  admin.disconnect()
})

/** One app instance sharing the test Redis, counting its upstream calls into `calls`. */
async function instance(options: TestSiteOptions = {}): Promise<TestSite> {
  const site = await startTestSite({
    htmlCache: {},
    redisUrl: redis.url,
    purgeToken: TOKEN,
    upstream: async (request, demo) => {
      const language = await siteConfigLanguage(request)
      if (language === null) calls.other += 1
      else {
        calls.siteConfig += 1
        calls.languages.push(language)
      }
      return demo(request)
    },
    ...options,
  })
  sites.push(site)
  return site
}

/** The `page_language` of a site config load (web_get without a page), else null. */
async function siteConfigLanguage(request: Request): Promise<string | null> {
  if (new URL(request.url).pathname !== '/v1/site_page/web_get') return null
  const body = JSON.parse((await request.clone().text()) || '{}') as { page_path?: string; page_language?: string }
  return body.page_path === '' ? (body.page_language ?? '') : null
}

async function get(site: TestSite, path: string, init: RequestInit & { host?: string } = {}) {
  const response = await site.request(path, init)
  // Each response has its own CSP nonce; the page is otherwise the same.
  const text = (await response.text()).replace(/ nonce="[^"]*"/g, ' nonce=""')
  await vi.waitFor(() => expect(site.htmlCache?.inFlight).toBe(0))
  return { status: response.status, text }
}

describe('instances sharing Redis', () => {
  it('a second instance serves configs, data and the page loaded by the first without calling the upstream', async () => {
    const [a, b] = [await instance(), await instance()]
    const first = await get(a, '/res/hot', { headers: { cookie: 'lang=zh' } })
    const loaded = { ...calls, languages: [...calls.languages] }
    // The language-independent config, and the one in the page language.
    expect(loaded.languages.sort()).toEqual(['', 'zh'])
    await vi.waitFor(async () =>
      expect(await admin.exists('ts:{res.localhost}:html:zh:http://res.localhost/res/hot')).toBe(1),
    )
    const second = await get(b, '/res/hot', { headers: { cookie: 'lang=zh' } })
    expect(second.status).toBe(200)
    expect(second.text).toBe(first.text)
    expect(calls).toEqual(loaded)
    // A page the second instance renders itself still uses the shared site config and data.
    await get(b, '/res/new')
    expect(calls.siteConfig).toBe(2)
  })

  it('a cold site config requested by two instances at once is loaded once', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const options: TestSiteOptions = {
      // About coalescing, not Redis deadlines: on a busy machine a lock command that times out
      // would let the second instance load without the lock.
      redisCommandTimeoutMs: 5000,
      // The second instance waits for the first however long this busy machine takes to release it.
      sharedWaitMs: 30_000,
      // Nor may the held load time out (2 s in tests) before the test releases it.
      upstreamClient: { timeoutMs: 30_000 },
      upstream: async (request, demo) => {
        const language = await siteConfigLanguage(request)
        if (language !== null) {
          calls.languages.push(language)
          await gate
        }
        return demo(request)
      },
    }
    const [a, b] = [await instance(options), await instance(options)]
    const pages = [a.request('/res/hot'), b.request('/res/hot')]
    await vi.waitFor(async () => expect(await admin.keys('ts:lock:*')).toHaveLength(1), { timeout: 5000 })
    await vi.waitFor(() => expect(calls.languages).toEqual(['']), { timeout: 5000 })
    release()
    const statuses = await Promise.all(pages.map(async (page) => (await page).status))
    expect(statuses).toEqual([200, 200])
    // Each config (language-independent, then the page language) was loaded by one instance only.
    expect(calls.languages.sort()).toEqual(['', 'zh'])
  })

  it('a purge on one instance is seen on the other', async () => {
    const [a, b] = [await instance(), await instance()]
    await get(a, '/res/hot')
    await get(b, '/res/hot')
    expect(b.htmlCache?.size).toBe(1)
    const purged = await a.request('/_internal/purge', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ host: 'res.localhost', mode: 'hard' }),
    })
    expect(purged.status).toBe(200)
    await vi.waitFor(() => expect(b.htmlCache?.size).toBe(0))
    // One record, whatever the tenant's number of keys: its copies stay until they expire, read as purged.
    expect(await admin.zscore('ts:{res.localhost}:purged', 'hard:host:res.localhost')).not.toBeNull()
    // Counted from here: the purge itself looks up the tenant's listed names (same site or not).
    const before = { ...calls, languages: [...calls.languages] }
    await get(b, '/res/hot')
    expect(calls.siteConfig).toBe(before.siteConfig + 2)
    expect(calls.other).toBeGreaterThan(before.other)
  })

  it('once ready, an instance sends commands: its command connection is up, not only the subscriber', async () => {
    // Commands are not queued while disconnected: if ready settled with the subscriber alone, a
    // purge right after start-up would fail. The proxy holds back the first connection it gets
    // (the command connection, opened before the subscriber's) for 300 ms.
    const proxy = await holdingBackFirstConnection(redis.port, 300)
    const failed: string[] = []
    const sharing = createRedisSharing({
      url: `redis://127.0.0.1:${proxy.port}`,
      log: pino({ level: 'silent' }),
      onCommandError: (what) => failed.push(what),
    })
    try {
      await sharing.ready
      expect(await sharing.store.mark(['ts:ready-check'], Date.now(), 60_000)).toBe(true)
      expect(failed).toEqual([])
    } finally {
      await sharing.close()
      proxy.close()
    }
  })

  it('times each operation by its name, for the shared store latency metric', async () => {
    const timed: [string, number][] = []
    const sharing = createRedisSharing({
      url: `redis://127.0.0.1:${redis.port}`,
      log: pino({ level: 'silent' }),
      onCommandTimed: (what, seconds) => timed.push([what, seconds]),
    })
    try {
      await sharing.ready
      await sharing.store.set('ts:timed-check', Buffer.from('x'), 60_000)
      await sharing.store.get('ts:timed-check')
      // The purge stream is followed in the background meanwhile ('follow').
      const commands = timed.filter(([what]) => what === 'set' || what === 'get')
      expect(commands.map(([what]) => what)).toEqual(['set', 'get'])
      for (const [, seconds] of commands) expect(seconds).toBeGreaterThan(0)
    } finally {
      await sharing.close()
    }
  })

  it('closing an instance while its subscriber subscribes again after a reconnect leaves no unhandled rejection', async () => {
    // A shutdown during a reconnect: the new connection's SUBSCRIBE is still unanswered when the
    // instance closes, and the closed connection fails it. Unhandled, that failure ends the process.
    const unhandled: unknown[] = []
    const record = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', record)
    const fake = await subscribeOnceServer()
    const { log, lines } = captureLog('warn')
    const sharing = createRedisSharing({ url: `redis://127.0.0.1:${fake.port}`, log, logIntervalMs: 0 })
    try {
      await sharing.ready
      fake.dropSubscribers()
      await vi.waitFor(() => expect(fake.unansweredSubscribes()).toBe(1), { timeout: 5000, interval: 10 })
      await sharing.close()
      // The failed SUBSCRIBE is handled: it reaches the log rather than the process.
      await vi.waitFor(() => expect(lines.map((line) => line.what)).toContain('subscribe'), { interval: 10 })
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', record)
      fake.close()
    }
  })

  it('a hung Redis (connected, never answering) does not hang pages: each command has a deadline', async () => {
    const [a, b] = [await instance({ redisCommandTimeoutMs: 100 }), await instance({ redisCommandTimeoutMs: 100 })]
    await get(a, '/res/hot')
    redis.pause()
    try {
      for (const site of [a, b]) {
        for (const path of ['/res/hot', '/res/new', '/s?query=hung']) {
          const page = await get(site, path)
          expect(`${path} ${page.status}`).toBe(`${path} 200`)
        }
      }
    } finally {
      redis.resume()
    }
  })

  it('Redis killed mid-run changes nothing visitors see, is logged once, and is picked up again when back', async () => {
    const lines: string[] = []
    const log = pino(
      { level: 'warn' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk))
          done()
        },
      }),
    )
    const [a, b] = [
      await instance({ log, redisCommandTimeoutMs: 200 }),
      await instance({ log, redisCommandTimeoutMs: 200 }),
    ]
    const warm = await get(a, '/res/hot')
    await redis.kill()
    try {
      for (const site of [a, b]) {
        for (const path of ['/res/hot', '/res/new', '/rank', '/d/no-such-resource']) {
          const page = await get(site, path)
          expect(`${path} ${page.status}`).toBe(`${path} ${path.startsWith('/d/') ? 404 : 200}`)
        }
      }
      expect((await get(a, '/res/hot')).text).toBe(warm.text)
      const purged = await a.request('/_internal/purge', {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ all: true }),
      })
      expect(purged.status).toBe(200)
      expect((await get(a, '/res/hot')).status).toBe(200)
      const warnings = lines.filter((line) => line.includes('redis unavailable'))
      // Once per instance per interval, not once per command.
      expect(warnings.length).toBeGreaterThan(0)
      expect(warnings.length).toBeLessThanOrEqual(2)
    } finally {
      await redis.restart()
    }
    // Back: the instance reconnects and shares again, without a restart.
    let probe = 0
    await vi.waitFor(
      async () => {
        // A search not made before: its data is written to Redis once the instance has reconnected.
        expect((await get(a, `/s?query=probe${probe++}`)).status).toBe(200)
        expect(await admin.keys('ts:{res.localhost}:data:*')).not.toEqual([])
      },
      { timeout: 15_000, interval: 100 },
    )
  })
})

/** A loopback TCP proxy to Redis that starts relaying the first connection it accepts only after `holdMs`. */
async function holdingBackFirstConnection(redisPort: number, holdMs: number): Promise<{ port: number; close(): void }> {
  const sockets: Socket[] = []
  let accepted = 0
  const server = createServer((incoming) => {
    const held = accepted++ === 0
    const outgoing = createConnection(redisPort, '127.0.0.1')
    sockets.push(incoming, outgoing)
    incoming.on('error', () => outgoing.destroy())
    outgoing.on('error', () => incoming.destroy())
    const relay = () => {
      incoming.pipe(outgoing)
      outgoing.pipe(incoming)
    }
    if (held) {
      incoming.pause()
      setTimeout(relay, holdMs)
    } else relay()
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy()
      server.close()
    },
  }
}

/**
 * A stand-in for Redis that answers its first SUBSCRIBE and none after: enough of the protocol for
 * ioredis to connect, check readiness and subscribe. `dropSubscribers` cuts the subscribed
 * connections, as a Redis restart or `CLIENT KILL TYPE pubsub` would.
 */
async function subscribeOnceServer() {
  const sockets = new Set<Socket>()
  const subscribed = new Set<Socket>()
  let subscribes = 0
  let unanswered = 0
  const bulk = (text: string) => `$${Buffer.byteLength(text)}\r\n${text}\r\n`
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
    let pending = ''
    socket.on('data', (data) => {
      pending += data.toString('latin1')
      for (;;) {
        const parsed = respCommand(pending)
        if (parsed === null) return
        pending = pending.slice(parsed.length)
        const [name = '', ...args] = parsed.words
        const command = name.toLowerCase()
        if (command === 'info') socket.write(bulk('# Server\r\nloading:0\r\n'))
        else if (command === 'subscribe') {
          if (subscribes++ > 0) unanswered += 1
          else {
            subscribed.add(socket)
            socket.write(`*3\r\n${bulk('subscribe')}${bulk(args[0] ?? '')}:1\r\n`)
          }
        } else if (command === 'xrange' || command === 'xrevrange') socket.write('*0\r\n')
        else socket.write('+OK\r\n')
      }
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    port: (server.address() as AddressInfo).port,
    dropSubscribers: () => {
      for (const socket of subscribed) socket.destroy()
    },
    unansweredSubscribes: () => unanswered,
    close: () => {
      for (const socket of sockets) socket.destroy()
      server.close()
    },
  }
}

/** The words of the first whole RESP command in `text` and its length, or null while incomplete. */
function respCommand(text: string): { words: string[]; length: number } | null {
  const header = /^\*(\d+)\r\n/.exec(text)
  if (header === null) return null
  let at = header[0].length
  const words: string[] = []
  for (let word = 0; word < Number(header[1]); word++) {
    const size = /^\$(\d+)\r\n/.exec(text.slice(at))
    if (size === null) return null
    const start = at + size[0].length
    const end = start + Number(size[1])
    if (text.length < end + 2) return null
    words.push(text.slice(start, end))
    at = end + 2
  }
  return { words, length: at }
}
