import { randomInt } from 'node:crypto'
import type { Cluster, Redis } from 'ioredis'
import { globalRecordsKey, tenantRecordsKey, unsharedKey } from '../cache-keys.ts'
import { hostRecord, recordHost } from './purge-marks.ts'
import { readTime } from '../redis/shared-store.ts'
import { GENERATION, MARK, READ, WRITE } from './purge-record-scripts.ts'

/**
 * The purge records (purge-marks.ts) in Redis: sorted sets of record name (`soft:host:a.example`,
 * `hard:*`…) → time. Each tenant's records are one set in the tenant's slot
 * (`<prefix>{host}:purged`), so one script reads a page with the records that judge it, even in a
 * Redis Cluster, and one tenant's purges never touch another's records; the records of purges of
 * everything are one more set (`<prefix>purged:all`), read beside. The sets have no TTL, so a
 * Redis evicting only keys with a TTL (`volatile-*`) never drops a record, and are bounded by
 * trimming instead: records older than the pages' lifetime go with each purge, and past
 * `maxRecords` a tenant's oldest are folded into the record of its whole host (covering more,
 * never less, and only that tenant).
 *
 * A Redis evicting any key (`allkeys-*`) may still drop a set: each has a generation (`#gen`, a
 * random number given when it is made), a copy is written with the generations of both sets that
 * judge it, and it reads as purged when one is not the current one, so a lost record never lets a
 * purged copy read as current.
 */
interface RedisPurgeRecords {
  /** Makes the set of everything (and its generation) unless it is there: at start-up. */
  ensure(): Promise<void>
  /** Records `at` under each record key (`<prefix>purged:<mode>:<name>`), keeping a later time already there. */
  mark(keys: string[], at: number, markMs: number): Promise<void>
  /** The copy under `key` and the times of `marks`; a copy written under other generations reads as hard-purged. */
  read(key: string, marks: string[]): Promise<{ value: Buffer | undefined; marks: (number | undefined)[] }>
  /** Writes the copy (with its generations) and its tag index entries unless a record of `marks` is at or after `since`. */
  write(
    key: string,
    value: string,
    ttlMs: number,
    guard: { marks: string[]; since: number; sets: [string, string[]][] },
  ): Promise<boolean>
}

const ALL = ['soft:*', 'hard:*']
/** A time no copy was stored after: what a record lost to eviction reads as. */
const LOST = Number.MAX_SAFE_INTEGER

export interface RedisPurgeRecordsOptions {
  /** Records kept at most per tenant (both modes together); past it the oldest fold into the host's. Default 100,000. */
  maxRecords?: number
}

/** What every operation on the records of one prefix reads: the connection, the key names, the bound. */
interface RecordsScope {
  client: Redis | Cluster
  prefix: string
  /** The set of the records of purges of everything. */
  everything: string
  maxRecords: number
}

/** The purge records of `prefix` on `client` (whose commands fail instead of queueing). */
export function redisPurgeRecords(client: Redis | Cluster, prefix: string, options: RedisPurgeRecordsOptions = {}) {
  const scope: RecordsScope = {
    client,
    prefix,
    everything: globalRecordsKey(prefix),
    maxRecords: options.maxRecords ?? 100_000,
  }
  const records: RedisPurgeRecords = {
    async ensure() {
      await client.zadd(scope.everything, 'NX', newGeneration(), GENERATION)
    },
    mark: (keys, at, markMs) => markRecords(scope, keys, at, markMs),
    read: (key, marks) => readWithRecords(scope, key, marks),
    write: (key, value, ttlMs, guard) => writeUnlessPurged(scope, records.ensure, key, value, ttlMs, guard),
  }
  return records
}

const newGeneration = () => String(randomInt(1, 2 ** 47))

/** A record key names its mode and scope after the prefix: `soft:host:a.example`. */
function nameOf(scope: RecordsScope, key: string) {
  const namePrefix = `${scope.prefix}purged:`
  return key.startsWith(namePrefix) ? key.slice(namePrefix.length) : key
}

/** The tenant of a shared key (`<prefix>{host}:…`); a key of no tenant is judged by no tenant records. */
function tenantOf(scope: RecordsScope, key: string) {
  return unsharedKey(scope.prefix, key)?.split(':')[0] ?? ''
}

async function readEverything(scope: RecordsScope) {
  const [generation, soft, hard] = await scope.client.zmscore(scope.everything, GENERATION, ...ALL)
  const times = new Map(ALL.map((name, index) => [name, readTime([soft, hard][index])]))
  return { generation: generation ?? undefined, times }
}

