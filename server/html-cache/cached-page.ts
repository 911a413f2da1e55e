import type { ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants } from 'node:zlib'
import { negotiateEncoding } from '../middleware/compression.ts'
import { etagOf, ifNoneMatchMatches, notModifiedHeaders } from '../http/conditional-request.ts'
import { REQUEST_ID_HEADER } from '../middleware/request-context.ts'
import { NONCE_LENGTH, type SecurityPolicy } from '../middleware/security-headers.ts'
import { assembleGzip, compressSegments, gzipSize, releaseGzip, SPARE_BODIES, type GzipSegments } from './gzip-segments.ts'

const brotliAsync = promisify(brotliCompress)

/** A rendered page as the HTML cache keeps it: identity text plus precompressed variants. */
export interface CachedPage {
  status: number
  /** Response headers worth keeping (never Set-Cookie, lengths or encodings). */
  headers: [string, string][]
  /** The body split where the per-response nonce goes (one segment when the page has none). */
  segments: Buffer[]
  /** The segments' deflate blocks, ready to be joined into a gzip body (see gzip-segments.ts). */
  gzip: GzipSegments
  /** Brotli of the whole body; only for pages without a nonce (brotli streams cannot be spliced). */
  br: Buffer | null
  storedAt: number
  /** Route name for metrics, as the render that produced it reported. */
  routeName: string
  /** Bytes held, for the cache's byte bound, with room for the gzip bodies kept for reuse. */
  size: number
  /** Entity tag of the body with its nonce slots left blank: the same for every hit, whatever its nonce. */
  etag: string
}

/** The serialisable part of a page, as shared between instances. */
export interface PageSnapshot {
  status: number
  headers: [string, string][]
  segments: string[]
  storedAt: number
  routeName: string
}

/** Headers that describe one response's bytes or one visitor: recomputed or left out on a hit. */
const NOT_KEPT = new Set(['content-length', 'content-encoding', 'set-cookie', 'date', 'transfer-encoding', 'connection', 'x-request-id'])

/**
 * A snapshot of a rendered response: its body is cut at each occurrence of the nonce it was rendered
 * with, so a hit can carry a fresh one.
 */
export function toSnapshot(response: { status: number; headers: Headers }, body: Buffer, render: { nonce: string | undefined; routeName: string }, storedAt: number): PageSnapshot {
  const { nonce } = render
  const headers: [string, string][] = []
  response.headers.forEach((value, name) => {
    if (!NOT_KEPT.has(name)) headers.push([name, value])
  })
  const text = body.toString('utf8')
  const segments = nonce ? text.split(nonce) : [text]
  return { status: response.status, headers, segments, storedAt, routeName: render.routeName }
}

/** Compresses a snapshot's variants once (off the event loop). */
export async function toCachedPage(snapshot: PageSnapshot): Promise<CachedPage> {
  const segments = snapshot.segments.map((segment) => Buffer.from(segment, 'utf8'))
  const [gzip, br] = await Promise.all([
    compressSegments(segments),
    segments.length === 1
      ? brotliAsync(segments[0]!, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: segments[0]!.length } })
      : Promise.resolve(null),
  ])
  const { block, groups } = packTogether([segments, gzip.blocks, br ? [br] : []])
  const [packedSegments, packedBlocks, packedBr] = groups as [Buffer[], Buffer[], Buffer[]]
  let size = block.byteLength + SPARE_BODIES * gzipSize(gzip, NONCE_LENGTH)
  for (const [name, value] of snapshot.headers) size += name.length + value.length
  return { status: snapshot.status, headers: snapshot.headers, segments: packedSegments, gzip: { ...gzip, blocks: packedBlocks }, br: packedBr[0] ?? null, storedAt: snapshot.storedAt, routeName: snapshot.routeName, size, etag: etagOf(segments) }
}

