import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { streamedResponse, wholeBodyResponse } from '../http/whole-body.ts'
import { openSpan } from '../telemetry/tracing.ts'
import { ChunkSink, concat, type StreamedBody } from './chunk-sink.ts'

export interface StreamResponseOptions {
  status: number
  headers: Headers
  /**
   * Render the complete document before sending anything, in document order: every Suspense
   * boundary resolved in place, no fallback swapped by script (crawlers, HEAD, background re-renders).
   */
  waitForAll: boolean
  /**
   * Keep what React writes while the body streams, so the complete document can be rebuilt from it
   * once it has ended (see complete-document.ts): handed to `onComplete` as `streamed`.
   */
  keepStreamed?: boolean
  timeoutMs: number
  /** Aborts the render when the visitor goes away. */
  signal?: AbortSignal
  /** CSP nonce for the inline scripts React writes while streaming (Suspense boundaries). */
  nonce?: string
  /**
   * The headers of an answer in which React writes scripts of its own (boundaries streamed in after
   * the shell, an error boundary left to the browser): they carry `nonce`, which the policy of
   * `headers` may not name. Without it, `headers` answer every render.
   */
  nonceHeaders?: () => Headers
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
   * Told once the response is settled: `clean` when the body is complete and clean (no render
   * error, not cut short by the timeout or a departing visitor), so it may be cached; `streamed`
   * with `keepStreamed`, for a clean body that was streamed.
   */
  onComplete?: (clean: boolean, streamed?: StreamedBody) => void
}

/**
 * Where a render stands. React reports its progress (shell ready, all ready, shell error) and the
 * answer is chosen once; `done` is reached exactly once, when the outcome is told.
 * - `rendering`: nothing piped yet (React works towards the shell, or the whole page when waiting for all)
 * - `shell`: the shell is piped; one microtask tells whether the rest is ready too
 * - `ready`: React has finished before an answer was chosen
 * - `streaming`: answered with a stream; React is still writing
 * - `finishing`: React has finished and an answer is chosen; its tail is being written
 * - `done`: the outcome is told
 */
type State = 'rendering' | 'shell' | 'ready' | 'streaming' | 'finishing' | 'done'

const TRANSITIONS: Record<State, readonly State[]> = {
  rendering: ['shell', 'ready', 'done'],
  shell: ['ready', 'streaming', 'done'],
  ready: ['finishing', 'done'],
  streaming: ['finishing', 'done'],
  finishing: ['done'],
  done: [],
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
    const sink = new ChunkSink(options.keepStreamed === true)
    // Traced (tracing on) as `render`, to its completion, and `render shell`, to React's shell.
    const renderSpan = openSpan('render')
    const shellSpan = renderSpan?.child('render shell')
    let state: State = 'rendering'
    let renderFailed = false
    const aborted = new AbortController()
    const move = (next: State) => {
      if (!TRANSITIONS[state].includes(next)) throw new Error(`render state ${state} cannot become ${next}`)
      state = next
    }
    const timer = setTimeout(
      () => abort(new Error(`Rendering took longer than ${options.timeoutMs} ms`), 'timeout'),
      options.timeoutMs,
    )
    timer.unref()
    const onVisitorGone = () => abort(new Error('The client went away during rendering'), 'client')
    const stopTimer = () => {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onVisitorGone)
    }
    /** The one way to `done`: tells the outcome (clean only without a render error or an abort). */
    const finish = (clean: boolean, streamed?: StreamedBody) => {
      if (state === 'done') return
      move('done')
      stopTimer()
      const kept = clean && !renderFailed && !aborted.signal.aborted
      renderSpan?.set({ 'render.complete': kept })
      renderSpan?.end()
      options.onComplete?.(kept, kept ? streamed : undefined)
    }
    function abort(reason: Error, why: 'timeout' | 'client') {
      // Once React has finished, only the tail is left: nothing worth counting was cut short.
      if (!aborted.signal.aborted && (state === 'rendering' || state === 'shell' || state === 'streaming'))
        options.onAborted?.(why)
      aborted.abort(reason)
      stream.abort(reason)
    }

    /** The headers for an answer whose body is `sent` (all React wrote, or null while React still writes). */
    const headersFor = (sent: Uint8Array | null): Headers => {
      const { nonceHeaders, nonce } = options
      if (nonceHeaders === undefined || nonce === undefined) return options.headers
      return sent === null || carries(sent, `nonce="${nonce}"`) ? nonceHeaders() : options.headers
    }

    const respondWhole = async () => {
      move('finishing')
      const tail = await options.end(aborted.signal)
      const body = concat([encoder.encode(options.start), ...sink.take(), encoder.encode(tail)])
      finish(true)
      resolve(wholeBodyResponse(body, { status: options.status, headers: headersFor(body) }))
    }

    const respondStreaming = () => {
      // React may have finished in the microtask's wait (the tail's data is what is pending).
      const headers = headersFor(state === 'ready' ? concat(sink.pending()) : null)
      move(state === 'ready' ? 'finishing' : 'streaming')
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          // The document's start and the shell leave as one chunk: the first bytes a visitor (or
          // a compressor flushing per chunk) gets hold the shell, not the head alone.
          sink.attach(controller, encoder.encode(options.start), () => {
            void (async () => {
              if (state === 'streaming') move('finishing')
              try {
                const tail = await options.end(aborted.signal)
                controller.enqueue(encoder.encode(tail))
                finish(true, sink.streamed(tail))
                controller.close()
              } catch (error) {
                finish(false)
                controller.error(error)
              }
            })()
          })
        },
        cancel() {
          finish(false)
          abort(new Error('The response stream was cancelled'), 'client')
        },
      })
      resolve(streamedResponse(body, { status: options.status, headers }))
    }

    const stream = renderToPipeableStream(element, {
      ...(options.nonce ? { nonce: options.nonce } : {}),
      // React outlines a resolved boundary of more than 500 bytes once the bytes before it pass this
      // size (12800 by default), even when everything is ready: it is written as a pending boundary
      // with a hidden copy swapped in by script. Every boundary resolved by the time it is written
      // stays in place; only those still pending at shell time stream in later.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        shellSpan?.end()
        if (options.waitForAll) return
        move('shell')
        // Piping flushes the shell synchronously: what the sink holds now is the shell, all of it.
        stream.pipe(sink)
        sink.markShell()
        // onAllReady, when nothing suspended, fires in the same task as onShellReady: wait one
        // microtask to know whether to send one buffer or a stream.
        queueMicrotask(() => {
          if (state === 'ready' && (options.endReady?.() ?? true)) respondWhole().catch(reject)
          else if (state === 'shell' || state === 'ready') respondStreaming()
        })
      },
      onAllReady() {
        stopTimer()
        if (state === 'streaming') return move('finishing')
        if (state !== 'rendering' && state !== 'shell') return
        const waited = state === 'rendering'
        move('ready')
        if (!waited) return
        stream.pipe(sink)
        sink.whenFinished(() => respondWhole().catch(reject))
      },
      onShellError(error) {
        shellSpan?.end(error)
        finish(false)
        reject(error)
      },
      onError(error) {
        renderFailed = true
        options.onError(error)
      },
    })
    options.signal?.addEventListener('abort', onVisitorGone, { once: true })
  })
}

/** Whether `bytes` contain `text` (ASCII). */
function carries(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(text, 0, 'latin1')
}
