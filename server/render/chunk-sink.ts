import { Writable } from 'node:stream'

/** What React wrote for a streamed body: its shell flush, everything after it, and the document's tail. */
export interface StreamedBody {
  shell: Buffer
  late: Buffer
  tail: string
}

/**
 * Collects React's output; forwards it to a stream controller once attached, one chunk per flush.
 * `record`: also hold every chunk, split at the end of the shell, for the complete copy.
 */
export class ChunkSink extends Writable {
  private parts: Uint8Array[] = []
  private recorded: Uint8Array[] | null
  private shellParts = 0
  private shellMarked = false
  private late = false
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null
  private onEnd: (() => void) | null = null
  private ended = false

  constructor(record: boolean) {
    super()
    this.recorded = record ? [] : null
  }

  override _write(chunk: Uint8Array, _encoding: BufferEncoding, callback: () => void) {
    this.parts.push(chunk)
    this.recorded?.push(chunk)
    if (this.shellMarked) this.late = true
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

  /** What is written and not yet taken. */
  pending(): Uint8Array[] {
    return this.parts
  }

  take(): Uint8Array[] {
    const parts = this.parts
    this.parts = []
    return parts
  }

  /** Everything written so far is the shell. */
  markShell() {
    this.shellParts = this.recorded?.length ?? 0
    this.shellMarked = true
  }

  /** Whether React wrote anything after the shell: only boundaries it completes or gives up on, by script. */
  wroteAfterShell(): boolean {
    return this.late
  }

  /** What was recorded, as shell and the rest, with the tail; undefined unless asked to record. */
  streamed(tail: string): StreamedBody | undefined {
    if (this.recorded === null) return undefined
    const bytes = (parts: Uint8Array[]) => Buffer.from(concat(parts))
    return {
      shell: bytes(this.recorded.slice(0, this.shellParts)),
      late: bytes(this.recorded.slice(this.shellParts)),
      tail,
    }
  }

  /** Sends `first` with what is written so far as one chunk, then each flush as it comes. */
  attach(controller: ReadableStreamDefaultController<Uint8Array>, first: Uint8Array, onEnd: () => void) {
    this.controller = controller
    this.parts.unshift(first)
    this.flush()
    if (this.ended) onEnd()
    else this.onEnd = onEnd
  }

  whenFinished(callback: () => void) {
    if (this.ended) callback()
    else this.onEnd = callback
  }
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const [only] = parts
  if (parts.length === 1 && only !== undefined) return only
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
