import type { Dispatcher } from 'undici'
import type { ZodType } from 'zod'
import { UpstreamStatusError } from '../errors.ts'
import type { UpstreamMetrics } from '../metrics/metrics.ts'
import { traceUpstreamCall } from '../telemetry/upstream-span.ts'
import { toApiPathLabel } from './api-paths.ts'
import { outcomeOf } from './call-failures.ts'
import type { UpstreamCallContext } from './call-context.ts'
import { joinUrl } from './call-deadline.ts'
import { parseUpstreamData } from './envelope.ts'
import { requestEnvelope, type SameAnswer, type UpstreamReply } from './envelope-call.ts'
import { type PassthroughReply, requestPassthrough } from './passthrough-call.ts'
import type { Transport } from './transport.ts'
import { METHOD } from './transport-headers.ts'

export type { UpstreamCallContext } from './call-context.ts'
export { joinUrl } from './call-deadline.ts'

export interface UpstreamClientOptions {
  /** e.g. `https://api.example.com` or `https://api.example.com/prefix/`; paths are appended to it. */
  baseUrl: string
  dispatcher: Dispatcher
  /** One deadline for the whole call: connect, headers and body. */
  timeoutMs: number
  /** Replies larger than this are refused. Default 2 MiB. */
  maxBodyBytes?: number
  /** Told about every call: API path, outcome (`ok`, `http_4xx`, `timeout`…) and duration. */
  metrics?: UpstreamMetrics
  /** Clock in ms for durations; injectable for tests. */
  now?: () => number
}

/** An answer's `data` as it came (unparsed), with the length of the answer's JSON text and a fingerprint of its bytes. */
interface RawData {
  data: unknown
  textLength: number
  fingerprint: string
}

export interface UpstreamClient {
  /** Raw call: POST JSON, the transport headers, the unwrapping rule (value = status 0 ? data (array kept, object shallow-copied) : whole envelope). */
  call(path: string, body: unknown, context: UpstreamCallContext): Promise<UpstreamReply>
  /** Requires status 0 and parses data with the schema; status ≠ 0 → UpstreamStatusError; shape mismatch → UpstreamBadResponseError. */
  data<T>(path: string, body: unknown, schema: ZodType<T>, context: UpstreamCallContext): Promise<T>
  /**
   * Requires status 0 like `data`, and answers `data` unparsed with the length of the answer's text:
   * for caches that keep answers as they came and count them by size without serialising them again.
   * Given the fingerprint of an answer the caller holds, an answer of the same bytes is not parsed:
   * `{ unchanged: true }` (the one it holds was accepted, so this one would be too).
   */
  rawData(
    path: string,
    body: unknown,
    context: UpstreamCallContext,
    heldFingerprint?: string,
  ): Promise<RawData | SameAnswer>
  /**
   * Passthrough for the same-origin API: POSTs `jsonBody` (already serialised) and hands back the JSON
   * answer with its HTTP status unchanged, without reading the envelope. A reply that is not JSON, is
   * declared too large, or does not come in time is an UpstreamError, like any other failure.
   */
  passthrough(path: string, jsonBody: string, context: UpstreamCallContext): Promise<PassthroughReply>
}

const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024

/**
 * Creates the client for the upstream JSON API (docs/API.md "Transport").
 * Every call is a POST without retries (POST is not idempotent); callers that may retry do so themselves.
 * The calls themselves live in envelope-call.ts and passthrough-call.ts; this composes them with the metrics.
 */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const transport: Transport = {
    baseUrl: options.baseUrl,
    dispatcher: options.dispatcher,
    timeoutMs: options.timeoutMs,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
  }
  const measured = measureCalls(options.metrics, options.now ?? performance.now.bind(performance))
  const where = (path: string) => ({ method: METHOD, url: joinUrl(options.baseUrl, path) })

  function call(path: string, body: unknown, context: UpstreamCallContext): Promise<UpstreamReply> {
    // Without a fingerprint to compare, every answer is parsed: never a SameAnswer.
    return measured(path, () => requestEnvelope(transport, path, body, context, undefined) as Promise<UpstreamReply>)
  }

  async function data<T>(path: string, body: unknown, schema: ZodType<T>, context: UpstreamCallContext): Promise<T> {
    const { envelope } = await call(path, body, context)
    if (envelope.status !== 0) throw new UpstreamStatusError(envelope, where(path))
    return parseUpstreamData(schema, envelope.data, where(path))
  }

  async function rawData(
    path: string,
    body: unknown,
    context: UpstreamCallContext,
    heldFingerprint?: string,
  ): Promise<RawData | SameAnswer> {
    const reply = await measured(path, () => requestEnvelope(transport, path, body, context, heldFingerprint))
    if ('unchanged' in reply) return reply
    const { envelope, textLength, fingerprint } = reply
    if (envelope.status !== 0) throw new UpstreamStatusError(envelope, where(path))
    return { data: envelope.data, textLength, fingerprint }
  }

  function passthrough(path: string, jsonBody: string, context: UpstreamCallContext): Promise<PassthroughReply> {
    return measured(path, () => requestPassthrough(transport, path, jsonBody, context))
  }

  return { call, data, rawData, passthrough }
}

/**
 * Runs a call and reports its API path, outcome and duration (for a passthrough that streams on,
 * up to its headers); without metrics it just runs it.
 */
function measureCalls(metrics: UpstreamMetrics | undefined, now: () => number) {
  return function measured<T>(path: string, run: () => Promise<T>): Promise<T> {
    return traceUpstreamCall(toApiPathLabel(path), () => timed(path, run))
  }
  async function timed<T>(path: string, run: () => Promise<T>): Promise<T> {
    if (!metrics) return run()
    const started = now()
    let outcome = 'ok'
    try {
      return await run()
    } catch (error) {
      outcome = outcomeOf(error)
      throw error
    } finally {
      metrics.call(toApiPathLabel(path), outcome, (now() - started) / 1000)
    }
  }
}
