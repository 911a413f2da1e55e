import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import { parseHtmlKey, sharedKey, showPathKey, tagIndexKey, unsharedKey } from '../cache-keys.ts'
import { tracePurge, tracePurgeFanOut, tracePurgeReceived } from '../../telemetry/purge-spans.ts'
import type { TraceCarrier } from '../../telemetry/trace-carrier.ts'
import { pageMark, scopeMarks } from './purge-marks.ts'
import { createPurgeOutbox, type Unshared } from './purge-outbox.ts'
import { isWholePurge, type PurgeCount, type PurgeScope } from './purge-scope.ts'
import type { SharedStore } from '../redis/shared-store.ts'

/** How long purge records are kept when the purger is not told (a record takes a few bytes). */
const DEFAULT_MARK_MS = 24 * 3_600_000

/** A purge as it travels between instances. */
export type PurgeMessage = PurgeScope

/** Carries purges to every other instance (a Redis stream, with pub/sub as the wake-up). */
export interface PurgeBus {
  /** Sends the purge `id` to every other instance; false when the store did not take it. */
  publish(message: PurgeMessage, id: string): Promise<boolean>
  /**
   * `handler` is called once for each purge sent by another instance, with the sender's trace
   * context when it sent one (a throw is logged, not passed on); answers an unsubscribe.
   */
  subscribe(handler: (message: PurgeMessage, sent?: TraceCarrier) => void): () => void
}

/** What the purger reports (metrics): a purge the shared store did not take (held to send again), one taken later, an overflow of those held. */
type PurgeEvent = 'unshared' | 'redelivered' | 'collapsed'

export interface PurgerOptions {
  /** This instance's rendered pages: purged by scope; answers how many, their keys and the upstream keys they were built from. */
  pages?: (scope: PurgeScope) => { pages: number; keys: string[]; uses: string[] }
  /**
   * This instance's upstream answers: a whole tenant (or all), the given keys, or a tenant's site
   * config, each answering how many it dropped; or all of them kept as stale (`markPurged`).
   */
  upstream: {
    purge(host: string | null): number
    forget(keys: string[]): number
    forgetSite(host: string): number
    markPurged(): number
  }
  /**
   * The shared cache level, whose keys are `prefix` + a cache key (cache-keys.ts); purges are
   * recorded there for `markMs`, the longest a copy is kept there (pages: fresh plus stale; upstream
   * answers: their own lifetime; see purge-marks.ts). Default a day.
   */
  shared?: { store: SharedStore; prefix: string; bus: PurgeBus; markMs?: number; retryMs?: number }
  now?: () => number
  /** Where purges not shared are reported. Default: nowhere. */
  log?: Logger
  onEvent?: (event: PurgeEvent) => void
}

/** What a purge did: on this instance, and whether the shared store and the other instances were reached. */
export interface PurgeOutcome extends PurgeCount {
  /**
   * `ok` (recorded in the shared store and sent to every instance), `unavailable` (this instance
   * purged itself; the store did not take the purge, which is held here and sent again until it
   * does) or `none` (no shared store).
   */
  shared: 'ok' | 'unavailable' | 'none'
}

export interface Purger {
  /** Purges `scope` here, in the shared store, and on every other instance. */
  purge(scope: PurgeScope): Promise<PurgeOutcome>
  close(): void
}

interface Here extends PurgeCount {
  /** Shared-store keys (without prefix) of what was purged here: pages and upstream answers. */
  keys: string[]
}

/**
 * One purge for every cache level: the shared store first (so no instance reads the old value back
 * from it), then this instance, then a broadcast to the others. Upstream answers are dropped (a
 * soft purge too: the page's re-render must read them afresh), but for a soft purge of everything,
 * which keeps them as stale as it does the pages (fresh-reads.ts); rendered pages are marked stale
 * (soft) or dropped (hard) here and on the other instances, and in the shared store through the
 * purge's record (purge-marks.ts): an instance without a copy of its own, a new one too, answers
 * the shared copy stale after a soft purge and renders after a hard one.
 */
