import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import type { NodeAnswer } from '../../lifecycle/http-server.ts'
import { REQUEST_ID_HEADER, type RequestRecord } from '../../http/request-id.ts'
import { nextNonce, type SecurityPolicy } from '../../http/security-policy.ts'
import { answerPage, writeAnswer } from './cached-page.ts'
import type { HtmlCache } from './html-cache.ts'
import type { Rerender } from './read-render.ts'

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
   * The page view a GET is, decided by the same front half the app's document route runs
   * (routes/front-decision.ts), or null when only the app may answer it.
   */
  pageViewOf: (incoming: IncomingMessage) => CachedPageView | null
  security: SecurityPolicy
  /** Starts the request's record (the one the request context middleware keeps). */
  begin: (incomingId: string | undefined) => RequestRecord
  log: Logger
}

/**
 * Page views the HTML cache answers as they stand, written on Node's request and response before
 * the app sees them: a hit then costs the front decision the app would take (the same function) and
 * one write of stored bytes, with no web Request or Response, routing or await in between. Its
 * answer is `answerPage`'s, the one the app's document route sends for a hit, plus the access log
 * line and metrics. A stale page is answered the same way while the cache renders it again in the
 * background.
 *
 * Everything else is declined and reaches the app unchanged: other methods, whatever `pageViewOf`
 * declines (a refused host, a tenant not held fresh, a redirect, a private answer) and a page not
 * cached here (the app renders it, coalesced, or reads the shared store).
 */
export function createHitWriter(options: HitWriterOptions): NodeAnswer {
  const { htmlCache, pageViewOf, security, begin, log } = options

  function answer(incoming: IncomingMessage, outgoing: ServerResponse): boolean {
    if (incoming.method !== 'GET') return false
    const view = pageViewOf(incoming)
    if (view === null) return false
    const page = htmlCache.hit(view.key, view.rerender)
    if (page === undefined) return false

    const { headers } = incoming
    const incomingId = headers[REQUEST_ID_HEADER]
    const record = begin(typeof incomingId === 'string' ? incomingId : undefined)
    const request = {
      method: 'GET',
      acceptEncoding: headers['accept-encoding'],
      ifNoneMatch: headers['if-none-match'],
      requestId: record.requestId,
      nonce: nextNonce(),
      age: htmlCache.age(page),
      stale: htmlCache.isStale(view.key),
    } as const
    const answered = answerPage(page, request, security)
    writeAnswer(outgoing, page, answered)
    outgoing.once('close', () =>
      record.finish({ method: 'GET', path: view.pathname, route: page.routeName, status: answered.status }),
    )
    return true
  }

  return function answerCacheHit(incoming, outgoing) {
    try {
      return answer(incoming, outgoing)
    } catch (error) {
      // A fault here must cost the visitor nothing: the app answers the request as if never tried.
      log.error({ err: error }, 'cache hit failed; left to the app')
      if (!outgoing.headersSent) return false
      outgoing.destroy()
      return true
    }
  }
}
