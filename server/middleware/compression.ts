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
import { isStreamed, wholeBodyOf, wholeBodyResponse } from '../http/whole-body.ts'

export interface CompressionOptions {
  /** Bodies of a known length below this are sent as they are (the framing costs more than it saves). */
  thresholdBytes?: number
  /** Gzip level, for the few clients without brotli: level 3 costs about a third of level 6. */
  gzipLevel?: number
  /** Bodies of a known length up to this size are compressed on the event loop (default SYNC_MAX_BYTES). */
  syncMaxBytes?: number
}

/** Text-like types worth compressing; images, fonts in woff2 and archives already are. */
const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json|ld\+json|rss\+xml|atom\+xml)|image\/svg\+xml)/i
const SKIP_STATUS = new Set([204, 206, 304])
const brotliCompress = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Adds a token to `Vary` unless it is there already. */
function appendVary(headers: Headers, token: string): void {
  const current = headers.get('vary')
  if (current === null || current.trim() === '') return void headers.set('vary', token)
  const tokens = current.split(',').map((part) => part.trim().toLowerCase())
  if (tokens.includes('*') || tokens.includes(token.toLowerCase())) return
  headers.set('vary', `${current}, ${token}`)
}

/**
 * br/gzip for text responses, negotiated by Accept-Encoding, always with `Vary: Accept-Encoding`.
 * A body a handler wrote whole (of known length, or a text or JSON without one) is compressed in
 * one piece; a streamed body (a page still rendering, see isStreamed) is compressed chunk by chunk
 * with a flush after each, so the shell reaches the browser before slow data, exactly as without
 * compression. Responses already encoded (precompressed assets) pass.
 */
export function compression(options: CompressionOptions = {}): MiddlewareHandler<AppEnv> {
  const threshold = options.thresholdBytes ?? 1024
  const gzipOptions = { level: options.gzipLevel ?? 3, memLevel: GZIP_MEM_LEVEL }
  const syncMaxBytes = options.syncMaxBytes ?? SYNC_MAX_BYTES

  return async function compressionMiddleware(c, next) {
    await next()
    const response = c.res
    if (!COMPRESSIBLE.test(response.headers.get('content-type') ?? '')) return
    appendVary(response.headers, 'Accept-Encoding')
    if (c.req.method === 'HEAD' || SKIP_STATUS.has(response.status)) return
    if (
      response.headers.has('content-encoding') ||
      /\bno-transform\b/i.test(response.headers.get('cache-control') ?? '')
    )
      return
    const whole = wholeBodyOf(response)
    if (whole === undefined && response.body === null) return
    const encoding = negotiateEncoding(c.req.header('accept-encoding'))
    if (encoding === null) return
    const length = whole?.byteLength ?? response.headers.get('content-length')
    if (length !== null && Number(length) < threshold) return
    // A text or JSON answer without a length (a payload, a sitemap, an error page) is read whole: a
    // compression stream with its flushes and thread-pool hand-offs costs more than it, and a body
    // under the threshold is sent as it is.
    const plain = whole
      ? Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength)
      : isStreamed(response)
        ? null
        : Buffer.from(await response.arrayBuffer())
    if (plain !== null && plain.byteLength < threshold) {
      if (whole === undefined) {
        c.res = undefined
        c.res = wholeBodyResponse(plain, { status: response.status, headers: new Headers(response.headers) })
      }
      return
    }

    const headers = new Headers(response.headers)
    headers.set('content-encoding', encoding)
    let body: BodyInit
    if (plain !== null) {
      const packed =
        plain.byteLength <= syncMaxBytes
          ? encoding === 'br'
            ? zlib.brotliCompressSync(plain, { params: ANSWER_BROTLI_PARAMS })
            : zlib.gzipSync(plain, gzipOptions)
          : encoding === 'br'
            ? await brotliCompress(plain, { params: ANSWER_BROTLI_PARAMS })
            : await gzip(plain, gzipOptions)
      headers.set('content-length', String(packed.byteLength))
      body = new Uint8Array(packed.buffer, packed.byteOffset, packed.byteLength)
    } else {
      // A streamed answer has a body: one without returned above.
      const stream = response.body
      if (stream === null) return
      headers.delete('content-length')
      const compressor =
        encoding === 'br' ? zlib.createBrotliCompress({ params: ANSWER_BROTLI_PARAMS }) : zlib.createGzip(gzipOptions)
      body = stream.pipeThrough(flushingStream(compressor, encoding))
    }
    // A strong validator names one representation: the compressed bytes differ (RFC 9110 §8.8.3).
    const etag = headers.get('etag')
    if (etag !== null && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`)
    c.res = undefined
    // statusText is left out on purpose: reading it would turn a lightweight response into a full one.
    c.res = new Response(body, { status: response.status, headers })
  }
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
