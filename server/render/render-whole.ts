import { Writable } from 'node:stream'
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'

/**
 * Renders `element` whole, into one buffer, every Suspense boundary in place (no boundary is
 * outlined, see stream-response.ts): null when the render fails, errs in a boundary or outlives
 * `timeoutMs`. For a tree whose data has all settled, so nothing suspends for long.
 */
export function renderWhole(
  element: ReactNode,
  options: { nonce?: string; timeoutMs: number },
): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const parts: Buffer[] = []
    let failed = false
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        parts.push(chunk)
        callback()
      },
      final(callback) {
        clearTimeout(timer)
        resolve(failed ? null : Buffer.concat(parts))
        callback()
      },
    })
    const stream = renderToPipeableStream(element, {
      ...(options.nonce ? { nonce: options.nonce } : {}),
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: () => {
        clearTimeout(timer)
        resolve(null)
      },
      onError: () => {
        failed = true
      },
    })
    const timer = setTimeout(
      () => stream.abort(new Error(`Rendering took longer than ${options.timeoutMs} ms`)),
      options.timeoutMs,
    )
    timer.unref()
  })
}
