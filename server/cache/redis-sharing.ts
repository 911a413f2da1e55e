import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { z } from 'zod'
import { purgeChannel } from './cache-keys.ts'
import type { PurgeBus, PurgeMessage } from './purge-bus.ts'
import { readTime, type SharedStore } from './shared-store.ts'

export interface RedisSharingOptions {
  /** `redis://…` or `rediss://…` (Redis 7 or Valkey). */
  url: string
  log: Logger
  /** Every key and the purge channel start with this. Default `ts:`. */
  prefix?: string
  /** A command slower than this counts as failed; the instance goes on without Redis. Default 250 ms. */
  commandTimeoutMs?: number
  /** Connection trouble is logged at most once per this interval. Default 30 s. */
  logIntervalMs?: number
  /** Told about every failed command (metrics), by operation: get, set, lock, unlock, purge, publish. */
  onCommandError?: (operation: string) => void
}

export interface RedisSharing {
  store: SharedStore
  bus: PurgeBus
  /** Prefix of every key (keys are `prefix + name`). */
  prefix: string
  /**
   * Settles once commands can be sent and purges from other instances are being received (never
   * fails; for tests and start-up logs).
   */
  ready: Promise<void>
  close(): Promise<void>
}

// Deletes the lock only if it still holds our token: a lock that expired and was taken by another
// instance must not be released by us.
const RELEASE_LOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"

// A page write and its tag index entries, refused when a purge record covering the page is at or
// after the render's start (ARGV[1]): one script, so a purge cannot fall between check and write.
// KEYS: the page, ARGV[4] purge records, then the tag sets; ARGV[5] the members of each set (JSON).
const SET_UNLESS_MARKED = `
local marks = tonumber(ARGV[4])
local since = tonumber(ARGV[1])
for i = 2, marks + 1 do
  local at = tonumber(redis.call('get', KEYS[i]) or '')
  if at and at >= since then return 0 end
end
redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3])
local members = cjson.decode(ARGV[5])
for i = marks + 2, #KEYS do
  local names = members[i - marks - 1]
  if #names > 0 then
    redis.call('sadd', KEYS[i], unpack(names))
    -- GT: an index never expires before the longest-lived key it names.
    redis.call('pexpire', KEYS[i], ARGV[3], 'GT')
    redis.call('pexpire', KEYS[i], ARGV[3], 'NX')
  end
end
return 1
`

/**
 * Redis as the second cache level and purge channel shared by every instance. Redis down or slow
 * never fails a request: commands are not queued while disconnected, each has a deadline, and a
 * failure reads as "nothing stored" so the instance serves from its own caches and the upstream.
 * ioredis keeps reconnecting in the background.
 */