export function createPurger(options: PurgerOptions): Purger {
  const { shared } = options
  const now = options.now ?? Date.now

  function purgeHere(scope: PurgeScope): Here {
    const pages = options.pages?.(scope) ?? { pages: 0, keys: [], uses: [] }
    if (scope.host === null && scope.mode === 'soft') {
      // Kept as stale like the pages: answered at once while loaded again, awaited afresh by the
      // renders that replace the pages (fresh-reads.ts).
      return { pages: pages.pages, data: options.upstream.markPurged(), keys: [] }
    }
    if (scope.host === null || isWholePurge(scope)) {
      return { pages: pages.pages, data: options.upstream.purge(scope.host), keys: [] }
    }
    let data = options.upstream.forget(pages.uses)
    const keys = [...pages.keys, ...pages.uses]
    // The site config goes only when `site` is named (or the whole host).
    if (scope.tags?.includes('site')) {
      data += options.upstream.forgetSite(scope.host)
      keys.push(showPathKey(scope.host))
    }
    return { pages: pages.pages, data, keys }
  }

  /**
   * The shared store's copies of what `scope` covers, as far as this instance knows them: its
   * record first (from then on no copy stored earlier reads as current, and no render that started
   * earlier is written), then upstream answers dropped, and rendered pages left stale by the
   * record (soft) or dropped (hard). A purge of a host or of everything is its record alone: one
   * write whatever the number of keys (redis-purge-records.ts), never a walk over them.
   */
  async function purgeShared(store: SharedStore, prefix: string, scope: PurgeScope, known: string[]): Promise<boolean> {
    const { host } = scope
    const at = now()
    const markMs = shared?.markMs ?? DEFAULT_MARK_MS
    const hard = scope.mode === 'hard'
    if (!(await store.mark(scopeMarks(prefix, scope), at, markMs))) return false
    if (host === null || isWholePurge(scope)) return true
    const results = [
      store.deleteKeys(known.filter((key) => hard || parseHtmlKey(key) === null).map((key) => sharedKey(prefix, key))),
    ]
    // Pages and answers no instance holds any more are found through the tag index.
    for (const tag of scope.tags ?? []) {
      const index = sharedKey(prefix, tagIndexKey(host, tag))
      results.push(
        store
          .scanSet(index, async (members) => {
            const pages = members.filter((member) => parseHtmlKey(unsharedKey(prefix, member) ?? '') !== null)
            await store.deleteKeys(members.filter((member) => hard || !pages.includes(member)))
            await store.mark(
              pages.map((page) => pageMark(prefix, scope.mode, unsharedKey(prefix, page) ?? '')),
              at,
              markMs,
            )
          })
          .then((reached) => (reached && hard ? store.deleteKeys([index]) : reached)),
      )
    }
    return (await Promise.all(results)).every(Boolean)
  }

  const unsubscribe = shared?.bus.subscribe((scope, sent) =>
    tracePurgeReceived(scope, sent, () => {
      // A soft purge leaves the shared pages to their record: only the upstream answers go.
      const keys = purgeHere(scope).keys.filter((key) => scope.mode === 'hard' || parseHtmlKey(key) === null)
      if (keys.length > 0) void shared.store.deleteKeys(keys.map((key) => sharedKey(shared.prefix, key)))
    }),
  )
  // Everything the store must hold of a purge, sent again as a whole until it does: each step only
  // moves records forward or deletes, so a repeat is harmless.
  const share = async ({ id, scope, keys }: Unshared) =>
    !!shared && (await purgeShared(shared.store, shared.prefix, scope, keys)) && (await shared.bus.publish(scope, id))
  const outbox = createPurgeOutbox({
    send: share,
    ...(options.log ? { log: options.log } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    ...(shared?.retryMs !== undefined ? { retryMs: shared.retryMs } : {}),
  })
  async function purge(scope: PurgeScope): Promise<PurgeOutcome> {
    if (!shared) {
      const { pages, data } = purgeHere(scope)
      return { pages, data, shared: 'none' }
    }
    const id = randomUUID()
    const whole = isWholePurge(scope)
    // Whole tenants go from the store first; narrower purges need the keys this instance knows.
    const first = whole ? await purgeShared(shared.store, shared.prefix, scope, []) : true
    const here = purgeHere(scope)
    const then = first && (whole || (await purgeShared(shared.store, shared.prefix, scope, here.keys)))
    // Sent even when the records or deletes failed: the others drop their copies as soon as they can.
    const sent = await tracePurgeFanOut('instances', () => shared.bus.publish(scope, id))
    if (then && sent) return { pages: here.pages, data: here.data, shared: 'ok' }
    options.onEvent?.('unshared')
    options.log?.warn({ id, scope }, 'purge not shared: held here and sent again until Redis takes it')
    outbox.hold({ id, scope, keys: here.keys })
    return { pages: here.pages, data: here.data, shared: 'unavailable' }
  }

  return {
    purge: (scope) => tracePurge(scope, () => purge(scope)),
    close() {
      unsubscribe?.()
      outbox.close()
    },
  }
}
