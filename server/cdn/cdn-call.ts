import { setTimeout as delay } from 'node:timers/promises'
import { type Dispatcher, request } from 'undici'
import { type Backoff, DEFAULT_BACKOFF, nextRetryAt } from '../cache/backoff.ts'
import { readBody } from '../upstream/read-body.ts'
import { type CallRate, createCallRate } from './call-rate.ts'
import type { CdnName, CdnRequest, CdnTarget, CdnVerdict } from './cdn-purge.ts'
import { parseRetryAfter } from './retry-after.ts'

/**
 * How one HTTP call to a CDN went; the label values of `cdn_purge_calls_total{outcome}`. `throttled`
 * is a 429, `retry` another answer worth a later try (408, 5xx), `network` no answer, `timeout` cut
 * by the purge's deadline, `not_sent` a call this instance's pace (CDN_PURGE_CALLS_PER_MINUTE) could
 * not fit before the deadline.
 */
export type CdnCallOutcome = 'ok' | 'throttled' | 'retry' | 'rejected' | 'network' | 'timeout' | 'not_sent'

/** How one call went in the end, its tries included. */
export interface CallResult {
  outcome: 'ok' | 'failed' | 'rejected' | 'timeout'
  /** Why it failed, secrets removed: a status and the CDN's own words. */
  reason?: string
}

export interface CdnCallerOptions {
  targets: readonly CdnTarget[]
  dispatcher: Dispatcher
  /** Called once per call made to a CDN, or not sent for the pace (metrics: `cdn_purge_calls_total`). */
  onCall?: ((cdn: CdnName, outcome: CdnCallOutcome) => void) | undefined
  /** Calls a minute to each metered CDN (CdnTarget.metered), whatever the purges. */
  callsPerMinute: number
  /** Calls that may go at once after a quiet spell. */
  burst: number
  /** Tries of one call answered 429, 5xx or not at all, the first included. */
  maxTries: number
  backoff?: Backoff | undefined
  random?: (() => number) | undefined
}

/** Enough of an error answer for its message; the rest is dropped with the connection. */
const ANSWER_MAX_BYTES = 16_384

/** The pace of a CDN that meters nothing: every call may go now. */
const UNPACED: CallRate = { book: () => Date.now(), holdUntil: () => {} }

/** The end of one purge's forwarding: its signal aborts calls in flight, its time bounds waits and bookings. */
export interface Deadline {
  signal: AbortSignal
  at: number
}

/**
 * Sends one request, booked at its CDN's pace and tried again on 429, 5xx and network errors until it
 * succeeds, is refused, has had its tries, or the next try would fall past the deadline.
 */
export function createCdnCaller(options: CdnCallerOptions) {
  const backoff = options.backoff ?? DEFAULT_BACKOFF
  const random = options.random ?? Math.random
  const { maxTries } = options
  // One pace per metered CDN, for every purge sent there; the others go unpaced.
  const rates = new Map<CdnTarget, CallRate>(
    options.targets
      .filter((target) => target.metered)
      .map((target) => [target, createCallRate({ perMinute: options.callsPerMinute, burst: options.burst })]),
  )
  const rateOf = (target: CdnTarget) => rates.get(target) ?? UNPACED
  /** One call, booked at the CDN's pace: judged, to be tried again, or ended by the pace or the deadline. */
  async function tryOnce(target: CdnTarget, call: CdnRequest, deadline: Deadline): Promise<Try> {
    const rate = rateOf(target)
    const counted = (outcome: CdnCallOutcome) => options.onCall?.(target.name, outcome)
    const at = rate.book(deadline.at)
    if (at === null) {
      counted('not_sent')
      return { kind: 'ended', reason: 'not sent before the deadline: CDN_PURGE_CALLS_PER_MINUTE reached' }
    }
    if (!(await waitUntil(at, deadline.signal))) return { kind: 'ended' }
    const reply = await attempt(options.dispatcher, target, call, deadline.signal)
    if (reply === 'aborted') {
      counted('timeout')
      return { kind: 'ended' }
    }
    const { verdict } = reply
    counted(callOutcome(reply))
    if (verdict.kind === 'ok') return { kind: 'done', result: { outcome: 'ok' } }
    const reason = scrub(verdict.reason, target.secrets)
    if (verdict.kind === 'rejected') return { kind: 'done', result: { outcome: 'rejected', reason } }
    // A CDN's Retry-After holds every call to it, this purge's and the others'.
    if (reply.retryAt !== null) rate.holdUntil(reply.retryAt)
    return { kind: 'retry', reason, retryAt: reply.retryAt }
  }

  /** Waits out the back-off after try `tries` (and the CDN's Retry-After); false when it would pass the deadline. */
  async function waitToRetry(tries: number, retryAt: number | null, deadline: Deadline): Promise<boolean> {
    const now = Date.now()
    const next = Math.max(nextRetryAt(tries, backoff, now, random), retryAt ?? now)
    return next <= deadline.at && (await waitUntil(next, deadline.signal))
  }

  return async function send(target: CdnTarget, call: CdnRequest, deadline: Deadline): Promise<CallResult> {
    let last: string | undefined
    for (let tries = 1; ; tries++) {
      const tried = await tryOnce(target, call, deadline)
      if (tried.kind === 'done') return tried.result
      if (tried.kind === 'ended') return endedWith(last ?? tried.reason)
      last = tried.reason
      if (tries >= maxTries) return { outcome: 'failed', reason: `${last} (${tries} tries)` }
      if (!(await waitToRetry(tries, tried.retryAt, deadline))) return { outcome: 'failed', reason: last }
    }
  }
}

/** A call that ended without a verdict: failed for the last reason known, else timed out. */
function endedWith(reason: string | undefined): CallResult {
  return reason === undefined ? { outcome: 'timeout' } : { outcome: 'failed', reason }
}

/** How one call ended: judged for good, worth another try, or ended by the pace (its reason) or the deadline. */
type Try =
  | { kind: 'done'; result: CallResult }
  | { kind: 'retry'; reason: string; retryAt: number | null }
  | { kind: 'ended'; reason?: string }

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