export function createRedisSharing(options: RedisSharingOptions): RedisSharing {
  const prefix = options.prefix ?? 'ts:'
  const channel = purgeChannel(prefix)
  const instanceId = randomUUID()
  const logIntervalMs = options.logIntervalMs ?? 30_000
  let lastLoggedAt = -Infinity

  function trouble(error: unknown, what: string) {
    const at = Date.now()
    if (at - lastLoggedAt < logIntervalMs) return
    lastLoggedAt = at
    options.log.warn({ err: error, what }, 'redis unavailable: serving from the local cache and the upstream')
  }

  const common = {
    connectTimeout: 2000,
    // Keep trying forever, at most every 2 s: Redis coming back is picked up without a restart.
    retryStrategy: (times: number) => Math.min(100 * times, 2000),
    lazyConnect: false,
  }
  const client = new Redis(options.url, {
    ...common,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? 250,
  })
  // The subscriber queues its SUBSCRIBE until connected and subscribes again after each reconnect.
  const subscriber = new Redis(options.url, { ...common, autoResubscribe: true, maxRetriesPerRequest: null })
  client.on('error', (error) => trouble(error, 'connection'))
  subscriber.on('error', (error) => trouble(error, 'subscriber connection'))

  async function attempt<T>(what: string, run: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await run()
    } catch (error) {
      options.onCommandError?.(what)
      trouble(error, what)
      return fallback
    }
  }

  const store: SharedStore = {
    get: (key) => attempt('get', async () => (await client.getBuffer(key)) ?? undefined, undefined),
    set: (key, value, ttlMs) =>
      attempt('set', async () => void (await client.set(key, value, 'PX', Math.max(1, Math.ceil(ttlMs)))), undefined),
    async lock(key, ttlMs) {
      const token = randomUUID()
      const noLock = async () => {}
      const taken = await attempt(
        'lock',
        () => client.set(key, token, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX'),
        'unavailable' as const,
      )
      if (taken === 'unavailable') return noLock
      if (taken !== 'OK') return null
      return async () => {
        await attempt('unlock', () => client.eval(RELEASE_LOCK, 1, key, token), 0)
      }
    },
    deletePrefix: (keyPrefix, filter = () => true) =>
      attempt(
        'purge',
        async () => {
          // SCAN, not KEYS: a purge must not block Redis for every other instance.
          const stream = client.scanStream({ match: `${escapeGlob(keyPrefix)}*`, count: 500 })
          for await (const found of stream as AsyncIterable<string[]>) {
            const keys = found.filter(filter)
            if (keys.length > 0) await client.unlink(...keys)
          }
          return true
        },
        false,
      ),
    getMarked: (key, marks) =>
      attempt(
        'get',
        async () => {
          const [page, times] =
            (await client
              .multi()
              .getBuffer(key)
              .mget(...marks)
              .exec()) ?? []
          if (page?.[0] || times?.[0]) throw page?.[0] ?? times?.[0]
          const values = Array.isArray(times?.[1]) ? (times[1] as (string | null)[]) : []
          return {
            value: (page?.[1] as Buffer | null) ?? undefined,
            marks: marks.map((_, index) => readTime(values[index])),
          }
        },
        { value: undefined, marks: marks.map(() => undefined) },
      ),
    mark: (keys, at, ttlMs) =>
      attempt(
        'purge',
        async () => {
          const batch = client.multi()
          for (const key of keys) batch.set(key, String(at), 'PX', Math.max(1, Math.ceil(ttlMs)))
          await batch.exec()
          return true
        },
        false,
      ),
    setUnlessMarked: (key, value, ttlMs, guard) =>
      attempt(
        'set',
        async () => {
          const keys = [key, ...guard.marks, ...guard.sets.map(([set]) => set)]
          const members = JSON.stringify(guard.sets.map(([, names]) => names))
          const stored = await client.eval(
            SET_UNLESS_MARKED,
            keys.length,
            ...keys,
            guard.since,
            value,
            Math.max(1, Math.ceil(ttlMs)),
            guard.marks.length,
            members,
          )
          return stored === 1
        },
        false,
      ),
    scanSet: (set, each) =>
      attempt(
        'purge',
        async () => {
          // SSCAN in batches: a tag on 100k pages never holds Redis for long.
          const stream = client.sscanStream(set, { count: 500 })
          for await (const members of stream as AsyncIterable<string[]>) {
            if (members.length > 0) await each(members)
          }
          return true
        },
        false,
      ),
    deleteKeys: (keys) =>
      attempt(
        'purge',
        async () => {
          for (let start = 0; start < keys.length; start += 500) await client.unlink(...keys.slice(start, start + 500))
          return true
        },
        false,
      ),
  }

  const handlers = new Set<(message: PurgeMessage) => void>()
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return
    const message = parsePurgeMessage(text)
    if (message === undefined || message.from === instanceId) return
    for (const handler of handlers) handler(toPurgeScope(message))
  })
  const subscribed = subscriber.subscribe(channel).then(
    () => undefined,
    (error: unknown) => trouble(error, 'subscribe'),
  )
  // Commands are not queued while disconnected: one sent before the command connection is up
  // fails, even with the subscriber already listening. The client connects in the background, so
  // its 'ready' cannot come before this listener.
  const connected = new Promise<void>((resolve) => client.once('ready', () => resolve()))
  const ready = Promise.all([subscribed, connected]).then(() => undefined)

  const bus: PurgeBus = {
    async publish(message) {
      await attempt('publish', () => client.publish(channel, JSON.stringify({ from: instanceId, ...message })), 0)
    },
    subscribe(handler) {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
  }

  return {
    store,
    bus,
    prefix,
    ready,
    async close() {
      handlers.clear()
      client.disconnect()
      subscriber.disconnect()
    },
  }
}

/** Escapes Redis glob characters (`*?[]\`) so a key prefix matches literally. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (char) => `\\${char}`)
}

const purgeMessageSchema = z.object({
  from: z.string(),
  host: z.string().nullable(),
  // Instances of an earlier version send neither: their purges dropped everything of the host.
  mode: z.enum(['soft', 'hard']).default('hard'),
  pages: z.array(z.object({ languages: z.array(z.string()), routerPathname: z.string() })).optional(),
  tags: z.array(z.string()).optional(),
})

function toPurgeScope(message: z.infer<typeof purgeMessageSchema>): PurgeMessage {
  return {
    host: message.host,
    mode: message.mode,
    ...(message.pages ? { pages: message.pages } : {}),
    ...(message.tags ? { tags: message.tags } : {}),
  }
}

function parsePurgeMessage(text: string): z.infer<typeof purgeMessageSchema> | undefined {
  try {
    const parsed = purgeMessageSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}
