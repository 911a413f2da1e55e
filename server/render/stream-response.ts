import type { ReactNode } from 'react'
import { type PipeableStream, renderToPipeableStream } from 'react-dom/server'
import { streamedResponse, wholeBodyResponse } from '../http/whole-body.ts'
import type { AnswerPolicy } from '../http/answer-policy.ts'
import { openSpan } from '../telemetry/tracing.ts'
import { ChunkSink, concat, type StreamedBody } from './chunk-sink.ts'

export interface StreamResponseOptions {
  status: number
  /** The answer's headers besides its policy (the writer writes that: answer/answer-writer.ts). */
  headers: Headers
  /** The answer's policy, unless React writes scripts of its own. */
  policy: AnswerPolicy
  /**
   * The policy of an answer in which React writes scripts of its own (boundaries streamed in after
   * the shell, completed or left to the browser): they carry `nonce`, which `policy` may not name.
   * Without it, `policy` answers every render.
   */
  reactScriptsPolicy?: AnswerPolicy
  /** Told the policy chosen, once, as the answer is made. */
  onPolicy?: (policy: AnswerPolicy) => void
  /**
   * Render the complete document before sending anything, in document order: every Suspense
   * boundary resolved in place, no fallback swapped by script (crawlers, HEAD, background re-renders).
   */
  waitForAll: boolean
  /**
   * Record what React writes while the body streams, so the complete document can be rebuilt from
   * it once it has ended (see complete-document.ts): handed to `onComplete` as `streamed`.
   */
  recordStreamed?: boolean
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
   * Told once the response is settled: `clean` when the body is complete and clean (no render
   * error, not cut short by the timeout or a departing visitor), so it may be cached; `streamed`
   * with `recordStreamed`, for a clean body that was streamed.
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
    const run = new RenderRun(options, resolve, reject)
    run.start(element)
  })
}

/** One render, from React's first call to its told outcome: the state machine and its steps. */
class RenderRun {
  private state: State = 'rendering'
  private renderFailed = false
  private readonly aborted = new AbortController()
  private readonly sink: ChunkSink
  // Traced (tracing on) as `render`, to its completion, and `render shell`, to React's shell.
  private readonly renderSpan = openSpan('render')
  private readonly shellSpan = this.renderSpan?.child('render shell')
  private readonly timer: ReturnType<typeof setTimeout>
  private readonly onVisitorGone = () => this.abort(new Error('The client went away during rendering'), 'client')
  private stream!: PipeableStream
  private readonly options: StreamResponseOptions
  private readonly resolve: (response: Response) => void
  private readonly reject: (error: unknown) => void

  constructor(options: StreamResponseOptions, resolve: (response: Response) => void, reject: (error: unknown) => void) {
    this.options = options
    this.resolve = resolve
    this.reject = reject
    this.sink = new ChunkSink(options.recordStreamed === true)
    this.timer = setTimeout(
      () => this.abort(new Error(`Rendering took longer than ${options.timeoutMs} ms`), 'timeout'),
      options.timeoutMs,
    )
    this.timer.unref()
  }

  start(element: ReactNode): void {
    const { options } = this
    this.stream = renderToPipeableStream(element, {
      ...(options.nonce ? { nonce: options.nonce } : {}),
      // React outlines a resolved boundary of more than 500 bytes once the bytes before it pass this
      // size (12800 by default), even when everything is ready: it is written as a pending boundary
      // with a hidden copy swapped in by script. Every boundary resolved by the time it is written
      // stays in place; only those still pending at shell time stream in later.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady: () => this.shellReady(),
      onAllReady: () => this.allReady(),
      onShellError: (error) => {
        this.shellSpan?.end(error)
        this.finish(false)
        this.reject(error)
      },
      onError: (error) => {
        this.renderFailed = true
        options.onError(error)
      },
    })
    options.signal?.addEventListener('abort', this.onVisitorGone, { once: true })
  }

  private move(next: State): void {
    if (!TRANSITIONS[this.state].includes(next)) throw new Error(`render state ${this.state} cannot become ${next}`)
    this.state = next
  }

  private stopTimer(): void {
    clearTimeout(this.timer)
    this.options.signal?.removeEventListener('abort', this.onVisitorGone)
  }

