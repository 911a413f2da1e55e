import type { Readable } from 'node:stream'

/** Thrown by `readBody` when the body is larger than allowed; the stream has been destroyed by then. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError'
  readonly limit: number
  constructor(limit: number) {
    super(`body exceeds ${limit} bytes`)
    this.limit = limit
  }
}

/**
 * Reads a response body into memory, at most `limit` bytes.
 * Whatever happens (too large, aborted, socket error), the stream is either fully consumed or destroyed,
 * so the connection goes back to the pool or is closed — never left half-read.
 */
export async function readBody(body: Readable, limit: number, declaredLength?: number): Promise<Buffer> {
  if (declaredLength !== undefined && declaredLength > limit) {
    discardBody(body)
    throw new BodyTooLargeError(limit)
  }
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of body) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
      size += buffer.length
      if (size > limit) throw new BodyTooLargeError(limit)
      chunks.push(buffer)
    }
  } catch (error) {
    discardBody(body)
    throw error
  }
  return Buffer.concat(chunks, size)
}

/**
 * Destroys a body that will not be read. Destroying an unfinished undici body emits an abort error;
 * nobody is listening for it any more, so it is swallowed here instead of crashing the process.
 */
export function discardBody(body: Readable): void {
  body.on('error', () => {})
  body.destroy()
}

/** Reads and drops a body (bounded), ignoring failures: used where only the status matters. */
export async function parseBodyQuietly(body: Readable, limit: number, declaredLength?: number): Promise<unknown> {
  try {
    const text = (await readBody(body, limit, declaredLength)).toString('utf8')
    return parseJson(text)
  } catch {
    return undefined
  }
}

/** JSON.parse that tolerates a UTF-8 byte-order mark and answers undefined instead of throwing. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch {
    return undefined
  }
}
