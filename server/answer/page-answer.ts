import type { ServerResponse } from 'node:http'
import { PRIVATE } from '../http/answer-policy.ts'
import { cacheStatus } from '../http/cache-status.ts'
import { whenSent } from '../http/request-id.ts'
import { ifNoneMatchMatches } from '../http/conditional-request.ts'
import { negotiateEncoding } from '../http/content-coding.ts'
import type { CachedPage } from '../cache/pages/cached-page.ts'
import { releaseGzip } from '../cache/pages/body/gzip-segments.ts'
import { gzipAnswer, identityAnswer, servableBrotli } from '../cache/pages/body/page-body.ts'
import type { AnswerWriting } from './policy-lines.ts'
import { answerHeaders, prepareHeaders, toHeaderRecord, type PreparedHeaders } from './prepared-headers.ts'

/** One response made from a cached page: what both the app and the hit writer send. */
export interface PageAnswer {
  status: number
  headers: Record<string, string>
  /** Null for HEAD and 304. */
  body: Buffer | null
}

/** A PageAnswer with its headers flat, `[name, value, …]`, as Node's `writeHead` takes them (the hit writer's side). */
interface FlatPageAnswer {
  status: number
  headers: string[]
  body: Buffer | null
  /** The body's content coding; absent for a 304. */
  encoding?: 'br' | 'gzip' | 'identity'
}

/** Who asks for a cached page, and the headers of this one answer. */
export interface HitRequest {
  method: 'GET' | 'HEAD'
  acceptEncoding: string | undefined
  /** The visitor's `If-None-Match`; leave it out when the answer will be private (it sets a cookie). */
  ifNoneMatch: string | undefined
  requestId: string
  /** Fresh per answer: goes into the body's nonce slots and the policy. */
  nonce: string
  /** Seconds since the page was rendered (`PageLookup.age`); absent for a page kept from this very render. */
  age?: number
  /** The page is past its fresh window or marked by a purge (`PageLookup.stale`): a CDN must fetch it again at once. */
  stale?: boolean
  /** Seconds of freshness left (`ttlSecondsOf`), for `Cache-Status`; absent for a page kept from this very render. */
  ttl?: number
}

/**
 * The answer to a page view the HTML cache holds, the one rule for both ways it is sent (the app's
 * document route and the writer answering before the app, answer/hit-writer.ts): the page's
 * header block (prepared-headers.ts: its own headers and what its policy writes, Cache-Control,
 * Vary, CDN tags and a policy without a nonce among them; a stale copy's with no shared lifetime left; the other security headers and
 * the page's `ETag`), a policy around a fresh nonce for a page whose policy names one (its
 * nonce slots get that nonce), the request id, `Age` and `Cache-Status`; or, when `If-None-Match`
 * names that tag, the 304 answer/answer-writer.ts would make of it (RFC 9110 §13.1.2): no
 * body, and only the headers notModifiedHeaders keeps, so no policy.
 */
export function answerPage(page: CachedPage, request: HitRequest, writing: AnswerWriting): PageAnswer {
  const answer = flatPageAnswer(page, request, prepareHeaders(page, writing))
  return { status: answer.status, headers: toHeaderRecord(answer.headers), body: answer.body }
}

/**
 * A page answer made its visitor's alone (it sets the language cookie): no cache keeps it, no CDN
 * hears of it, and no tag confirms it to another visitor (http/answer-policy.ts `privateAnswer`).
 */
export function privatePageAnswer(answer: PageAnswer): PageAnswer {
  const {
    'cdn-cache-control': _cdn,
    'cache-tag': _tag,
    'surrogate-key': _key,
    etag: _etag,
    ...visitorHeaders
  } = answer.headers
  return { ...answer, headers: { ...visitorHeaders, 'cache-control': PRIVATE.cacheControl ?? 'private, no-store' } }
}

/** `answerPage` from the page's header block as kept by the caller (the hit writer), its headers flat. */
export function flatPageAnswer(page: CachedPage, request: HitRequest, prepared: PreparedHeaders): FlatPageAnswer {
  const stale = request.stale === true
  // A page kept from this very render was rendered for this visitor: a miss, as its first answer said.
  const status = request.age === undefined ? cacheStatus('miss') : cacheStatus(stale ? 'stale' : 'hit', request.ttl)
  const facts = { requestId: request.requestId, nonce: request.nonce, age: request.age, cacheStatus: status }
  if (ifNoneMatchMatches(request.ifNoneMatch, page.etag))
    return { status: 304, headers: answerHeaders(prepared, stale, { ...facts, encoding: null }), body: null }
  const { encoding, body } = pageBody(page, request.acceptEncoding, request.nonce)
  const headers = answerHeaders(prepared, stale, { ...facts, encoding, length: body.length })
  return { status: page.status, headers, body: request.method === 'HEAD' ? null : body, encoding }
}

/** A page answer as a web Response (the app's side). */
export function pageResponse(answer: PageAnswer): Response {
  return new Response(answer.body as Uint8Array<ArrayBuffer> | null, { status: answer.status, headers: answer.headers })
}

/**
 * A page answer written straight to Node's response (the hit writer's side). Once handed to the
 * socket, an assembled gzip body can carry the page's next response (never before: until then the
 * socket may still be sending it).
 */
export function writePageAnswer(outgoing: ServerResponse, page: CachedPage, answer: FlatPageAnswer): void {
  outgoing.writeHead(answer.status, answer.headers)
  const { body } = answer
  if (body === null) return void outgoing.end()
  outgoing.end(body)
  const { gzip } = page.body
  if (answer.encoding === 'gzip' && gzip !== null) whenSent(outgoing, () => releaseGzip(gzip, body))
}

/**
 * The variant the visitor accepts (RFC 9110 §12.5.3): the stored brotli when it can carry `filler`,
 * else gzip, or identity, with `filler` in the nonce slots. Only a page's first gzip answer
 * compresses (see gzipOf).
 */
function pageBody(
  page: CachedPage,
  acceptEncoding: string | undefined,
  filler: string,
): { encoding: 'br' | 'gzip' | 'identity'; body: Buffer } {
  const br = servableBrotli(page.body, filler)
  const encoding = negotiateEncoding(acceptEncoding, br ? ['br', 'gzip'] : ['gzip']) ?? 'identity'
  if (encoding === 'br' && br) return { encoding, body: br }
  if (encoding === 'gzip') return { encoding, body: gzipAnswer(page.body, filler) }
  return { encoding: 'identity', body: identityAnswer(page.body, filler) }
}
