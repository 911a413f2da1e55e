import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import {
  ANSWER_BROTLI_PARAMS,
  GZIP_MEM_LEVEL,
  negotiateEncoding,
  SYNC_MAX_BYTES,
  type Encoding,
} from '../http/content-coding.ts'
import { isCompressible } from '../answer/policy-lines.ts'
import { isStreamed, wholeBodyOf, wholeBodyResponse } from '../http/whole-body.ts'

export interface CompressionOptions {
  /** Bodies of a known length below this are sent as they are (the framing costs more than it saves). */
  thresholdBytes?: number
  /** Gzip level, for the few clients without brotli: level 3 costs about a third of level 6. */
  gzipLevel?: number
  /** Bodies of a known length up to this size are compressed on the event loop (default SYNC_MAX_BYTES). */
  syncMaxBytes?: number
}

const SKIP_STATUS = new Set([204, 206, 304])
const brotliCompress = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** How bodies are compressed (CompressionOptions with their defaults). */
interface Packing {
  threshold: number
  gzipOptions: zlib.ZlibOptions
  syncMaxBytes: number
}

/**
 * br/gzip for text responses, negotiated by Accept-Encoding (the writer names it in `Vary`,
 * answer/answer-writer.ts). A body a handler wrote whole (of known length, or a text or JSON
 * without one) is compressed in one piece; a streamed body (a page still rendering, see isStreamed)
 * is compressed chunk by chunk with a flush after each, so the shell reaches the browser before
 * slow data, exactly as without compression. Responses already encoded (precompressed assets) pass.
 */
export function compression(options: CompressionOptions = {}): MiddlewareHandler<AppEnv> {
  const packing: Packing = {
    threshold: options.thresholdBytes ?? 1024,
    gzipOptions: { level: options.gzipLevel ?? 3, memLevel: GZIP_MEM_LEVEL },
    syncMaxBytes: options.syncMaxBytes ?? SYNC_MAX_BYTES,
  }

  return async function compressionMiddleware(c, next) {
    await next()
    const response = c.res
    const whole = wholeBodyOf(response)
    if (!mayCompress(c.req.method, response, whole)) return
    const encoding = negotiateEncoding(c.req.header('accept-encoding'))
    if (encoding === null) return
    if (isKnownShort(response, whole, packing.threshold)) return
    const plain = await plainBodyOf(response, whole)
    if (plain !== null && plain.byteLength < packing.threshold) {
      if (whole === undefined) {
        c.res = undefined
        c.res = wholeBodyResponse(plain, { status: response.status, headers: new Headers(response.headers) })
      }
      return
    }
    const headers = new Headers(response.headers)
    headers.set('content-encoding', encoding)
    const body =
      plain !== null
        ? await packWhole(plain, encoding, headers, packing)
        : packStream(response, encoding, headers, packing)
    if (body === null) return
    weakenEtag(headers)
    c.res = undefined
    // statusText is left out on purpose: reading it would turn a lightweight response into a full one.
    c.res = new Response(body, { status: response.status, headers })
  }
}

/**
 * Whether a response may be compressed here: a compressible type with a body, not already coded,
 * not marked `no-transform`, not an answer without content (HEAD, 204, 206, 304).
 */
function mayCompress(method: string, response: Response, whole: Uint8Array | undefined): boolean {
  const { headers } = response
  if (!isCompressible(headers.get('content-type'))) return false
  if (method === 'HEAD' || SKIP_STATUS.has(response.status)) return false
  if (headers.has('content-encoding') || /\bno-transform\b/i.test(headers.get('cache-control') ?? '')) return false
  return whole !== undefined || response.body !== null
}

/** Whether the body's known length is below `threshold`: the framing would cost more than it saves. */
function isKnownShort(response: Response, whole: Uint8Array | undefined, threshold: number): boolean {
  const length = whole?.byteLength ?? response.headers.get('content-length')
  return length !== null && Number(length) < threshold
}

/** A strong validator names one representation: the compressed bytes differ (RFC 9110 §8.8.3). */
function weakenEtag(headers: Headers): void {
  const etag = headers.get('etag')
  if (etag !== null && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`)
}

/**
 * The body to compress in one piece, or null for a streamed one. A text or JSON answer without a
 * length (a payload, a sitemap, an error page) is read whole: a compression stream with its
 * flushes and thread-pool hand-offs costs more than it, and a body under the threshold is sent as it is.
 */
async function plainBodyOf(response: Response, whole: Uint8Array | undefined): Promise<Buffer | null> {
  if (whole !== undefined) return Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength)
  return isStreamed(response) ? null : Buffer.from(await response.arrayBuffer())
}

/** `plain` compressed in one piece, its length set on `headers`: on the event loop up to syncMaxBytes. */
async function packWhole(plain: Buffer, encoding: Encoding, headers: Headers, packing: Packing): Promise<BodyInit> {
  const sync = plain.byteLength <= packing.syncMaxBytes
  let packed: Buffer
  if (encoding === 'br')
    packed = sync
      ? zlib.brotliCompressSync(plain, { params: ANSWER_BROTLI_PARAMS })
      : await brotliCompress(plain, { params: ANSWER_BROTLI_PARAMS })
  else packed = sync ? zlib.gzipSync(plain, packing.gzipOptions) : await gzip(plain, packing.gzipOptions)
  headers.set('content-length', String(packed.byteLength))
  return new Uint8Array(packed.buffer as ArrayBuffer, packed.byteOffset, packed.byteLength)
}

/** A streamed body compressed as it comes, flushed after each chunk; null for a response without one. */
function packStream(response: Response, encoding: Encoding, headers: Headers, packing: Packing): BodyInit | null {
  const stream = response.body
  if (stream === null) return null
  headers.delete('content-length')
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: ANSWER_BROTLI_PARAMS })
      : zlib.createGzip(packing.gzipOptions)
  return stream.pipeThrough(flushingStream(compressor, encoding))
}

/**
 * A web TransformStream around a Node zlib stream that flushes after every chunk: each piece React
 * sends (the shell, then each resolved boundary) leaves compressed at once instead of waiting in
 * the compressor's window.
 */
function flushingStream(
  compressor: zlib.BrotliCompress | zlib.Gzip,
  encoding: Encoding,
): TransformStream<Uint8Array, Uint8Array> {
  const flushKind = encoding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH
  let output: TransformStreamDefaultController<Uint8Array>
  let failed: unknown = null
  // `cancel` (the visitor went away) is part of the Streams standard and Node's TransformStream,
  // though not yet of the TypeScript DOM types.
  const transformer: Transformer<Uint8Array, Uint8Array> & { cancel(): void } = {
    start(controller) {
      output = controller
      compressor.on('data', (chunk: Buffer) => {
        // Output can still arrive after the reading side went away (cancelled, errored, closed):
        // enqueueing then throws from an event handler, which would take the process down.
        try {
          output.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
        } catch {
          compressor.destroy()
        }
      })
      compressor.on('error', (error) => {
        failed = error
        try {
          output.error(error)
        } catch {
          // already closed or errored
        }
      })
    },
    transform(chunk) {
      return new Promise<void>((resolve, reject) => {
        if (failed !== null) return reject(failed)
        compressor.write(chunk)
        compressor.flush(flushKind, () => resolve())
      })
    },
    flush() {
      return new Promise<void>((resolve, reject) => {
        if (failed !== null) return reject(failed)
        compressor.once('end', resolve)
        compressor.end()
      })
    },
    cancel() {
      compressor.destroy()
    },
  }
  return new TransformStream<Uint8Array, Uint8Array>(transformer)
}