async function markRecords(scope: RecordsScope, keys: string[], at: number, markMs: number) {
  const bySet = new Map<string | null, string[]>()
  for (const name of keys.map((key) => nameOf(scope, key))) {
    const host = recordHost(name)
    const names = bySet.get(host)
    if (names === undefined) bySet.set(host, [name])
    else names.push(name)
  }
  await Promise.all(
    [...bySet].map(([host, names]) =>
      scope.client.eval(
        MARK,
        1,
        host === null ? scope.everything : tenantRecordsKey(scope.prefix, host),
        at,
        at - markMs,
        scope.maxRecords,
        newGeneration(),
        host === null ? '*' : hostRecord(host),
        ...names,
      ),
    ),
  )
}

async function readWithRecords(scope: RecordsScope, key: string, marks: string[]) {
  const names = marks.map((mark) => nameOf(scope, mark))
  const tenantNames = names.filter((name) => !ALL.includes(name))
  const [[page, generation, times], global] = await Promise.all([
    scope.client.callBuffer(
      'EVAL',
      READ,
      2,
      key,
      tenantRecordsKey(scope.prefix, tenantOf(scope, key)),
      JSON.stringify(tenantNames),
    ) as Promise<[Buffer | null, Buffer | null, (Buffer | null)[]]>,
    readEverything(scope),
  ])
  const found = times.map(readTime)
  const stored = page === null ? undefined : parseStored(page)
  // Written under other records than today's (lost to eviction, or by an earlier version): what
  // was purged since is unknown, so the copy counts as purged.
  const lost =
    stored !== undefined &&
    (stored.generation === undefined ||
      stored.generation !== generation?.toString() ||
      stored.everything !== global.generation)
  let next = 0
  const result = names.map((name) => {
    const time = ALL.includes(name) ? global.times.get(name) : found[next++]
    return lost && name.startsWith('hard:') ? LOST : time
  })
  // Its tags' records count as the copy's own (the latest of each mode decides).
  const tagTimes = found.slice(tenantNames.length)
  foldInto(
    result,
    names,
    'soft:',
    tagTimes.filter((_, index) => index % 2 === 0),
  )
  foldInto(
    result,
    names,
    'hard:',
    tagTimes.filter((_, index) => index % 2 === 1),
  )
  return { value: stored?.value, marks: result }
}

async function writeUnlessPurged(
  scope: RecordsScope,
  ensure: () => Promise<void>,
  key: string,
  value: string,
  ttlMs: number,
  guard: Parameters<RedisPurgeRecords['write']>[3],
) {
  const names = guard.marks.map((mark) => nameOf(scope, mark))
  // Purges of everything are checked first, apart (another slot); a copy stored before one
  // that lands in between still reads as purged (it judges by its own time).
  let global = await readEverything(scope)
  if (global.generation === undefined) {
    // Lost (a Redis restarted empty, or evicted) or never made: made again. Copies written
    // under the earlier one read as purged; this one is written under the new one.
    await ensure()
    global = await readEverything(scope)
    if (global.generation === undefined) return false
  }
  const latest = Math.max(...names.filter((name) => ALL.includes(name)).map((name) => global.times.get(name) ?? -1))
  if (latest >= guard.since) return false
  const keys = [key, tenantRecordsKey(scope.prefix, tenantOf(scope, key)), ...guard.sets.map(([name]) => name)]
  const stored = await scope.client.eval(
    WRITE,
    keys.length,
    ...keys,
    guard.since,
    value,
    Math.max(1, Math.ceil(ttlMs)),
    JSON.stringify(names.filter((name) => !ALL.includes(name))),
    JSON.stringify(guard.sets.map(([, members]) => members)),
    newGeneration(),
    JSON.stringify(names.filter((name) => name.startsWith('soft:tag:')).map((name) => name.slice('soft:'.length))),
    global.generation,
  )
  return stored === 1
}

/** The latest of `times` into the first slot of `mode` (judgeStored takes the latest of each mode). */
function foldInto(result: (number | undefined)[], names: string[], mode: string, times: (number | undefined)[]) {
  const slot = names.findIndex((name) => name.startsWith(mode))
  for (const time of times) if (slot !== -1 && time !== undefined) result[slot] = Math.max(result[slot] ?? time, time)
}

/** A stored copy's generations and value (`g<tenant>.<everything>|<length>|<tag names>` before it); none when written without. */
function parseStored(bytes: Buffer): { generation?: string; everything?: string; value: Buffer } {
  const head = /^g(\d+)\.(\d+)\|(\d+)\|/.exec(bytes.subarray(0, 48).toString('latin1'))
  if (head === null) return { value: bytes }
  return {
    generation: head[1] ?? '',
    everything: head[2] ?? '',
    value: bytes.subarray(head[0].length + Number(head[3])),
  }
}
