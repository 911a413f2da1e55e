import type { ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants } from 'node:zlib'
import { negotiateEncoding } from '../../http/content-coding.ts'
import { etagOf, ifNoneMatchMatches, notModifiedHeaders } from '../../http/conditional-request.ts'
import { REQUEST_ID_HEADER } from '../../http/request-id.ts'
import type { SecurityPolicy } from '../../http/security-policy.ts'
import { assembleGzip, compressSegments, identityBody, releaseGzip, segmentTexts, type GzipSegments } from './gzip-segments.ts'

const brotliAsync = promisify(brotliCompress)

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
   * The body split where the per-response nonce goes (one segment when the page has none), as
   * deflate blocks ready to be joined into a gzip body (see gzip-segments.ts).
   */
  gzip: GzipSegments
  /** Brotli of the whole body; only for pages without a nonce (brotli streams cannot be spliced). */
  br: Buffer | null
  storedAt: number
  /** Route name for metrics, as the render that produced it reported. */
  routeName: string
  /** Bytes held when it was kept, for the cache's byte bound; a popular page grows (see bytesHeld). */
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
const NOT_KEPT = new Set(['content-length', 'content-encoding', 'set-cookie', 'date', 'transfer-encoding', 'connection', 'x-request-id'])

/** A page as rendered, before it is kept: the snapshot's fields, the body as bytes cut at its nonce. */
export interface RenderedSnapshot extends Omit<PageSnapshot, 'segments'> {
  segments: Buffer[]
}

/**
 * A snapshot of a rendered response: its body is cut at each occurrence of the nonce it was rendered
 * with, so a hit can carry a fresh one. The cuts are views of the body's bytes: a nonce is ASCII,
 * and ASCII bytes never occur inside a multi-byte UTF-8 character, so cutting the bytes cuts the
 * text at the same places without decoding it.
 */
export function toSnapshot(response: { status: number; headers: Headers }, body: Buffer, render: { nonce: string | undefined; routeName: string; digest?: string }, storedAt: number): RenderedSnapshot {
  const { nonce, digest } = render
  const headers: [string, string][] = []
  response.headers.forEach((value, name) => {
    if (!NOT_KEPT.has(name)) headers.push([name, value])
  })
  return { status: response.status, headers, segments: nonce ? cutAt(body, Buffer.from(nonce, 'utf8')) : [body], storedAt, routeName: render.routeName, ...(digest !== undefined ? { digest } : {}) }
}

function cutAt(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = []
  let from = 0
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at))
    from = at + separator.length
  }
  parts.push(body.subarray(from))
  return parts
}

/**
 * Brotli quality of a page kept without a nonce (one piece, so brotli can serve it): quality 5
 * takes about 3 ms for a 100 KiB page on this machine against about 45 ms for quality 9, for
 * about 5 % more bytes. Paid on every miss of such a page, kept or not later.
 */
const STORE_BROTLI_QUALITY = 5

/**
 * What a kept page holds on the heap beside its bytes, counted in its size: the page, its headers,
 * the views of its blocks and the cache's entry with the upstream keys the page was built from
 * (3.2 KiB a page measured over 2,000 pages of twelve segments and eight keys; rounded up).
 */
const PAGE_OVERHEAD_BYTES = 4096

/**
 * Compresses a page's variants once, cheaply (see STORE_LEVEL): a popular page's gzip blocks are
 * compressed again at the best level in the background (see gzip-segments.ts). The compressed
 * variants are copied into one memory block of the page's own: one block per page is given back
 * whole when the page goes, where a small block per variant would be kept in the allocator's heap
 * between the buffers of renders, and thousands of them keep that heap fragmented.
 */
export async function toCachedPage(snapshot: PageSnapshot | RenderedSnapshot): Promise<CachedPage> {
  const segments = snapshot.segments.map((segment) => (typeof segment === 'string' ? Buffer.from(segment, 'utf8') : segment))
  const [gzip, br] = await Promise.all([
    compressSegments(segments),
    segments.length === 1
      ? brotliAsync(segments[0]!, { params: { [constants.BROTLI_PARAM_QUALITY]: STORE_BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: segments[0]!.length } })
      : Promise.resolve(null),
  ])
  const all = packTogether([br ? [br] : [], gzip.blocks])
  const [packedBr, packedBlocks] = all.groups as [Buffer[], Buffer[]]
  const packBlocks = (blocks: Buffer[]) => packTogether([blocks]).groups[0]!
  let size = all.block.byteLength + PAGE_OVERHEAD_BYTES
  for (const [name, value] of snapshot.headers) size += name.length + value.length
  const { status, headers, storedAt, routeName, digest } = snapshot
  return { status, headers, gzip: { ...gzip, blocks: packedBlocks, pack: packBlocks }, br: packedBr[0] ?? null, storedAt, routeName, size, etag: etagOf(segments), ...(digest !== undefined ? { digest } : {}) }
}

/**
 * Bytes a kept page holds now, for the cache's byte bound: its size when kept, plus what a popular
 * page adds, the gzip bodies kept for reuse and, once it is compressed again, its better blocks
 * (in memory of their own, beside the first ones, which the page's block may still hold: counting
 * both keeps this an upper bound).
 */
export function bytesHeld(page: CachedPage): number {
  const { gzip } = page
  let held = page.size
  if (gzip.improved !== undefined) for (const block of gzip.blocks) held += block.length
  for (const body of gzip.spare ?? []) held += body.length
  return held
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
  const { status, headers, storedAt, routeName, digest } = page
  return { status, headers, segments: segmentTexts(page.gzip).map((segment) => segment.toString('utf8')), storedAt, routeName, ...(digest !== undefined ? { digest } : {}) }
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
}

/**
 * The answer to a page view the HTML cache holds, the one rule for both ways it is sent (the app's
 * document route and the writer answering before the app, cache/pages/hit-writer.ts): the page's own
 * headers (its Cache-Control, Vary and CDN tags among them), the security headers around a fresh
 * nonce, the request id, `Age` and the page's `ETag`; or, when `If-None-Match` names that tag, the
 * 304 middleware/conditional-get.ts would make of it (RFC 9110 §13.1.2): no body, and only the
 * headers notModifiedHeaders keeps, so no nonce policy.
 */
export function answerPage(page: CachedPage, request: HitRequest, security: SecurityPolicy): PageAnswer {
  const headers: Record<string, string> = { ...security.headersFor(request.nonce), [REQUEST_ID_HEADER]: request.requestId }
  if (request.age !== undefined) headers.age = String(request.age)
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
  return { encoding: 'identity', body: identityBody(page.gzip, filler) }
}
