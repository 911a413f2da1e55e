import { setTimeout as delay } from 'node:timers/promises'
import type { Logger } from 'pino'
import { type Dispatcher, request } from 'undici'
import { type Backoff, DEFAULT_BACKOFF, nextRetryAt } from '../cache/backoff.ts'
import { readBody } from '../upstream/read-body.ts'
import { planCalls } from './call-plan.ts'
import { type CallRate, createCallRate } from './call-rate.ts'
import type { CdnName, CdnPurge, CdnRequest, CdnTarget, CdnVerdict } from './cdn-purge.ts'
import { parseRetryAfter } from './retry-after.ts'

/** How one purge went at one CDN; the label values of `cdn_purges_total{outcome}`. */
export type CdnOutcome = 'ok' | 'failed' | 'rejected' | 'timeout' | 'unsupported'

/**
 * How one HTTP call to a CDN went; the label values of `cdn_purge_calls_total{outcome}`. `throttled`
 * is a 429, `retry` another answer worth a later try (408, 5xx), `network` no answer, `timeout` cut
 * by the purge's deadline, `not_sent` a call this instance's pace (CDN_PURGE_CALLS_PER_MINUTE) could
 * not fit before the deadline.
 */
export type CdnCallOutcome = 'ok' | 'throttled' | 'retry' | 'rejected' | 'network' | 'timeout' | 'not_sent'

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

/** Enough of an error answer for its message; the rest is dropped with the connection. */
const ANSWER_MAX_BYTES = 16_384

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
  const send = createSender(options)
  const concurrency = Math.max(1, options.concurrency ?? 4)
  const maxCalls = Math.max(1, options.maxCalls ?? 32)

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
          const result = await forwardTo(target, purge, deadline).catch(
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

/** The pace of a CDN that meters nothing: every call may go now. */
const UNPACED: CallRate = { book: () => Date.now(), holdUntil: () => {} }

/** The end of one purge's forwarding: its signal aborts calls in flight, its time bounds waits and bookings. */
interface Deadline {
  signal: AbortSignal
  at: number
}

/**
 * One request, booked at its CDN's pace and tried again on 429, 5xx and network errors until it
 * succeeds, is refused, has had its tries, or the next try would fall past the deadline.
 */
function createSender(options: CdnForwarderOptions) {
  const backoff = options.backoff ?? DEFAULT_BACKOFF
  const random = options.random ?? Math.random
  const maxTries = Math.max(1, options.maxTries ?? 4)
  const perMinute = Math.max(1, options.callsPerMinute ?? 60)
  // A purge's calls may go at once, but never more than a minute's worth.
  const burst = Math.max(1, Math.min(options.maxCalls ?? 32, perMinute))
  // One pace per metered CDN, for every purge this forwarder sends there; the others go unpaced.
  const rates = new Map<CdnTarget, CallRate>(
    options.targets.filter((target) => target.metered).map((target) => [target, createCallRate({ perMinute, burst })]),
  )
  const rateOf = (target: CdnTarget) => rates.get(target) ?? UNPACED
  return async function send(target: CdnTarget, call: CdnRequest, deadline: Deadline): Promise<Result> {
    const rate = rateOf(target)
    const counted = (outcome: CdnCallOutcome) => options.onCall?.(target.name, outcome)
    let last: string | undefined
    const gaveUp = (): Result => (last === undefined ? { outcome: 'timeout' } : { outcome: 'failed', reason: last })
    for (let tries = 1; ; tries++) {
      const at = rate.book(deadline.at)
      if (at === null) {
        counted('not_sent')
        last ??= 'not sent before the deadline: CDN_PURGE_CALLS_PER_MINUTE reached'
        return gaveUp()
      }
      if (!(await waitUntil(at, deadline.signal))) return gaveUp()
      const reply = await attempt(options.dispatcher, target, call, deadline.signal)
      if (reply === 'aborted') {
        counted('timeout')
        return gaveUp()
      }
      const { verdict } = reply
      counted(callOutcome(reply))
      if (verdict.kind === 'ok') return { outcome: 'ok' }
      const reason = scrub(verdict.reason, target.secrets)
      if (verdict.kind === 'rejected') return { outcome: 'rejected', reason }
      last = reason
      // A CDN's Retry-After holds every call to it, this purge's and the others'.
      if (reply.retryAt !== null) rate.holdUntil(reply.retryAt)
      if (tries >= maxTries) return { outcome: 'failed', reason: `${reason} (${tries} tries)` }
      const now = Date.now()
      const next = Math.max(nextRetryAt(tries, backoff, now, random), reply.retryAt ?? now)
      if (next > deadline.at) return { outcome: 'failed', reason }
      if (!(await waitUntil(next, deadline.signal))) return { outcome: 'failed', reason }
    }
  }
}

/**
 * Waits until the clock reads `at` (a timer may fire a little early: it is waited on again), or
 * false when `signal` aborts first.
 */
async function waitUntil(at: number, signal: AbortSignal): Promise<boolean> {
  for (let left = at - Date.now(); left > 0; left = at - Date.now()) {
    try {
      await delay(left, undefined, { signal })
    } catch {
      return false
    }
  }
  return !signal.aborted
}

/** A CDN's answer to one call: its verdict, and when it said a new try may come (`Retry-After`). */
interface Reply {
  status: number | null
  verdict: CdnVerdict
  retryAt: number | null
}

function callOutcome(reply: Reply): CdnCallOutcome {
  if (reply.verdict.kind === 'ok') return 'ok'
  if (reply.verdict.kind === 'rejected') return 'rejected'
  if (reply.status === null) return 'network'
  return reply.status === 429 ? 'throttled' : 'retry'
}

async function attempt(
  dispatcher: Dispatcher,
  target: CdnTarget,
  call: CdnRequest,
  deadline: AbortSignal,
): Promise<Reply | 'aborted'> {
  try {
    const answer = await request(`${call.origin}${call.path}`, {
      dispatcher,
      method: call.method,
      headers: call.headers,
      ...(call.body !== undefined ? { body: call.body } : {}),
      signal: deadline,
    })
    // An answer too long to be an error message is judged by its status alone.
    const body = await readBody(answer.body, ANSWER_MAX_BYTES).then(
      (bytes) => bytes.toString('utf8'),
      () => '',
    )
    if (deadline.aborted) return 'aborted'
    const header = answer.headers['retry-after']
    return {
      status: answer.statusCode,
      verdict: target.verdict(answer.statusCode, body),
      retryAt: parseRetryAfter(typeof header === 'string' ? header : undefined, Date.now()),
    }
  } catch (error) {
    if (deadline.aborted) return 'aborted'
    const code = errorCode(error)
    // A request undici will not send (a header value it refuses) fails the same way every time.
    if (/INVALID/.test(code))
      return { status: null, verdict: { kind: 'rejected', reason: `request not sent: ${code}` }, retryAt: null }
    return { status: null, verdict: { kind: 'retry', reason: `network ${code}` }, retryAt: null }
  }
}

/** The system or undici code of a network failure (`ECONNREFUSED`, `UND_ERR_SOCKET`): never its message, which may quote the request. */
function errorCode(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? code : 'error'
}

/** A CDN's reason as it may be logged and answered: one short line, without any secret (a CDN may echo the token). */
function scrub(reason: string, secrets: readonly string[]): string {
  let text = reason
  for (const secret of secrets) if (secret !== '') text = text.split(secret).join('[redacted]')
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 200)
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
