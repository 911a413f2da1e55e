import { randomInt } from 'node:crypto'
import type { Redis } from 'ioredis'

/**
 * The purge records (purge-marks.ts) in Redis: one sorted set, `<prefix>purged:records`, of record
 * name (`soft:host:a.example`, `hard:*`…) → time, without TTL, so that a Redis evicting only keys
 * with a TTL (`volatile-*`) never drops a record, and bounded by trimming instead: records older
 * than the pages' lifetime go with each purge, and past `maxRecords` the oldest are folded into the
 * record of everything (covering more, never less).
 *
 * A Redis evicting any key (`allkeys-*`) may still drop the set: pages are therefore written with
 * the set's generation (`#gen`, a random number given when the set is made) and read as absent
 * when it is not the current one, so a lost record never lets a purged page read as current.
 */
export interface RedisPurgeRecords {
  /** Makes the set (and its generation) unless it is there: at start-up, so the first page written is kept. */
  ensure(): Promise<void>
  /** Records `at` under each record key (`<prefix>purged:<mode>:<name>`), keeping a later time already there. */
  mark(keys: string[], at: number, keepMs: number): Promise<void>
  /** The page under `key` and the times of `marks`; a page written under another generation reads as hard-purged. */
  read(key: string, marks: string[]): Promise<{ value: Buffer | undefined; marks: (number | undefined)[] }>
  /** Writes the page (with its generation) and its tag index entries unless a record of `marks` is at or after `since`. */
  write(
    key: string,
    value: string,
    ttlMs: number,
    guard: { marks: string[]; since: number; sets: [string, string[]][] },
  ): Promise<boolean>
}

const GENERATION = '#gen'
/** A time no page was stored after: what a record lost to eviction reads as. */
const LOST = Number.MAX_SAFE_INTEGER

// Record times only move forward (GT); then the records older than the pages' lifetime go, and past
// the bound the oldest are folded into `*` of their mode. The generation is set aside meanwhile.
// KEYS[1] the set; ARGV: at, oldest worth keeping, bound, a new generation, then the names.
const MARK = `
local gen = redis.call('zscore', KEYS[1], '${GENERATION}') or ARGV[4]
redis.call('zrem', KEYS[1], '${GENERATION}')
for i = 5, #ARGV do redis.call('zadd', KEYS[1], 'GT', ARGV[1], ARGV[i]) end
redis.call('zremrangebyscore', KEYS[1], '-inf', '(' .. ARGV[2])
local excess = redis.call('zcard', KEYS[1]) - tonumber(ARGV[3])
if excess > 0 then
  local oldest = redis.call('zrange', KEYS[1], 0, excess - 1, 'WITHSCORES')
  local folded = {}
  for i = 1, #oldest, 2 do
    local mode = string.sub(oldest[i], 1, 5)
    if not folded[mode] or tonumber(oldest[i + 1]) > folded[mode] then folded[mode] = tonumber(oldest[i + 1]) end
  end
  redis.call('zremrangebyrank', KEYS[1], 0, excess - 1)
  for mode, at in pairs(folded) do redis.call('zadd', KEYS[1], 'GT', at, mode .. '*') end
end
redis.call('zadd', KEYS[1], gen, '${GENERATION}')
return 1
`

