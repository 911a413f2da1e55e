/**
 * Responses whose whole body is one buffer in memory (a page that did not suspend, a cached page),
 * remembered with their bytes. Later steps (compression, the HTML cache) read the bytes from here
 * instead of reading the body back through a web stream, which costs more than the step itself on
 * a small page and would turn @hono/node-server's lightweight response into a full one.
 */
const bodies = new WeakMap<Response, Uint8Array>()

/** A response with `bytes` as its whole body (Content-Length set). */
export function wholeBodyResponse(bytes: Uint8Array, init: { status: number; headers: Headers }): Response {
  init.headers.set('content-length', String(bytes.byteLength))
  const response = new Response(bytes as Uint8Array<ArrayBuffer>, init)
  bodies.set(response, bytes)
  return response
}

/** The bytes of a response made by wholeBodyResponse; undefined for any other response. */
export function wholeBodyOf(response: Response): Uint8Array | undefined {
  return bodies.get(response)
}

/**
 * Responses whose body arrives over time and must leave as it comes: a page streaming its shell
 * before slow data, an upstream answer passed through. Any other body without a Content-Length (a
 * text or JSON a handler wrote whole) may be read in one piece.
 */
const streamed = new WeakSet<Response>()

/** A response whose body is sent on as it arrives (see isStreamed). */
export function streamedResponse(body: ReadableStream<Uint8Array>, init: ResponseInit): Response {
  const response = new Response(body, init)
  streamed.add(response)
  return response
}

/** Whether a response was made by streamedResponse. */
export function isStreamed(response: Response): boolean {
  return streamed.has(response)
}
