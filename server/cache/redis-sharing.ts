import { randomUUID } from 'node:crypto'
import type { Cluster, Redis } from 'ioredis'
import type { Logger } from 'pino'
import { purgeChannel } from './cache-keys.ts'
import { createCommandBreaker } from './redis/command-breaker.ts'
import { closeRedis, connectRedis, type RedisTarget } from './redis/redis-connection.ts'
import type { PurgeBus } from './purge/purger.ts'
import type { FollowEvent, PurgeGap } from './purge/purge-follower.ts'
import { redisPurgeBus } from './purge/redis-purge-bus.ts'
import { redisPurgeRecords } from './purge/redis-purge-records.ts'
import { traceStoreCommand } from '../telemetry/store-span.ts'
import { readTime, type SharedStore } from './redis/shared-store.ts'

export interface RedisSharingOptions {
  /** `redis://…` or `rediss://…` (Redis 7 or Valkey), or a Sentinel or Cluster target (redis-connection.ts). */
  url: string | RedisTarget
  log: Logger
  /** Every key, script key, stream and channel starts with this (REDIS_KEY_PREFIX). Default `ts:`. */
  prefix?: string
  /** A command slower than this counts as failed; the instance goes on without Redis. Default 250 ms. */
  commandTimeoutMs?: number
  /** Connection trouble is logged at most once per this interval. Default 30 s. */
  logIntervalMs?: number
  /** Told about every failed command (metrics), by operation: get, set, lock, unlock, purge, publish, follow. */
  onCommandError?: (operation: string) => void
  /** Told how long each operation took, failed or not (metrics), by the same operations. */
  onCommandTimed?: (operation: string, seconds: number) => void
  /** Told about each purge from another instance: applied, malformed, failed to apply, or a gap (metrics). */
  onPurgeEvent?: (event: FollowEvent) => void
  /** How often the purge stream is read besides wake-ups and reconnects. Default 1000 ms. */
  catchUpMs?: number
  /** What a gap in the purge stream does to what this instance holds (purge-follower.ts). Default `stale`. */
  purgeGap?: PurgeGap
  /** Purges the stream keeps (about; trimmed by whole nodes). Default 10,000. */
  streamLength?: number
  /** Replicas that must hold a purge before it counts as shared (REDIS_PURGE_REPLICAS). Default 0. */
  purgeReplicas?: number
  /** Purge records kept at most per tenant (redis-purge-records.ts). Default 100,000. */
  maxPurgeRecords?: number
}

