import type { Cluster, Redis } from 'ioredis'
import type { Logger } from 'pino'
import { purgeChannel, purgeStreamKey } from '../cache-keys.ts'
import type { PurgeBus, PurgeMessage } from './purger.ts'
import { createPurgeFollower, type FollowEvent, type PurgeGap } from './purge-follower.ts'
import { parsePurgeText, toPurgeText } from './purge-message.ts'
import type { PurgeScope } from './purge-scope.ts'
import { currentTraceCarrier } from '../../telemetry/tracing.ts'
import type { TraceCarrier } from '../../telemetry/trace-carrier.ts'
import { redisPurgeStream } from './redis-purge-stream.ts'

export interface RedisPurgeBusOptions {
  /** The command connection (commands fail instead of queueing) and the subscriber's. */
  client: Redis | Cluster
  subscriber: Redis | Cluster
  prefix: string
  instanceId: string
  log: Logger
  /** Runs a command, counting and logging a failure (redis-sharing.ts); rethrows it. */
  reported<T>(what: string, run: () => Promise<T>): Promise<T>
  onEvent?: (event: FollowEvent) => void
  /** How often the stream is read besides wake-ups and reconnects. Default 1000 ms. */
  catchUpMs?: number
  /** Purges the stream keeps (about). Default 10,000. */
  streamLength?: number
  /** What a gap in the stream does to what this instance holds. Default `stale`. */
  gap?: PurgeGap
  /** Replicas that must hold a purge before it counts as shared. Default 0. */
  replicas?: number
}

/** How soon a failed read of the stream is tried again. */
const RETRY_MS = 100

/**
 * Purges between instances through Redis: each purge is appended to a stream every instance reads
 * from its own position (at least once, in order, across reconnects and pauses: purge-follower.ts),
 * and published on `<prefix>purge` as a wake-up. Purges published by instances of an earlier
 * version (no stream) are applied as they arrive. A purge that fails here, or a malformed one, is
 * logged and counted, never thrown.
 */
export function redisPurgeBus(options: RedisPurgeBusOptions): PurgeBus & { start(): Promise<void>; close(): void } {
  const { client, subscriber, log, instanceId, reported } = options
  const channel = purgeChannel(options.prefix)
  const stream = redisPurgeStream(client, purgeStreamKey(options.prefix), channel, {
    maxLength: options.streamLength ?? 10_000,
    replicas: options.replicas ?? 0,
  })
  const handlers = new Set<(message: PurgeMessage, sent?: TraceCarrier) => void>()
  const deliver = (scope: PurgeScope, sent?: TraceCarrier) => {
    for (const handler of handlers) handler(scope, sent)
  }
  const follower = createPurgeFollower({
    reader: {
      read: (from, count) => reported('follow', () => stream.read(from, count)),
      last: () => reported('follow', () => stream.last()),
    },
    self: instanceId,
    apply: deliver,
    log,
    startedAt: Date.now(),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    ...(options.gap ? { gap: options.gap } : {}),
  })
  // Commands are not queued while the command connection is down: its own 'ready' reads then. A
  // read that failed (a timeout under load) is tried again shortly, not only at the next tick.
  let retry: NodeJS.Timeout | null = null
  const catchUp = () => {
    if (client.status !== 'ready') return
    void follower.catchUp().then((caughtUp) => {
      if (caughtUp || retry !== null) return
      retry = setTimeout(() => {
        retry = null
        catchUp()
      }, RETRY_MS)
      retry.unref()
    })
  }

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return
    const parsed = parsePurgeText(text)
    if (!parsed.ok) {
      options.onEvent?.('malformed')
      log.error({ reason: parsed.reason, text: text.slice(0, 200) }, 'malformed purge message')
      return
    }
    const { envelope } = parsed
    if (envelope.from === instanceId) return
    // Applied at once; the stream (read next) carries it too, and what any wake-up missed.
    if (envelope.streamed) {
      follower.offer(envelope)
      return catchUp()
    }
    // An instance of an earlier version: its purge is only in this message.
    try {
      options.onEvent?.('received')
      deliver(envelope.scope, envelope.trace)
    } catch (error) {
      options.onEvent?.('failed')
      log.error({ err: error, scope: envelope.scope }, 'purge from another instance could not be applied here')
    }
  })
  // After every reconnect, whatever was appended meanwhile is read at once.
  subscriber.on('ready', catchUp)
  client.on('ready', catchUp)
  const timer = setInterval(catchUp, options.catchUpMs ?? 1000)
  timer.unref()

  return {
    async publish(scope, id) {
      try {
        // The active span (`purge to instances`) goes along: the purge's arrival elsewhere joins its trace.
        const trace = currentTraceCarrier()
        const text = toPurgeText({ id, from: instanceId, scope, streamed: true, ...(trace ? { trace } : {}) })
        await reported('publish', () => stream.append(text))
        return true
      } catch {
        return false
      }
    },
    subscribe(handler) {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
    /** The first catch-up: what was purged as this instance started. */
    async start() {
      await follower.catchUp()
    },
    close() {
      clearInterval(timer)
      if (retry !== null) clearTimeout(retry)
      handlers.clear()
    },
  }
}
