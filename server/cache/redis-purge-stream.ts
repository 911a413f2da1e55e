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

/**
 * The purges of the fleet as a Redis Stream (`<prefix>purges`), capped at about `maxLength` entries
 * (`MAXLEN ~`, trimmed by whole nodes, so cheaply), without TTL; pub/sub on `channel` only wakes
 * the readers. A reader that was away longer than the stream holds finds its last entry gone
 * (purge-follower.ts).
 */
export function redisPurgeStream(
  client: Redis | Cluster,
  key: string,
  channel: string,
  maxLength: number,
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