export interface RedisSharing {
  store: SharedStore
  bus: PurgeBus
  /** Prefix of every key (keys are `prefix + name`). */
  prefix: string
  /** The command connection, for other counters kept in Redis (sign-in limits): commands time out and are not queued offline. */
  client: Redis | Cluster
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

/** Reports a failed operation; logs at most once per interval so a Redis outage is one line, not thousands. */
type Trouble = (error: unknown, what: string) => void
/** Runs one operation, counting and timing it for the metrics; rethrows its failure. */
type Reported = <T>(what: string, run: () => Promise<T>) => Promise<T>
/** Runs one store command through the breaker; its failure, or the breaker refusing it, answers `fallback`. */
type Attempt = <T>(what: string, run: () => Promise<T>, fallback: T, bytes?: number) => Promise<T>

/**
 * Redis as the second cache level and purge channel shared by every instance. Redis down or slow
 * never fails a request: commands are not queued while disconnected, each has a deadline, and a
 * failure reads as "nothing stored" so the instance serves from its own caches and the upstream.
 * ioredis keeps reconnecting in the background. A Redis that hangs with its connection open gets
 * no more of the store's commands once a few have timed out in a row (command-breaker.ts); the
 * purge stream keeps its own reads, one at a time, each with its deadline.
 */
export function createRedisSharing(options: RedisSharingOptions): RedisSharing {
  const prefix = options.prefix ?? 'ts:'
  const trouble = createTroubleLog(options.log, options.logIntervalMs ?? 30_000)
  const { client, subscriber, subscribed } = connect(options, prefix, trouble)
  const reported = createReporter(options, trouble)
  const breaker = createCommandBreaker({
    probe: () => client.ping(),
    log: options.log,
    isTimeout: (error) => error instanceof Error && error.message === 'Command timed out',
  })
  // Every command of the store goes through the breaker: while it is open, or too much is in flight,
  // the fallback answers at once and nothing is sent (nor counted as a failure).
  const attempt: Attempt = (what, run, fallback, bytes = 0) =>
    breaker.run(bytes, () => traceStoreCommand(what, () => reported(what, run))).catch(() => fallback)
  const records = redisPurgeRecords(client, prefix, {
    ...(options.maxPurgeRecords !== undefined ? { maxRecords: options.maxPurgeRecords } : {}),
  })
  const store = createGuardedStore(client, records, attempt)
  const bus = createBus(options, { client, subscriber, prefix, reported })
  // Commands are not queued while disconnected: one sent before the command connection is up
  // fails, even with the subscriber already listening. The client connects in the background, so
  // its 'ready' cannot come before this listener.
  const connected = new Promise<void>((resolve) => client.once('ready', () => resolve()))
  // Then the purge records are made (so the first page written is kept) and the purges of the
  // moment this instance started are read.
  const ready = Promise.all([subscribed, connected]).then(async () => {
    await attempt('purge', () => records.ensure(), undefined)
    await bus.start()
  })

  return {
    store,
    bus,
    prefix,
    client,
    ready,
    async close() {
      breaker.stop()
      bus.close()
      closeRedis(client)
      closeRedis(subscriber)
    },
  }
}

function createTroubleLog(log: Logger, intervalMs: number): Trouble {
  let lastLoggedAt = -Infinity
  return (error, what) => {
    const at = Date.now()
    if (at - lastLoggedAt < intervalMs) return
    lastLoggedAt = at
    log.warn({ err: error, what }, 'redis unavailable: serving from the local cache and the upstream')
  }
}

/**
 * The command connection (with its deadline) and the subscriber for purges from other instances;
 * `subscribed` settles once the purge channel is first listened to.
 */
function connect(options: RedisSharingOptions, prefix: string, trouble: Trouble) {
  const target: RedisTarget = typeof options.url === 'string' ? { kind: 'single', url: options.url } : options.url
  const client = connectRedis(target, { commandTimeoutMs: options.commandTimeoutMs ?? 250 })
  const subscriber = connectRedis(target, {})
  client.on('error', (error) => trouble(error, 'connection'))
  subscriber.on('error', (error) => trouble(error, 'subscriber connection'))
  // The channel is subscribed to on every connection of the subscriber, the first and each after a
  // reconnect. ioredis's own re-subscription leaves its command's failure unhandled: a connection
  // closed before the reply (a shutdown during a reconnect) would reject it with nobody listening.
  let firstSubscription = () => {}
  const subscribed = new Promise<void>((resolve) => {
    firstSubscription = resolve
  })
  subscriber.on('ready', () => {
    subscriber.subscribe(purgeChannel(prefix)).then(firstSubscription, (error: unknown) => trouble(error, 'subscribe'))
  })
  return { client, subscriber, subscribed }
}

function createReporter(options: RedisSharingOptions, trouble: Trouble): Reported {
  return async (what, run) => {
    const started = performance.now()
    try {
      return await run()
    } catch (error) {
      options.onCommandError?.(what)
      trouble(error, what)
      throw error
    } finally {
      options.onCommandTimed?.(what, (performance.now() - started) / 1000)
    }
  }
}

/** The shared store over the command connection: every command through `attempt`, so none fails a request. */
function createGuardedStore(
  client: Redis | Cluster,
  records: ReturnType<typeof redisPurgeRecords>,
  attempt: Attempt,
): SharedStore {
  return {
    get: (key) => attempt('get', async () => (await client.getBuffer(key)) ?? undefined, undefined),
    set: (key, value, ttlMs) =>
      attempt(
        'set',
        async () => void (await client.set(key, value, 'PX', Math.max(1, Math.ceil(ttlMs)))),
        undefined,
        value.length,
      ),
    lock: (key, ttlMs) => takeLock(client, attempt, key, ttlMs),
    async note(key, at, ttlMs) {
      // SET NX GET (Redis 7): notes `at` unless a time is there, and answers that time, in one command.
      const before = await attempt(
        'set',
        () => client.set(key, String(at), 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX', 'GET'),
        'unavailable' as const,
      )
      if (before === 'unavailable') return before
      // Anything but a time (a marker of an earlier version) counts as noted now.
      return before === null ? 'new' : (readTime(before) ?? 'new')
    },
    getMarked: (key, marks) =>
      attempt('get', () => records.read(key, marks), { value: undefined, marks: marks.map(() => undefined) }),
    mark: (keys, at, ttlMs) =>
      attempt(
        'purge',
        async () => {
          await records.mark(keys, at, ttlMs)
          return true
        },
        false,
      ),
    setUnlessMarked: (key, value, ttlMs, guard) =>
      attempt('set', () => records.write(key, value, ttlMs, guard), false, value.length),
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
          // One UNLINK per tenant (hash tag): a Cluster refuses one command over several slots.
          for (const group of byHashTag(keys).values())
            for (let start = 0; start < group.length; start += 500)
              await client.unlink(...group.slice(start, start + 500))
          return true
        },
        false,
      ),
  }
}

/**
 * Takes the lock `key` for `ttlMs`: its release, `null` when another instance holds it, or a
 * release that does nothing when Redis cannot answer (the caller goes on alone).
 */
async function takeLock(client: Redis | Cluster, attempt: Attempt, key: string, ttlMs: number) {
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
}

function createBus(
  options: RedisSharingOptions,
  connection: { client: Redis | Cluster; subscriber: Redis | Cluster; prefix: string; reported: Reported },
): ReturnType<typeof redisPurgeBus> {
  return redisPurgeBus({
    ...connection,
    instanceId: randomUUID(),
    log: options.log,
    ...(options.onPurgeEvent ? { onEvent: options.onPurgeEvent } : {}),
    ...(options.catchUpMs !== undefined ? { catchUpMs: options.catchUpMs } : {}),
    ...(options.purgeGap !== undefined ? { gap: options.purgeGap } : {}),
    ...(options.streamLength !== undefined ? { streamLength: options.streamLength } : {}),
    ...(options.purgeReplicas !== undefined ? { replicas: options.purgeReplicas } : {}),
  })
}

/** Keys grouped by their Cluster hash tag (the text in the first braces), so each group is one slot. */
function byHashTag(keys: string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>()
  for (const key of keys) {
    const tag = /\{([^}]*)\}/.exec(key)?.[1] ?? key
    const group = groups.get(tag)
    if (group === undefined) groups.set(tag, [key])
    else group.push(key)
  }
  return groups
}
