import type { ServerResponse } from 'node:http'
import { negotiateEncoding } from '../../http/content-coding.ts'
import { etagOf, ifNoneMatchMatches } from '../../http/conditional-request.ts'
import { cacheStatus } from '../../http/cache-status.ts'
import type { SecurityPolicy } from '../../http/security-policy.ts'
import { releaseGzip } from './gzip-segments.ts'
import {
  bodyBytes,
  bodySegments,
  cutAt,
  firstAnsweredBody,
  gzipAnswer,
  identityAnswer,
  keptBody,
  servableBrotli,
  type PageBody,
} from './page-body.ts'
import { answerHeaders, prepareHeaders, toHeaderRecord, type PreparedHeaders } from './prepared-headers.ts'

/**
 * A rendered page as the HTML cache keeps it: compressed only. Nearly every visitor accepts gzip,
 * and the text is five to six times the size of its gzip blocks: a page kept as text too would
 * take that room from five other pages of a fleet's long tail. The rare identity answer (a crawler
 * or a script that asks for none) is inflated from the blocks.
 */
export interface CachedPage {
  status: number
  /** Response headers worth keeping (never Set-Cookie, lengths or encodings). */
  headers: [string, string][]
  /**
   * The body, compressed only (see page-body.ts): one brotli pass of it as rendered until its first
   * hit, then split where the per-response nonce goes, as deflate blocks ready to be joined into a
   * gzip body.
   */
  body: PageBody
  storedAt: number
  /** Route name for metrics, as the render that produced it reported. */
  routeName: string
  /** Bytes it holds beside its body (its headers and the objects around it), for the cache's byte bound (see bytesHeld). */
  size: number
  /** Entity tag of the body with its nonce slots left blank: the same for every hit, whatever its nonce. */
  etag: string
  /** What it was rendered from (see Rendered.digest): a re-render with the same inputs renews it instead. */
  digest?: string
}

/** The serialisable part of a page, as shared between instances. */
export interface PageSnapshot {
  status: number
  headers: [string, string][]
  segments: string[]
  storedAt: number
  routeName: string
  digest?: string
}

/** Headers that describe one response's bytes or one visitor: recomputed or left out on a hit. */
const NOT_KEPT = new Set([
  'content-length',
  'content-encoding',
  'set-cookie',
  'date',
  'transfer-encoding',
  'connection',
  'x-request-id',
  'cache-status',
])

/** A page as rendered, before it is kept: the snapshot's fields, the body as bytes cut at its nonce. */
export interface RenderedSnapshot extends Omit<PageSnapshot, 'segments'> {
  segments: Buffer[]
  /** The body as rendered, its nonce in it (the segments are views of it). */
  whole: Buffer
  /** The nonce it was rendered with and cut at. */
  nonce: string | undefined
}

/**
 * A copy of the response headers a page keeps (none of NOT_KEPT), taken when the render is handed
 * over: the visitor's response may share its Headers object (the Node adapter's Response keeps the
 * one it was made with), and what middleware sets on it afterwards is that visitor's alone.
 */
export function keptHeaders(headers: Headers): [string, string][] {
  const kept: [string, string][] = []
  headers.forEach((value, name) => {
    if (!NOT_KEPT.has(name)) kept.push([name, value])
  })
  return kept
}

/**
 * A snapshot of a rendered response: its body is cut at each occurrence of the nonce it was rendered
 * with, so a hit can carry a fresh one. The cuts are views of the body's bytes: a nonce is ASCII,
 * and ASCII bytes never occur inside a multi-byte UTF-8 character, so cutting the bytes cuts the
 * text at the same places without decoding it.
 */
export function toSnapshot(
  response: { status: number; headers: Headers | readonly [string, string][] },
  body: Buffer,
  render: { nonce: string | undefined; routeName: string; digest?: string },
  storedAt: number,
): RenderedSnapshot {
  const { nonce, digest } = render
  const headers = response.headers instanceof Headers ? keptHeaders(response.headers) : [...response.headers]
  return {
    status: response.status,
    headers,
    segments: nonce ? cutAt(body, Buffer.from(nonce, 'utf8')) : [body],
    whole: body,
    nonce,
    storedAt,
    routeName: render.routeName,
    ...(digest !== undefined ? { digest } : {}),
  }
}

/**
 * What a kept page holds on the heap beside its bytes, counted in its size: the page, its headers,
 * the views of its blocks and the cache's entry with the upstream keys the page was built from
 * (3.2 KiB a page measured over 2,000 pages of twelve segments and eight keys; rounded up).
 */