/**
 * Copies every part of a page into one memory block of exactly their total size. Without it a cached
 * page would keep far more than its bytes alive: `Buffer.from` of a short text is a view into a shared
 * 8 KiB pool, and a short zlib result a view into the stream's 16 KiB output chunk, so the cache's
 * byte bound would count the views while the process holds the blocks behind them.
 */
function packTogether(groups: Buffer[][]): { block: ArrayBuffer; groups: Buffer[][] } {
  let total = 0
  for (const group of groups) for (const part of group) total += part.length
  // Outside the pool: one block owned by this page alone, freed with it.
  const block = Buffer.allocUnsafeSlow(Math.max(1, total))
  let offset = 0
  const views = groups.map((group) =>
    group.map((part) => {
      part.copy(block, offset)
      const view = block.subarray(offset, offset + part.length)
      offset += part.length
      return view
    }),
  )
  return { block: block.buffer as ArrayBuffer, groups: views }
}

export function toPageSnapshot(page: CachedPage): PageSnapshot {
  return { status: page.status, headers: page.headers, segments: page.segments.map((segment) => segment.toString('utf8')), storedAt: page.storedAt, routeName: page.routeName }
}

/** One response made from a cached page: what both the app and the hit writer send. */
export interface PageAnswer {
  status: number
  headers: Record<string, string>
  /** Null for HEAD and 304. */
  body: Buffer | null
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
  /** Seconds since the page was rendered (`HtmlCache.age`). */
  age: number
}

/**
 * The answer to a page view the HTML cache holds, the one rule for both ways it is sent (the app's
 * document route and the writer answering before the app, html-cache/hit-writer.ts): the page's own
 * headers (its Cache-Control, Vary and CDN tags among them), the security headers around a fresh
 * nonce, the request id, `Age` and the page's `ETag`; or, when `If-None-Match` names that tag, the
 * 304 middleware/conditional-get.ts would make of it (RFC 9110 §13.1.2): no body, and only the
 * headers notModifiedHeaders keeps, so no nonce policy.
 */
export function answerPage(page: CachedPage, request: HitRequest, security: SecurityPolicy): PageAnswer {
  const headers: Record<string, string> = { ...security.headersFor(request.nonce), [REQUEST_ID_HEADER]: request.requestId, age: String(request.age) }
  for (const [name, value] of page.headers) headers[name] = value
  headers.etag = page.etag
  headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding'
  if (ifNoneMatchMatches(request.ifNoneMatch, page.etag)) return { status: 304, headers: notModifiedHeaders(Object.entries(headers)), body: null }
  const { encoding, body } = pageBody(page, request.acceptEncoding, request.nonce)
  if (encoding !== 'identity') headers['content-encoding'] = encoding
  headers['content-length'] = String(body.length)
  return { status: page.status, headers, body: request.method === 'HEAD' ? null : body }
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
export function writeAnswer(outgoing: ServerResponse, page: CachedPage, answer: PageAnswer): void {
  outgoing.writeHead(answer.status, answer.headers)
  const { body } = answer
  if (body === null) return void outgoing.end()
  outgoing.end(body)
  if (answer.headers['content-encoding'] === 'gzip') outgoing.once('finish', () => releaseGzip(page.gzip, body))
}

/**
 * The variant the visitor accepts (RFC 9110 §12.5.3): the stored brotli or gzip, or identity, with
 * `filler` in the nonce slots. Nothing is compressed here.
 */
function pageBody(page: CachedPage, acceptEncoding: string | undefined, filler: string): { encoding: 'br' | 'gzip' | 'identity'; body: Buffer } {
  const encoding = negotiateEncoding(acceptEncoding, page.br ? ['br', 'gzip'] : ['gzip']) ?? 'identity'
  if (encoding === 'br' && page.br) return { encoding, body: page.br }
  if (encoding === 'gzip') return { encoding, body: assembleGzip(page.gzip, filler) }
  const body = page.segments.length === 1 ? page.segments[0]! : Buffer.from(page.segments.map((segment) => segment.toString('utf8')).join(filler), 'utf8')
  return { encoding: 'identity', body }
}
