import { setTimeout as delay } from 'node:timers/promises'
import type { Logger } from 'pino'
import { type Dispatcher, request } from 'undici'
import { type Backoff, DEFAULT_BACKOFF, nextRetryAt } from '../cache/backoff.ts'
import { readBody } from '../upstream/read-body.ts'
import type { CdnName, CdnPurge, CdnRequest, CdnTarget, CdnVerdict } from './cdn-purge.ts'

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
}

/** Enough of an error answer for its message; the rest is dropped with the connection. */
const ANSWER_MAX_BYTES = 16_384

/**
 * The purge's second half: after the server has purged itself and the fleet, the same purge goes to
 * each CDN in front (docs/freshness.md "A CDN in front"). A request answered 429, 5xx or not at all
 * is tried again after the back-off of background refreshes (cache/backoff.ts) until the deadline;
 * one the CDN refuses (bad token, unknown zone) is not, and the CDN's reason is logged once. Nothing
 * here throws: each CDN's outcome is counted and answered.
 */
export function createCdnForwarder(options: CdnForwarderOptions): CdnForwarder {
  const send = createSender(options)
  const concurrency = Math.max(1, options.concurrency ?? 4)

  async function forwardTo(target: CdnTarget, purge: CdnPurge, deadline: AbortSignal): Promise<Result> {
    const requests = target.requestsFor(purge)
    if (requests === null) return { outcome: 'unsupported' }
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
      const deadline = AbortSignal.timeout(options.timeoutMs)
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

/** One request, tried again on 429, 5xx and network errors until it succeeds, is refused or the deadline passes. */
function createSender(options: CdnForwarderOptions) {
  const backoff = options.backoff ?? DEFAULT_BACKOFF
  const random = options.random ?? Math.random
  return async function send(target: CdnTarget, call: CdnRequest, deadline: AbortSignal): Promise<Result> {
    let last: string | undefined
    for (let failures = 1; ; failures++) {
      const verdict = await attempt(options.dispatcher, target, call, deadline)
      if (verdict === 'aborted')
        return last === undefined ? { outcome: 'timeout' } : { outcome: 'failed', reason: last }
      if (verdict.kind === 'ok') return { outcome: 'ok' }
      const reason = scrub(verdict.reason, target.secrets)
      if (verdict.kind === 'rejected') return { outcome: 'rejected', reason }
      last = reason
      const now = Date.now()
      try {
        await delay(nextRetryAt(failures, backoff, now, random) - now, undefined, { signal: deadline })
      } catch {
        return { outcome: 'failed', reason }
      }
    }
  }
}

async function attempt(
  dispatcher: Dispatcher,
  target: CdnTarget,
  call: CdnRequest,
  deadline: AbortSignal,
): Promise<CdnVerdict | 'aborted'> {
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
    return target.verdict(answer.statusCode, body)
  } catch (error) {
    if (deadline.aborted) return 'aborted'
    const code = errorCode(error)
    // A request undici will not send (a header value it refuses) fails the same way every time.
    if (/INVALID/.test(code)) return { kind: 'rejected', reason: `request not sent: ${code}` }
    return { kind: 'retry', reason: `network ${code}` }
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

function answerText(result: Result): string {
  if (result.outcome === 'rejected' || result.outcome === 'failed') return `failed: ${result.reason ?? 'unknown'}`
  return result.outcome
}

function report(log: Logger, cdn: CdnName, purge: CdnPurge, result: Result): void {
  const facts = { cdn, purge: purge.kind, mode: purge.mode, outcome: result.outcome, reason: result.reason }
  if (result.outcome === 'ok') log.debug(facts, 'purge forwarded to the CDN')
  else if (result.outcome === 'rejected') log.warn(facts, 'the CDN refused the purge; it is not tried again')
  else if (result.outcome === 'unsupported') log.info(facts, 'the CDN has no way to take this purge')
  else log.warn(facts, 'the purge did not reach the CDN before its deadline')
}
