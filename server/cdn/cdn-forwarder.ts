import type { Logger } from 'pino'
import type { Dispatcher } from 'undici'
import type { Backoff } from '../cache/backoff.ts'
import { tracePurgeFanOut } from '../telemetry/purge-spans.ts'
import { planCalls } from './call-plan.ts'
import { type CdnCallOutcome, createCdnCaller, type Deadline } from './cdn-call.ts'
import type { CdnName, CdnPurge, CdnRequest, CdnTarget } from './cdn-purge.ts'

/** How one purge went at one CDN; the label values of `cdn_purges_total{outcome}`. */
export type CdnOutcome = 'ok' | 'failed' | 'rejected' | 'timeout' | 'unsupported'

/** What the purge answer says of each configured CDN: `ok`, `failed: 403 …`, `timeout` or `unsupported`. */
export type CdnAnswer = Partial<Record<CdnName, string>>

export interface CdnForwarderOptions {
  targets: readonly CdnTarget[]
  /** The transport (STYLE.md convention 8): never the global one. */
  dispatcher: Dispatcher
  /** Deadline of one purge's forwarding, retries included (CDN_PURGE_TIMEOUT_MS). */
  timeoutMs: number
  log: Logger
  /** Called once per purge and CDN (metrics: `cdn_purges_total`). */
  onOutcome?: (cdn: CdnName, outcome: CdnOutcome) => void
  /** Called once per call made to a CDN, or not sent for the pace (metrics: `cdn_purge_calls_total`). */
  onCall?: (cdn: CdnName, outcome: CdnCallOutcome) => void
  /** Most calls one purge makes at one CDN; past it, the tenant's whole hosts are purged there (CDN_PURGE_MAX_CALLS). Default 32. */
  maxCalls?: number
  /** Calls a minute to each metered CDN (CdnTarget.metered) from this instance, whatever the purges (CDN_PURGE_CALLS_PER_MINUTE). Default 60. */
  callsPerMinute?: number
  /** Tries of one call answered 429, 5xx or not at all, the first included. Default 4. */
  maxTries?: number
  /** Back-off between tries of a request answered 429, 5xx or not at all. Default: 1 s doubling to 60 s. */
  backoff?: Backoff
  random?: () => number
  /** Requests in flight per CDN (a path purge at Varnish is one request per address). Default 4. */
  concurrency?: number
}

/** Forwards purges to the configured CDNs. */
export interface CdnForwarder {
  /** Sends `purge` to every CDN at once; answers when each is done or the deadline has passed. */
  forward(purge: CdnPurge): Promise<CdnAnswer>
}

interface Result {
  outcome: CdnOutcome
  /** Why it failed, secrets removed: a status and the CDN's own words. */
  reason?: string
  /** Set when the purge was too large for the call bound and the whole hosts were purged instead. */
  widened?: { needed: number; bound: number }
}

/**
 * The purge's second half: after the server has purged itself and the fleet, the same purge goes to
 * each CDN in front (docs/freshness.md "A CDN in front"), its names merged into as few calls as the
 * CDN takes, at most `maxCalls` of them (past that, the tenant's whole hosts: cdn/call-plan.ts), at
 * the pace of `callsPerMinute` per CDN for all purges together, so a flood of purges cannot spend a
 * zone's purge quota. A request answered 429, 5xx or not at all is tried again, at most `maxTries`
 * times, after the back-off of background refreshes (cache/backoff.ts) or the `Retry-After` the CDN
 * gave, whichever is later, and never past the deadline; a `Retry-After` holds every call to that
 * CDN. One the CDN refuses (bad token, unknown zone) is not tried again, and the CDN's reason is
 * logged once. Nothing here throws: each CDN's outcome and each call are counted, and answered.
 */