  /** The one way to `done`: tells the outcome (clean only without a render error or an abort). */
  private finish(clean: boolean, streamed?: StreamedBody): void {
    if (this.state === 'done') return
    this.move('done')
    this.stopTimer()
    const cacheable = clean && !this.renderFailed && !this.aborted.signal.aborted
    this.renderSpan?.set({ 'render.complete': cacheable })
    this.renderSpan?.end()
    this.options.onComplete?.(cacheable, cacheable ? streamed : undefined)
  }

  private abort(reason: Error, why: 'timeout' | 'client'): void {
    const { state } = this
    // Once React has finished, only the tail is left: nothing worth counting was cut short.
    if (!this.aborted.signal.aborted && (state === 'rendering' || state === 'shell' || state === 'streaming'))
      this.options.onAborted?.(why)
    this.aborted.abort(reason)
    this.stream.abort(reason)
  }

  private shellReady(): void {
    this.shellSpan?.end()
    if (this.options.waitForAll) return
    this.move('shell')
    // Piping flushes the shell synchronously: what the sink holds now is the shell, all of it.
    this.stream.pipe(this.sink)
    this.sink.markShell()
    // onAllReady, when nothing suspended, fires in the same task as onShellReady: wait one
    // microtask to know whether to send one buffer or a stream.
    queueMicrotask(() => {
      const { state } = this
      if (state === 'ready' && (this.options.endReady?.() ?? true)) this.respondWhole().catch(this.reject)
      else if (state === 'shell' || state === 'ready') this.respondStreaming()
    })
  }

  private allReady(): void {
    this.stopTimer()
    const { state } = this
    if (state === 'streaming') {
      this.move('finishing')
      return
    }
    if (state !== 'rendering' && state !== 'shell') return
    this.move('ready')
    if (state === 'shell') return
    // Waited for all: the whole page is piped at once.
    this.stream.pipe(this.sink)
    this.sink.whenFinished(() => this.respondWhole().catch(this.reject))
  }

  /**
   * The headers of the answer, its policy reported to the writer that writes it
   * (answer/answer-writer.ts): the one for React's own scripts when the body streams on, or when
   * React wrote anything after the shell (boundaries completed or left to the browser, by scripts);
   * what React writes in one piece with the shell holds no script of its own.
   */
  private headersFor(streaming: boolean): Headers {
    const { policy, reactScriptsPolicy, headers } = this.options
    const reactScripts = reactScriptsPolicy !== undefined && (streaming || this.sink.wroteAfterShell())
    this.options.onPolicy?.(reactScripts ? reactScriptsPolicy : policy)
    return headers
  }

  private async respondWhole(): Promise<void> {
    this.move('finishing')
    const tail = await this.options.end(this.aborted.signal)
    const body = concat([encoder.encode(this.options.start), ...this.sink.take(), encoder.encode(tail)])
    this.finish(true)
    this.resolve(wholeBodyResponse(body, { status: this.options.status, headers: this.headersFor(false) }))
  }

  private respondStreaming(): void {
    // React may have finished in the microtask's wait (the tail's data is what is pending).
    const finished = this.state === 'ready'
    const headers = this.headersFor(!finished)
    this.move(finished ? 'finishing' : 'streaming')
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        // The document's start and the shell leave as one chunk: the first bytes a visitor (or
        // a compressor flushing per chunk) gets hold the shell, not the head alone.
        this.sink.attach(controller, encoder.encode(this.options.start), () => void this.writeTail(controller))
      },
      cancel: () => {
        this.finish(false)
        this.abort(new Error('The response stream was cancelled'), 'client')
      },
    })
    this.resolve(streamedResponse(body, { status: this.options.status, headers }))
  }

  /** Once React has written everything: the tail, then the told outcome. */
  private async writeTail(controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> {
    if (this.state === 'streaming') this.move('finishing')
    try {
      const tail = await this.options.end(this.aborted.signal)
      controller.enqueue(encoder.encode(tail))
      this.finish(true, this.sink.streamed(tail))
      controller.close()
    } catch (error) {
      this.finish(false)
      controller.error(error)
    }
  }
}