const PAGE_OVERHEAD_BYTES = 4096

/** A page kept for its hits (a render nobody waits for, another instance's copy): compressed for them at once. */
export async function toCachedPage(snapshot: PageSnapshot | RenderedSnapshot): Promise<CachedPage> {
  const segments = snapshot.segments.map((segment) =>
    typeof segment === 'string' ? Buffer.from(segment, 'utf8') : segment,
  )
  return cachedPage(snapshot, segments, await keptBody(segments))
}

/** A page kept from the render a visitor is answered with: one brotli pass of it (see page-body.ts). */
export async function firstAnsweredPage(snapshot: RenderedSnapshot): Promise<CachedPage> {
  return cachedPage(
    snapshot,
    snapshot.segments,
    await firstAnsweredBody(snapshot.whole, snapshot.segments, snapshot.nonce),
  )
}

function cachedPage(snapshot: PageSnapshot | RenderedSnapshot, segments: Buffer[], body: PageBody): CachedPage {
  let size = PAGE_OVERHEAD_BYTES
  for (const [name, value] of snapshot.headers) size += name.length + value.length
  const { status, headers, storedAt, routeName, digest } = snapshot
  return {
    status,
    headers,
    body,
    storedAt,
    routeName,
    size,
    etag: etagOf(segments),
    ...(digest !== undefined ? { digest } : {}),
  }
}

/**
 * Bytes a kept page holds now, for the cache's byte bound: what it holds beside its body, and its
 * body as it stands. A page grows at its first hit (its gzip blocks; a page with a nonce lets its
 * first brotli go then) and as it proves popular (its gzip bodies kept for reuse, better blocks).
 */
export function bytesHeld(page: CachedPage): number {
  return page.size + bodyBytes(page.body)
}

export function toPageSnapshot(page: CachedPage): PageSnapshot {
  const { status, headers, storedAt, routeName, digest } = page
  return {
    status,
    headers,
    segments: bodySegments(page.body).map((segment) => segment.toString('utf8')),
    storedAt,
    routeName,
    ...(digest !== undefined ? { digest } : {}),
  }
}

/** The same page, fresh again as of `storedAt`: its inputs were found unchanged (its bytes and blocks are shared). */
export function renewed(page: CachedPage, storedAt: number): CachedPage {
  return { ...page, storedAt }
}

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
  /** Seconds since the page was rendered (`HtmlCache.age`); absent for a page kept from this very render. */
  age?: number
  /** The page is past its fresh window or marked by a purge (`HtmlCache.isStale`): a CDN must fetch it again at once. */
  stale?: boolean
  /** Seconds of freshness left (`ttlSecondsOf`), for `Cache-Status`; absent for a page kept from this very render. */
  ttl?: number
}

/**
 * The answer to a page view the HTML cache holds, the one rule for both ways it is sent (the app's
 * document route and the writer answering before the app, cache/pages/hit-writer.ts): the page's
 * header block (prepared-headers.ts: its own headers, its Cache-Control, Vary, CDN tags and hash
 * policy among them; a stale copy's with no shared lifetime left; the other security headers and
 * the page's `ETag`), a policy around a fresh nonce for a page kept without one of its own (its
 * nonce slots get that nonce), the request id, `Age` and `Cache-Status`; or, when `If-None-Match`
 * names that tag, the 304 middleware/conditional-get.ts would make of it (RFC 9110 §13.1.2): no
 * body, and only the headers notModifiedHeaders keeps, so no policy.
 */
export function answerPage(page: CachedPage, request: HitRequest, security: SecurityPolicy): PageAnswer {
  const answer = flatPageAnswer(page, request, prepareHeaders(page, security))
  return { status: answer.status, headers: toHeaderRecord(answer.headers), body: answer.body }
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
 * A page answer written straight to Node's response (the hit writer's side). Once written to the
 * socket, an assembled gzip body can carry the page's next response (never before: until then the
 * socket may still be sending it).
 */
export function writeAnswer(outgoing: ServerResponse, page: CachedPage, answer: FlatPageAnswer): void {
  outgoing.writeHead(answer.status, answer.headers)
  const { body } = answer
  if (body === null) return void outgoing.end()
  outgoing.end(body)
  const { gzip } = page.body
  if (answer.encoding === 'gzip' && gzip !== null) outgoing.once('finish', () => releaseGzip(gzip, body))
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
