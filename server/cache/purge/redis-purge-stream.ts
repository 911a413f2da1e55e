import type { Cluster, Redis } from 'ioredis'

/** One purge in the stream: its stream id (`<ms>-<seq>`, ordered) and its text (purge-message.ts). */
export interface StreamEntry {
  id: string
  text: string
}

/** The fleet's purge stream, as the instances that follow it read it. */
export interface PurgeStreamReader {
  /** Up to `count` entries from `from` on, `from` itself included when it is still there, oldest first. */
  read(from: string, count: number): Promise<StreamEntry[]>
  /** The id of the newest entry, or null when the stream is empty or missing. */
  last(): Promise<string | null>
}

export interface RedisPurgeStream extends PurgeStreamReader {
  /** Appends a purge and wakes the subscribers of `channel` with the same text, in one transaction. */
  append(text: string): Promise<void>
}

export interface PurgeStreamOptions {
  /** Entries kept, about (`MAXLEN ~`). */
  maxLength: number
  /**
   * Replicas that must hold an appended purge, and every write this connection sent before it (its
   * records), before the append counts as done (REDIS_PURGE_REPLICAS); 0: the primary's word.
   */
  replicas: number
}

/**
 * How long an append waits for its replicas (`WAIT`): on a loopback or a LAN a replica holds a write
 * within a millisecond or two, and this stays under the command connection's deadline (250 ms).
 */
const REPLICA_WAIT_MS = 150

/**
 * The purges of the fleet as a Redis Stream (`<prefix>purges`), capped at about `maxLength` entries
 * (`MAXLEN ~`, trimmed by whole nodes, so cheaply), without TTL; pub/sub on `channel` only wakes
 * the readers. A reader that was away longer than the stream holds finds its last entry gone
 * (purge-follower.ts).
 *
 * Replication is asynchronous: a primary that fails right after taking a purge may lose it with the
 * failover, while its sender believed it shared. With `replicas`, an append that its replicas do not
 * confirm in time throws, so the sender holds the purge and sends it again (purge-outbox.ts) until
 * they do; a repeat is harmless (records only move forward, receivers apply an id once).
 */
export function redisPurgeStream(
  client: Redis | Cluster,
  key: string,
  channel: string,
  { maxLength, replicas }: PurgeStreamOptions,
): RedisPurgeStream {
  return {
    async append(text) {
      const results = await client
        .multi()
        .xadd(key, 'MAXLEN', '~', String(maxLength), '*', 'purge', text)
        .publish(channel, text)
        .exec()
      const failed = results?.find(([error]) => error !== null)
      if (results === null || failed) throw failed?.[0] ?? new Error('purge stream: transaction discarded')
      if (replicas === 0) return
      const held = Number(await client.call('WAIT', String(replicas), String(REPLICA_WAIT_MS)))
      if (held < replicas) throw new Error(`purge stream: held by ${held} of ${replicas} replicas`)
    },
    async read(from, count) {
      const entries = (await client.xrange(key, from, '+', 'COUNT', count)) as [string, string[]][]
      return entries.map(([id, fields]) => ({ id, text: fieldOf(fields, 'purge') }))
    },
    async last() {
      const entries = (await client.xrevrange(key, '+', '-', 'COUNT', 1)) as [string, string[]][]
      return entries[0]?.[0] ?? null
    },
  }
}

/** The value of `name` in an entry's flat field list; empty when absent (read as a malformed purge). */
function fieldOf(fields: string[], name: string): string {
  const index = fields.findIndex((field, at) => at % 2 === 0 && field === name)
  return index === -1 ? '' : (fields[index + 1] ?? '')
}