export function createCdnForwarder(options: CdnForwarderOptions): CdnForwarder {
  const concurrency = Math.max(1, options.concurrency ?? 4)
  const maxCalls = Math.max(1, options.maxCalls ?? 32)
  const callsPerMinute = Math.max(1, options.callsPerMinute ?? 60)
  const send = createCdnCaller({
    targets: options.targets,
    dispatcher: options.dispatcher,
    onCall: options.onCall,
    callsPerMinute,
    // A purge's calls may go at once, but never more than a minute's worth.
    burst: Math.min(maxCalls, callsPerMinute),
    maxTries: Math.max(1, options.maxTries ?? 4),
    backoff: options.backoff,
    random: options.random,
  })

  async function forwardTo(target: CdnTarget, purge: CdnPurge, deadline: Deadline): Promise<Result> {
    const plan = planCalls(target, purge, maxCalls)
    if (plan.kind === 'unsupported') return { outcome: 'unsupported' }
    if (plan.kind === 'too-many')
      return { outcome: 'failed', reason: `needs ${plan.needed} calls, over CDN_PURGE_MAX_CALLS (${maxCalls})` }
    const result = await sendAll(target, plan.requests, deadline)
    return plan.kind === 'whole-hosts' ? { ...result, widened: { needed: plan.needed, bound: maxCalls } } : result
  }

  async function sendAll(target: CdnTarget, requests: CdnRequest[], deadline: Deadline): Promise<Result> {
    // The first request goes alone: when the CDN refuses it (the token, the zone), the rest would
    // be refused the same way, and none of them is sent.
    const [first, ...rest] = requests
    if (first === undefined) return { outcome: 'ok' }
    const opening = await send(target, first, deadline)
    if (opening.outcome !== 'ok') return opening
    let failure: Result | null = null
    const worker = async () => {
      for (let call = rest.shift(); call !== undefined && failure === null; call = rest.shift()) {
        const result = await send(target, call, deadline)
        if (result.outcome !== 'ok') failure ??= result
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, rest.length) }, worker))
    return failure ?? { outcome: 'ok' }
  }

  return {
    async forward(purge) {
      const deadline = { signal: AbortSignal.timeout(options.timeoutMs), at: Date.now() + options.timeoutMs }
      const results = await Promise.all(
        options.targets.map(async (target) => {
          // A bug here must not turn a purge already made into a failed one.
          const result = await tracePurgeFanOut(target.name, () => forwardTo(target, purge, deadline)).catch(
            (): Result => ({ outcome: 'failed', reason: 'internal error' }),
          )
          return { target, result }
        }),
      )
      const answer: CdnAnswer = {}
      for (const { target, result } of results) {
        options.onOutcome?.(target.name, result.outcome)
        answer[target.name] = answerText(result)
        report(options.log, target.name, purge, result)
      }
      return answer
    },
  }
}

/** `ok`, `failed: <reason>`, …; a purge widened to whole hosts says so: `ok (whole hosts: 40 calls needed, CDN_PURGE_MAX_CALLS 32)`. */
function answerText(result: Result): string {
  const text =
    result.outcome === 'rejected' || result.outcome === 'failed'
      ? `failed: ${result.reason ?? 'unknown'}`
      : result.outcome
  const { widened } = result
  return widened ? `${text} (whole hosts: ${widened.needed} calls needed, CDN_PURGE_MAX_CALLS ${widened.bound})` : text
}

function report(log: Logger, cdn: CdnName, purge: CdnPurge, result: Result): void {
  const facts = {
    cdn,
    purge: purge.kind,
    mode: purge.mode,
    outcome: result.outcome,
    reason: result.reason,
    ...(result.widened ? { widened: result.widened } : {}),
  }
  if (result.widened)
    log.warn(
      facts,
      "the purge needed more calls than CDN_PURGE_MAX_CALLS: the tenant's whole hosts were purged at the CDN",
    )
  if (result.outcome === 'ok') log.debug(facts, 'purge forwarded to the CDN')
  else if (result.outcome === 'rejected') log.warn(facts, 'the CDN refused the purge; it is not tried again')
  else if (result.outcome === 'unsupported') log.info(facts, 'the CDN has no way to take this purge')
  else log.warn(facts, 'the purge did not reach the CDN before its deadline')
}
