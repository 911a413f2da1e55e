import type { ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import type { CachedPage } from '../cache/pages/cached-page.ts'
import type { Rerender } from '../cache/pages/read-render.ts'
import type { HtmlCache } from '../cache/pages/html-cache.ts'
import { ttlSecondsOf } from '../http/cache-status.ts'
import { type RequestRecord, type RequestRecorder, whenSent } from '../http/request-id.ts'
import type { AdmittedRequest } from '../http/request-facts.ts'
import type { Metrics } from '../metrics/metrics.ts'
import type { RequestSeries } from '../metrics/request-series.ts'
import { nextNonce } from '../http/security-policy.ts'
import { flatPageAnswer, writePageAnswer } from './page-answer.ts'
import type { AnswerWriting } from './policy-lines.ts'
import { type PreparedHeaders, prepareHeaders } from './prepared-headers.ts'

/** A page view the HTML cache may answer as it stands: its key, and how to render it again when stale. */
export interface CachedPageView {
  key: string
  /** The request's pathname, for the access log. */
  pathname: string
  rerender: Rerender
}

export interface HitWriterOptions {
  htmlCache: HtmlCache
  /**
   * The cached page view a GET is, decided by the same rule the app's document route answers from
   * (routes/front-decision.ts `createPageViews`), or null when only the app may answer it.
   */
  cachedView: (admitted: AdmittedRequest) => CachedPageView | null
  /** How the app writes its answers: a hit's headers are written the same way (answer/policy-lines.ts). */
  writing: AnswerWriting
  /** Starts each request's record (the one the request context middleware keeps); a turn's hits are logged together. */
  recorder: RequestRecorder
  /** The request metrics' series of an answer (metrics/metrics.ts), held per kept page. */
  requestSeries?: Metrics['requestSeries']
  log: Logger
}

/** What the hits of one kept page share. */
interface PreparedHit {
  headers: PreparedHeaders
  series: { answered: RequestSeries; notModified: RequestSeries } | undefined
}

/** A hit decided in this turn of the event loop, waiting to be written with the others of the turn. */
interface DecidedHit {
  outgoing: ServerResponse
  admitted: AdmittedRequest
  view: CachedPageView
  page: CachedPage
  age: number
  stale: boolean
  record: RequestRecord
  /** Hands the request to the app, as if the hit writer had never taken it. */
  decline: () => void
}

/**
 * Page views the HTML cache answers as they stand, written on Node's response from what the front
 * door found (lifecycle/front-door.ts `answerBeforeApp`), before the app sees them: a hit then costs the
 * page decision the app would take (the same function) and one write of stored bytes, with no web
 * Request or Response, routing or await in between. Its answer is `answerPage`'s (from the page's header block, made once per kept page), the one the app's
 * document route sends for a hit, plus the access log line and metrics. A stale page is answered the same way while the cache renders it again in the
 * background.
 *
 * The hits of one turn of the event loop (the requests that arrived together) are decided as they
 * come and written together at the turn's end (`setImmediate`): the peer reading them (a balancer,
 * a CDN, a client) is then woken once for the lot rather than once per answer, which on a busy
 * instance cost each hit more than its own work (docs/performance.md "Cache hits against the wire").
 *
 * Everything else is declined and reaches the app unchanged: other methods, whatever `cachedView`
 * declines (a refused host, a tenant not held fresh, a redirect, a private answer) and a page not
 * cached here (the app renders it, coalesced, or reads the shared store).
 */
export function createHitWriter(
  options: HitWriterOptions,
): (admitted: AdmittedRequest, outgoing: ServerResponse, decline: () => void) => boolean {
  const { htmlCache, cachedView, writing, recorder, requestSeries, log } = options
  // What each kept page's hits share, made at its first hit and gone with the page (a page renewed
  // or rendered again is a new object, so it is made again): its header block, and the request
  // metrics' series of its answers, 200 and 304.
  const prepared = new WeakMap<CachedPage, PreparedHit>()
  const preparedOf = (page: CachedPage): PreparedHit => {
    let hit = prepared.get(page)
    if (hit === undefined) {
      hit = {
        headers: prepareHeaders(page, writing),
        series: requestSeries && {
          answered: requestSeries(page.routeName, 'GET', page.status),
          notModified: requestSeries(page.routeName, 'GET', 304),
        },
      }
      prepared.set(page, hit)
    }
    return hit
  }

  let decided: DecidedHit[] = []

  function decide(admitted: AdmittedRequest, outgoing: ServerResponse, decline: () => void): boolean {
    if (admitted.facts.method !== 'GET') return false
    const view = cachedView(admitted)
    if (view === null) return false
    const found = htmlCache.lookup(view.key)
    if (found === undefined) return false
    const { page, age, stale } = found
    if (stale) htmlCache.revalidate(view.key, view.rerender)
    const record = recorder.begin(admitted.facts.requestId, outgoing)
    if (decided.length === 0) setImmediate(writeDecided)
    decided.push({ outgoing, admitted, view, page, age, stale, record, decline })
    return true
  }

  function writeDecided(): void {
    const hits = decided
    decided = []
    const failed: { hit: DecidedHit; error: unknown }[] = []
    // Their access lines leave as one write; a failure is logged after them, in the order things happened.
    recorder.together(() => {
      for (const hit of hits) {
        try {
          write(hit)
        } catch (error) {
          failed.push({ hit, error })
        }
      }
    })
    for (const { hit, error } of failed) {
      // A fault here must cost the visitor nothing: the app answers the request as if never tried.
      log.error({ err: error }, 'cache hit failed; left to the app')
      hit.record.abandon()
      if (hit.outgoing.headersSent) hit.outgoing.destroy()
      else hit.decline()
    }
  }

  function write({ outgoing, admitted, view, page, age, stale, record }: DecidedHit): void {
    const { facts } = admitted
    const request = {
      method: 'GET',
      acceptEncoding: facts.acceptEncoding,
      ifNoneMatch: facts.ifNoneMatch,
      requestId: record.requestId,
      nonce: nextNonce(),
      age,
      stale,
      ttl: ttlSecondsOf(htmlCache.freshMs, age),
    } as const
    const { headers, series } = preparedOf(page)
    const answered = flatPageAnswer(page, request, headers)
    const timing = record.serverTiming()
    if (timing !== null) answered.headers.push('server-timing', timing)
    writePageAnswer(outgoing, page, answered)
    record.firstByte()
    const finish = () =>
      record.finish({
        method: 'GET',
        path: view.pathname,
        route: page.routeName,
        status: answered.status,
        host: admitted.host.ok ? admitted.host.host : undefined,
        cache: stale ? 'stale' : 'hit',
        bytes: answered.body === null ? 0 : answered.body.length,
        series: answered.status === 304 ? series?.notModified : series?.answered,
      })
    // A visitor who left before the write included: the socket closes after this turn.
    whenSent(outgoing, finish)
  }

  return function answerCacheHit(admitted, outgoing, decline) {
    try {
      return decide(admitted, outgoing, decline)
    } catch (error) {
      // A fault here must cost the visitor nothing: the app answers the request as if never tried.
      log.error({ err: error }, 'cache hit failed; left to the app')
      return false
    }
  }
}