// A page write and its tag index entries, refused when a record covering the page is at or after
// the render's start (ARGV[1]) or when the records are gone (made again here: the purges they held
// are unknown). One script, so a purge cannot fall between check and write.
// KEYS: the page, the set, then the tag sets; ARGV: since, value, ttl, names (JSON), members of
// each tag set (JSON), a new generation.
const WRITE = `
local gen = redis.call('zscore', KEYS[2], '${GENERATION}')
if not gen then
  redis.call('zadd', KEYS[2], ARGV[6], '${GENERATION}')
  return 0
end
local names = cjson.decode(ARGV[4])
if #names > 0 then
  local times = redis.call('zmscore', KEYS[2], unpack(names))
  for i = 1, #times do
    local at = tonumber(times[i] or '')
    if at and at >= tonumber(ARGV[1]) then return 0 end
  end
end
redis.call('set', KEYS[1], 'g' .. gen .. '|' .. ARGV[2], 'PX', ARGV[3])
local members = cjson.decode(ARGV[5])
for i = 3, #KEYS do
  local set = members[i - 2]
  if #set > 0 then
    redis.call('sadd', KEYS[i], unpack(set))
    -- GT: an index never expires before the longest-lived key it names.
    redis.call('pexpire', KEYS[i], ARGV[3], 'GT')
    redis.call('pexpire', KEYS[i], ARGV[3], 'NX')
  end
end
return 1
`

export interface RedisPurgeRecordsOptions {
  /** Records kept at most (both modes together); past it the oldest fold into `*`. Default 100,000. */
  maxRecords?: number
}

/** The purge records of `prefix` on `client` (whose commands fail instead of queueing). */
export function redisPurgeRecords(client: Redis, prefix: string, options: RedisPurgeRecordsOptions = {}) {
  const set = `${prefix}purged:records`
  const maxRecords = options.maxRecords ?? 100_000
  const namePrefix = `${prefix}purged:`
  // A record key names its mode and scope after the prefix: `soft:host:a.example`.
  const nameOf = (key: string) => (key.startsWith(namePrefix) ? key.slice(namePrefix.length) : key)
  const newGeneration = () => String(randomInt(1, 2 ** 47))
  const ttl = (ms: number) => Math.max(1, Math.ceil(ms))

  const records: RedisPurgeRecords = {
    async ensure() {
      await client.zadd(set, 'NX', newGeneration(), GENERATION)
    },
    async mark(keys, at, keepMs) {
      await client.eval(MARK, 1, set, at, at - keepMs, maxRecords, newGeneration(), ...keys.map(nameOf))
    },
    async read(key, marks) {
      const names = marks.map(nameOf)
      const [page, times] =
        (await client
          .multi()
          .getBuffer(key)
          .zmscore(set, ...names, GENERATION)
          .exec()) ?? []
      if (page?.[0] || times?.[0]) throw page?.[0] ?? times?.[0]
      const stored = splitGeneration((page?.[1] as Buffer | null) ?? undefined)
      const scores = (times?.[1] ?? []) as (string | null)[]
      // Written under other records than today's (lost to eviction, or by an earlier version): what
      // was purged since is unknown, so the page counts as purged.
      const lost = stored !== undefined && (stored.generation === undefined || stored.generation !== scores.at(-1))
      return {
        value: stored?.value,
        marks: names.map((name, index) => {
          if (lost && name.startsWith('hard:')) return LOST
          const time = Number(scores[index] ?? Number.NaN)
          return Number.isFinite(time) ? time : undefined
        }),
      }
    },
    async write(key, value, ttlMs, guard) {
      const keys = [key, set, ...guard.sets.map(([name]) => name)]
      const stored = await client.eval(
        WRITE,
        keys.length,
        ...keys,
        guard.since,
        value,
        ttl(ttlMs),
        JSON.stringify(guard.marks.map(nameOf)),
        JSON.stringify(guard.sets.map(([, names]) => names)),
        newGeneration(),
      )
      return stored === 1
    },
  }
  return records
}

/** A stored page's generation (`g<digits>|` before its bytes) and its bytes; no generation when written without. */
function splitGeneration(bytes: Buffer | undefined): { generation?: string; value: Buffer } | undefined {
  if (bytes === undefined) return undefined
  const bar = bytes[0] === 0x67 ? bytes.indexOf(0x7c) : -1
  if (bar < 2 || bar > 20) return { value: bytes }
  const generation = bytes.subarray(1, bar).toString('latin1')
  return /^\d+$/.test(generation) ? { generation, value: bytes.subarray(bar + 1) } : { value: bytes }
}
