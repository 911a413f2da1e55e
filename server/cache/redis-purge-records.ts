import { randomInt } from 'node:crypto'
import type { Redis } from 'ioredis'
import { readTime } from './shared-store.ts'

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
interface RedisPurgeRecords {
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
// each tag set (JSON), a new generation, the page's tag record names without mode (JSON). Stored:
// \`g<generation>|<length>|<tag record names>\` then the value.
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
redis.call('set', KEYS[1], 'g' .. gen .. '|' .. string.len(ARGV[7]) .. '|' .. ARGV[7] .. ARGV[2], 'PX', ARGV[3])
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

// A page and the times of its records, in one round trip: those asked for, and those of the tags
// stored in its header (so a tag purge reaches a copy even when the tag's index, which has a TTL,
// was evicted before the purge could find the page in it). Reads only: runs under OOM too.
// KEYS: the page, the set; ARGV: the names asked for (JSON). Answers the value, the generation and
// the times of the names asked for, then of each tag's soft and hard record.
const READ = `#!lua flags=no-writes
local value = redis.call('get', KEYS[1])
local gen = redis.call('zscore', KEYS[2], '${GENERATION}')
local names = cjson.decode(ARGV[1])
if value then
  local first, last, size = string.find(value, '^g%d+|(%d+)|')
  if first then
    local ok, tags = pcall(cjson.decode, string.sub(value, last + 1, last + tonumber(size)))
    if ok and type(tags) == 'table' then
      for _, name in ipairs(tags) do
        names[#names + 1] = 'soft:' .. name
        names[#names + 1] = 'hard:' .. name
      end
    end
  end
end
local times = {}
if #names > 0 then times = redis.call('zmscore', KEYS[2], unpack(names)) end
return {value or false, gen or false, times}
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
      const [page, generation, times] = (await client.callBuffer('EVAL', READ, 2, key, set, JSON.stringify(names))) as [
        Buffer | null,
        Buffer | null,
        (Buffer | null)[],
      ]
      const found = times.map(readTime)
      const stored = page === null ? undefined : parseStored(page)
      // Written under other records than today's (lost to eviction, or by an earlier version): what
      // was purged since is unknown, so the page counts as purged.
      const lost =
        stored !== undefined && (stored.generation === undefined || stored.generation !== generation?.toString())
      const result = names.map((name, index) => (lost && name.startsWith('hard:') ? LOST : found[index]))
      // Its tags' records count as the page's own (the latest of each mode decides).
      foldInto(
        result,
        names,
        'soft:',
        found.slice(names.length).filter((_, index) => index % 2 === 0),
      )
      foldInto(
        result,
        names,
        'hard:',
        found.slice(names.length).filter((_, index) => index % 2 === 1),
      )
      return { value: stored?.value, marks: result }
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
        JSON.stringify(
          guard.marks
            .map(nameOf)
            .filter((name) => name.startsWith('soft:tag:'))
            .map((name) => name.slice('soft:'.length)),
        ),
      )
      return stored === 1
    },
  }
  return records
}

/** The latest of `times` into the first slot of `mode` (judgeStored takes the latest of each mode). */
function foldInto(result: (number | undefined)[], names: string[], mode: string, times: (number | undefined)[]) {
  const slot = names.findIndex((name) => name.startsWith(mode))
  for (const time of times) if (slot !== -1 && time !== undefined) result[slot] = Math.max(result[slot] ?? time, time)
}

/** A stored page's generation and value (`g<generation>|<length>|<tag names>` before it); no generation when written without. */
function parseStored(bytes: Buffer): { generation?: string; value: Buffer } {
  const head = /^g(\d+)\|(\d+)\|/.exec(bytes.subarray(0, 40).toString('latin1'))
  if (head === null) return { value: bytes }
  return { generation: head[1] ?? '', value: bytes.subarray(head[0].length + Number(head[2])) }
}
