import type { Readable } from 'node:stream'
import { request } from 'undici'
import { UpstreamBadResponseError } from '../errors.ts'
import { toUpstreamError } from './call-failures.ts'
import type { UpstreamCallContext } from './call-context.ts'
import { type OpenCall, openCall } from './call-deadline.ts'
import { BodyTooLargeError, discardBody } from './read-body.ts'
import type { Transport } from './transport.ts'
import { contentLength, firstValue, isJsonType, METHOD, toHeaders, toList } from './transport-headers.ts'

/** A reply handed on as it came (passthrough mode): the body is streamed, never parsed. */
export interface PassthroughReply {
  /** The upstream's HTTP status. */
  httpStatus: number
  contentType: string
  setCookies: string[]
  /** The body, capped at `maxBodyBytes` (the stream errors past it). The deadline still runs until it ends. */
  body: ReadableStream<Uint8Array>
}

/**
 * POSTs `jsonBody` (already serialised) and hands back the JSON answer with its HTTP status as it
 * came. An answer that is not JSON or is declared too large is refused before anything streams.
 */
export async function requestPassthrough(
  transport: Transport,
  path: string,
  jsonBody: string,
  context: UpstreamCallContext,
): Promise<PassthroughReply> {
  const call = openCall(transport.baseUrl, path, transport.timeoutMs, context)
  const { maxBodyBytes } = transport
  try {
    const response = await request(call.url, {
      method: METHOD,
      dispatcher: transport.dispatcher,
      headers: toHeaders(context),
      body: jsonBody,
      signal: call.signal,
    })
    const contentType = firstValue(response.headers['content-type']) ?? ''
    // Gateways answer outages with HTML pages; only a JSON answer is the upstream's own.
    if (!isJsonType(contentType)) {
      discardBody(response.body)
      throw new UpstreamBadResponseError(`HTTP ${response.statusCode} answer is not JSON`, call.where)
    }
    const declaredLength = contentLength(response.headers['content-length'])
    if (declaredLength !== undefined && declaredLength > maxBodyBytes) {
      discardBody(response.body)
      throw new BodyTooLargeError(maxBodyBytes)
    }
    const body = cappedStream(response.body, maxBodyBytes, call)
    return { httpStatus: response.statusCode, contentType, setCookies: toList(response.headers['set-cookie']), body }
  } catch (error) {
    call.clearDeadline()
    throw toUpstreamError(error, call.where, call.failureState())
  }
}

/**
 * The upstream body as a web stream that errors past `maxBodyBytes`; the call's deadline is cleared
 * when it ends, fails or is cancelled, and a failure reaches the reader as an UpstreamError.
 */
function cappedStream(source: Readable, maxBodyBytes: number, call: OpenCall): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]()
  let size = 0
  const stop = () => {
    call.clearDeadline()
    discardBody(source)
  }
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = (await chunks.next()) as IteratorResult<Buffer>
        if (next.done) {
          call.clearDeadline()
          controller.close()
          return
        }
        size += next.value.length
        if (size > maxBodyBytes) throw new BodyTooLargeError(maxBodyBytes)
        controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength))
      } catch (error) {
        stop()
        controller.error(toUpstreamError(error, call.where, call.failureState()))
      }
    },
    cancel: stop,
  })
}
