import { Writable } from 'node:stream'
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { streamedResponse, wholeBodyResponse } from '../http/whole-body.ts'

export interface StreamResponseOptions {
  status: number
  headers: Headers
  /**
   * Render the complete document before sending anything, in document order: every Suspense
   * boundary resolved in place, no fallback swapped by script (crawlers, pages kept by the HTML cache).
   */
  waitForAll: boolean
  timeoutMs: number
  /** Aborts the render when the visitor goes away. */
  signal?: AbortSignal
  /** CSP nonce for the inline scripts React writes while streaming (Suspense boundaries). */
  nonce?: string
  /** Told once when the render is cut short. */
  onAborted?: (reason: 'timeout' | 'client') => void
  start: string
  /**
   * The document tail, computed once the body is complete. The signal says the render was cut
   * short (timeout or visitor gone): deferred data still pending must then be given up on.
   */
  end: (aborted: AbortSignal) => Promise<string> | string
  /**
   * Whether `end` can be computed at once (no deferred data it waits for is pending). When it
   * cannot, a page that did not suspend is still streamed, so its shell is not held back by data
   * that only the tail carries. Default: always.
   */
  endReady?: () => boolean
  onError: (error: unknown) => void
  /**
   * Told once the response is settled: true when the body is complete and clean (no render error,
   * not cut short by the timeout or a departing visitor), so it may be cached.
   */
  onComplete?: (clean: boolean) => void
}

const encoder = new TextEncoder()

/**
 * Renders a React tree into a web Response (STYLE.md convention 4). The status is decided by the
 * caller before anything is sent. When the whole page and its tail are ready at the moment the
 * shell is — the common case, since loaders ran first — the body is one buffer with a
 * Content-Length; otherwise the shell is sent at once and the rest streams as Suspense boundaries
 * resolve and the tail's data arrives.
 */
export function streamResponse(element: ReactNode, options: StreamResponseOptions): Promise<Response> {
  return new Promise((resolve, reject) => {
    const sink = new ChunkSink()
    let allReady = false
    let settled = false
    let timer: NodeJS.Timeout | undefined
    let hadError = false
    let reported = false
    const complete = (clean: boolean) => {
      if (reported) return
      reported = true
      options.onComplete?.(clean && !hadError && !aborted.signal.aborted)
    }
    const aborted = new AbortController()
    const abort = (reason: Error, why: 'timeout' | 'client') => {
      if (!aborted.signal.aborted && !finished) options.onAborted?.(why)
      aborted.abort(reason)
      stream.abort(reason)
    }
    let finished = false
    const stopTimer = () => {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      options.signal?.removeEventListener('abort', onAbort)
    }
    const onAbort = () => abort(new Error('The client went away during rendering'), 'client')

    const respondWhole = async () => {
      const tail = await options.end(aborted.signal)
      const body = concat([encoder.encode(options.start), ...sink.take(), encoder.encode(tail)])
      complete(true)
      resolve(wholeBodyResponse(body, { status: options.status, headers: options.headers }))
    }

    const respondStreaming = () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(options.start))
          sink.attach(controller, async () => {
            stopTimer()
            try {
              controller.enqueue(encoder.encode(await options.end(aborted.signal)))
              complete(true)
              controller.close()
            } catch (error) {
              complete(false)
              controller.error(error)
            }
          })
        },
        cancel() {
          complete(false)
          abort(new Error('The response stream was cancelled'), 'client')
        },
      })
      resolve(streamedResponse(body, { status: options.status, headers: options.headers }))
    }

    const stream = renderToPipeableStream(element, {
      ...(options.nonce ? { nonce: options.nonce } : {}),
      // React outlines a resolved boundary of more than 500 bytes once the bytes before it pass this
      // size (12800 by default), even when everything is ready: it is written as a pending boundary
      // with a hidden copy swapped in by script. A complete document keeps every boundary in place.
      ...(options.waitForAll ? { progressiveChunkSize: Number.POSITIVE_INFINITY } : {}),
      onShellReady() {
        if (options.waitForAll) return
        stream.pipe(sink)
        // onAllReady, when nothing suspended, fires in the same task as onShellReady: wait one
        // microtask to know whether to send one buffer or a stream.
        queueMicrotask(() => {
          settled = true
          if (allReady && (options.endReady?.() ?? true)) respondWhole().catch(reject)
          else respondStreaming()
        })
      },
      onAllReady() {
        allReady = true
        finished = true
        stopTimer()
        if (!options.waitForAll || settled) return
        settled = true
        stream.pipe(sink)
        sink.whenFinished(() => respondWhole().catch(reject))
      },
      onShellError(error) {
        stopTimer()
        complete(false)
        if (!settled) {
          settled = true
          reject(error)
        }
      },
      onError(error) {
        hadError = true
        options.onError(error)
      },
    })
    timer = setTimeout(
      () => abort(new Error(`Rendering took longer than ${options.timeoutMs} ms`), 'timeout'),
      options.timeoutMs,
    )
    timer.unref()
    options.signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** Collects React's output; forwards it to a stream controller once attached, one chunk per flush. */
class ChunkSink extends Writable {
  private parts: Uint8Array[] = []
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null
  private onEnd: (() => void) | null = null
  private ended = false

  override _write(chunk: Uint8Array, _encoding: BufferEncoding, callback: () => void) {
    this.parts.push(chunk)
    callback()
  }

  override _final(callback: () => void) {
    this.flush()
    this.ended = true
    callback()
    this.onEnd?.()
  }

  /** React calls flush() after each batch of completed work (meant for compression streams). */
  flush() {
    if (this.controller === null || this.parts.length === 0) return
    this.controller.enqueue(concat(this.take()))
  }

  take(): Uint8Array[] {
    const parts = this.parts
    this.parts = []
    return parts
  }

  attach(controller: ReadableStreamDefaultController<Uint8Array>, onEnd: () => void) {
    this.controller = controller
    this.flush()
    if (this.ended) onEnd()
    else this.onEnd = onEnd
  }

  whenFinished(callback: () => void) {
    if (this.ended) callback()
    else this.onEnd = callback
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!
  let length = 0
  for (const part of parts) length += part.byteLength
  const out = new Uint8Array(length)
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.byteLength
  }
  return out
}
