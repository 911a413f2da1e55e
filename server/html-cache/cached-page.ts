import type { ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants } from 'node:zlib'
import { negotiateEncoding } from '../middleware/compression.ts'
import { etagOf, notModifiedHeaders } from '../http/conditional-request.ts'
import { NONCE_LENGTH } from '../middleware/security-headers.ts'
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

export interface ServeOptions {
  method: string
  acceptEncoding: string | undefined
  /** Goes where the original response had its nonce. */
  nonce: string | undefined
}

/**
 * A response from a cached page in the encoding the visitor accepts (RFC 9110 §12.5.3): the stored
 * brotli or gzip variant, or identity. Nothing is compressed here. `extra` headers come first (the
 * page's own win). The headers stay a plain record: on the Node server such a response is written
 * without ever building a `Headers` object, unless a middleware reads them.
 */
export function servePage(page: CachedPage, options: ServeOptions, extra: Record<string, string> = {}): Response {
  const { headers, body } = pageAnswer(page, options, extra)
  return new Response(options.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: page.status, headers })
}

/** The same answer as `servePage`, written straight to Node's response (see routes/cache-hits.ts). */
export function writePage(outgoing: ServerResponse, page: CachedPage, options: ServeOptions, extra: Record<string, string> = {}): void {
  const { headers, body } = pageAnswer(page, options, extra)
  outgoing.writeHead(page.status, headers)
  if (options.method === 'HEAD') return void outgoing.end()
  outgoing.end(body)
  // Once written to the socket, an assembled body can carry the page's next response (never before:
  // until then the socket may still be sending it).
  if (headers['content-encoding'] === 'gzip') outgoing.once('finish', () => releaseGzip(page.gzip, body))
}

/**
 * The `304 Not Modified` a hit answers when the visitor's `If-None-Match` names the page's tag (see
 * middleware/conditional-get.ts, which answers the same way for the app): no body, and of the
 * headers `writePage` would send only those notModifiedHeaders keeps.
 */
export function writeNotModified(outgoing: ServerResponse, page: CachedPage, extra: Record<string, string> = {}): void {
  const headers: Record<string, string> = { ...extra }
  for (const [name, value] of page.headers) headers[name] = value
  headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding'
  headers.etag = page.etag
  outgoing.writeHead(304, notModifiedHeaders(Object.entries(headers)))
  outgoing.end()
}

function pageAnswer(page: CachedPage, options: ServeOptions, extra: Record<string, string>): { headers: Record<string, string>; body: Buffer } {
  const headers: Record<string, string> = { ...extra }
  for (const [name, value] of page.headers) headers[name] = value
  headers.etag = page.etag
  headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding'
  const encoding = negotiateEncoding(options.acceptEncoding, page.br ? ['br', 'gzip'] : ['gzip']) ?? 'identity'
  const filler = options.nonce ?? ''
  let body: Buffer
  if (encoding === 'br' && page.br) body = page.br
  else if (encoding === 'gzip') body = assembleGzip(page.gzip, filler)
  else body = page.segments.length === 1 ? page.segments[0]! : Buffer.from(page.segments.map((segment) => segment.toString('utf8')).join(filler), 'utf8')
  if (encoding !== 'identity') headers['content-encoding'] = encoding
  headers['content-length'] = String(body.length)
  return { headers, body }
}
