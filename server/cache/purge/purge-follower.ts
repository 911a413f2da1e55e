import type { Logger } from 'pino'
import { parsePurgeText, type PurgeEnvelope } from './purge-message.ts'
import type { PurgeScope } from './purge-scope.ts'
import type { TraceCarrier } from '../../telemetry/trace-carrier.ts'
import type { PurgeStreamReader } from './redis-purge-stream.ts'

/** What following the purge stream reports (metrics): a purge applied, a malformed one, one whose purge threw, a gap. */
export type FollowEvent = 'received' | 'malformed' | 'failed' | 'gap'

/**
 * What an instance does with what it holds when it finds a gap in the stream (`PURGE_GAP`): `stale`
 * marks every page stale, so it is still answered while it is rendered again; `drop` drops it.
 */
export type PurgeGap = 'stale' | 'drop'

export interface PurgeFollowerOptions {
  reader: PurgeStreamReader
  /** This instance's id: its own purges, already applied when sent, are skipped. */
  self: string
  /** Purges this instance (throwing is caught, logged and counted); `sent`: the sender's trace context, if any. */
  apply(scope: PurgeScope, sent?: TraceCarrier): void
  log: Logger
  onEvent?: (event: FollowEvent) => void
  /** This instance's start, on the clock the stream ids are (Redis's, kept in step by NTP). */
  startedAt: number
  /** Entries per read. Default 100 (a purge's text is up to ~64 KiB). */
  batch?: number
  /** Purge ids remembered to apply a purge appended twice once. Default 10,000. */
  remembered?: number
  /** What a gap does to what this instance holds. Default `stale`. */
  gap?: PurgeGap
}

export interface PurgeFollower {
  /** Reads and applies what was appended since the last read; answers false when the read failed. */
  catchUp(): Promise<boolean>
  /** Applies a purge its wake-up message carried, at once; the stream's copy of it is then skipped. */
  offer(envelope: PurgeEnvelope): void
}

/** How far before its start an instance reads on its first catch-up: purges of the moment it started, clocks a little apart. */
const START_MARGIN_MS = 30_000

/**
 * The everything-purge a reader applies when it may have missed purges. Soft by default: a purge it
 * missed is then answered at most once more per page, as the stale copy whose re-render it starts,
 * while a gap that hid nothing (a Redis restarted empty, a failover) costs no visitor a wait.
 */
const EVERYTHING: Record<PurgeGap, PurgeScope> = {
  stale: { host: null, mode: 'soft' },
  drop: { host: null, mode: 'hard' },
}

/**
 * Follows the fleet's purge stream from this instance's last position: every purge appended by
 * another instance is applied here once, in order, whether its wake-up message arrived or not (a
 * subscription being re-established, Redis paused, a network blip). The position is the id of the
 * last entry applied; reading from it includes it, so an entry missing at the head means the stream
 * was trimmed past it (away too long) or lost (evicted, a Redis restarted empty): the instance then
 * fails safe, marking everything it holds stale (or dropping it, `gap: 'drop'`), and says so in the log. Before its first entry, an instance reads from a
 * moment just before it started (it held nothing earlier).
 */
export function createPurgeFollower(options: PurgeFollowerOptions): PurgeFollower {
  const { reader, log } = options
  const batch = options.batch ?? 100
  const remembered = options.remembered ?? 10_000
  const gap = options.gap ?? 'stale'
  const seen = new Set<string>()
  let position = { id: `${Math.max(0, Math.floor(options.startedAt - START_MARGIN_MS))}-0`, exact: false }
  let running: Promise<boolean> | null = null
  let again = false

  function guarded(scope: PurgeScope, what: string, sent?: TraceCarrier): void {
    try {
      options.apply(scope, sent)
    } catch (error) {
      options.onEvent?.('failed')
      log.error({ err: error, what, scope }, 'purge from another instance could not be applied here')
    }
  }

  function take(entryId: string, text: string): void {
    const parsed = parsePurgeText(text)
    if (!parsed.ok) {
      options.onEvent?.('malformed')
      log.error({ entry: entryId, reason: parsed.reason, text: text.slice(0, 200) }, 'malformed purge in the stream')
      return
    }
    accept(parsed.envelope, entryId)
  }

  /** Applies a purge of another instance unless applied already (a purge id is applied once). */
  function accept({ id, from, scope, trace }: PurgeEnvelope, what: string): void {
    if (from === options.self || seen.has(id)) return
    seen.add(id)
    const oldest = seen.values().next().value
    if (seen.size > remembered && oldest !== undefined) seen.delete(oldest)
    options.onEvent?.('received')
    guarded(scope, what, trace)
  }

  /** One pass; answers whether a full batch was read (more may follow). */
  async function pass(): Promise<boolean> {
    const entries = await reader.read(position.id, batch + 1)
    if (position.exact) {
      if (entries[0]?.id === position.id) entries.shift()
      else {
        options.onEvent?.('gap')
        log.error(
          { last: position.id, first: entries[0]?.id ?? null },
          gap === 'drop'
            ? 'purge stream trimmed or lost past this instance: purges may be missed, dropping every cached page and upstream answer held here'
            : 'purge stream trimmed or lost past this instance: purges may be missed, every cached page held here is stale and upstream answers are dropped',
        )
        guarded(EVERYTHING[gap], 'gap')
        // Read on from there without looking for it again: once is enough.
        position = { id: position.id, exact: false }
      }
    }
    for (const entry of entries) {
      take(entry.id, entry.text)
      position = { id: entry.id, exact: true }
    }
    if (!position.exact) {
      // Nothing since the start: the newest entry (if any) is the position from now on.
      const last = await reader.last()
      if (last !== null && compareIds(last, position.id) <= 0) position = { id: last, exact: true }
    }
    return entries.length >= batch
  }

  async function run(): Promise<boolean> {
    try {
      do {
        again = false
        while (await pass()) {}
      } while (again)
      return true
    } catch {
      // The store did not answer (logged by the store): read again soon.
      return false
    } finally {
      running = null
    }
  }

  return {
    catchUp() {
      if (running !== null) {
        again = true
        return running
      }
      running = run()
      return running
    },
    offer(envelope) {
      accept(envelope, 'wake-up')
    },
  }
}

/** Orders two stream ids (`<ms>-<seq>`, both numbers). */
export function compareIds(a: string, b: string): number {
  const [aMs = 0, aSeq = 0] = a.split('-').map(Number)
  const [bMs = 0, bSeq = 0] = b.split('-').map(Number)
  return aMs - bMs || aSeq - bSeq
}
