import { createHash } from 'node:crypto'
import { request, type Dispatcher } from 'undici'
import type { ZodType } from 'zod'
import {
  UpstreamAuthError,
  UpstreamBadResponseError,
  UpstreamHttpError,
  UpstreamStatusError,
  type UpstreamErrorOptions,
} from '../errors.ts'
import type { Envelope } from '../../shared/api/envelope.ts'
import type { UpstreamMetrics } from '../metrics/metrics.ts'
import { toApiPathLabel } from './api-paths.ts'
import { parseUpstreamData, toEnvelope, unwrap } from './envelope.ts'
import { BodyTooLargeError, discardBody, parseBodyQuietly, parseJson, readBody } from './read-body.ts'
import { outcomeOf, toUpstreamError } from './call-failures.ts'

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

export interface UpstreamCallContext {
  userAgent: string
  referer: string
  /** The tenant host (lower-case, no port); the upstream resolves the site from it. */
  appDomain: string
  siteId?: string
  cookie?: string
  /** The visitor request's id, sent as `x-request-id` so upstream logs can be joined with ours. */
  requestId?: string
  signal?: AbortSignal
}

interface UpstreamReply {
  envelope: Envelope
  /** The unwrapped value (SPEC §7): `data` when status is 0, else the whole envelope. */
  value: unknown
  setCookies: string[]
  /** Length of the answer's JSON text (UTF-16 code units, as `JSON.stringify` counts). */
  textLength: number
}

/** An answer's `data` as it came (unparsed), with the length of the answer's JSON text and a fingerprint of its bytes. */
interface RawData {
  data: unknown
  textLength: number
  fingerprint: string
}

/** rawData's answer when the answer's bytes have the fingerprint the caller already holds: nothing was parsed. */
interface SameAnswer {
  unchanged: true
}

/** A reply handed on as it came (passthrough mode): the body is streamed, never parsed. */
interface PassthroughReply {
  /** The upstream's HTTP status. */
  httpStatus: number
  contentType: string
  setCookies: string[]
  /** The body, capped at `maxBodyBytes` (the stream errors past it). The deadline still runs until it ends. */
  body: ReadableStream<Uint8Array>
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
/** Error bodies only feed logs and error objects; a small cap is plenty. */
const MAX_ERROR_BODY_BYTES = 64 * 1024
const METHOD = 'POST'

/**
 * Creates the client for the upstream JSON API (docs/API.md "Transport").
 * Every call is a POST without retries (POST is not idempotent); callers that may retry do so themselves.
 */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const { dispatcher, timeoutMs } = options
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  const now = options.now ?? performance.now.bind(performance)

  /** Reports the call's outcome and duration (to its headers, for a passthrough that streams on). */
  async function measured<T>(path: string, run: () => Promise<T>): Promise<T> {
    if (!options.metrics) return run()
    const started = now()
    let outcome = 'ok'
    try {
      return await run()
    } catch (error) {
      outcome = outcomeOf(error)
      throw error
    } finally {
      options.metrics.call(toApiPathLabel(path), outcome, (now() - started) / 1000)
    }
  }

  function call(path: string, body: unknown, context: UpstreamCallContext): Promise<UpstreamReply> {
    // Without a fingerprint to compare, every answer is parsed: never a SameAnswer.
    return measured(path, () => attempt(path, body, context, undefined) as Promise<UpstreamReply>)
  }

  /** One call's address (for error messages) and its deadline, joined with the caller's signal. */
  function openCall(path: string, context: UpstreamCallContext) {
    const url = joinUrl(options.baseUrl, path)
    const where: UpstreamErrorOptions = { method: METHOD, url }
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), timeoutMs)
    return {
      url,
      where,
      signal: context.signal ? AbortSignal.any([deadline.signal, context.signal]) : deadline.signal,
      clearDeadline: () => clearTimeout(timer),
      /** Why a failure happened, for {@link toUpstreamError}: the deadline, the caller, or neither. */
      failureState: () => ({
        timedOut: deadline.signal.aborted,
        callerAborted: context.signal?.aborted === true,
        timeoutMs,
      }),
    }
  }

  /** One call; with `heldFingerprint`, an answer of those bytes is left unparsed. */
  async function attempt(
    path: string,
    body: unknown,
    context: UpstreamCallContext,
    heldFingerprint: string | undefined,
  ): Promise<(UpstreamReply & { fingerprint: string }) | SameAnswer> {
    const { url, where, signal, clearDeadline, failureState } = openCall(path, context)
    try {
      const response = await request(url, {
        method: METHOD,
        dispatcher,
        headers: toHeaders(context),
        body: JSON.stringify(body ?? {}),
        signal,
      })
      const declaredLength = contentLength(response.headers['content-length'])
      const status = response.statusCode
      if (status >= 400 && status <= 599) {
        const errorBody = await parseBodyQuietly(response.body, MAX_ERROR_BODY_BYTES, declaredLength)
        if (status === 401) throw new UpstreamAuthError(errorBody, where)
        throw new UpstreamHttpError(status, errorBody, where)
      }
      if (status < 200 || status > 299) {
        discardBody(response.body)
        throw new UpstreamBadResponseError(`unexpected HTTP status ${status}`, where)
      }
      const bytes = await readBody(response.body, maxBodyBytes, declaredLength)
      const fingerprint = fingerprintOf(bytes)
      if (fingerprint === heldFingerprint) return { unchanged: true }
      const text = bytes.toString('utf8')
      const envelope = toEnvelope(parseJson(text), where)
      return {
        envelope,
        value: unwrap(envelope),
        setCookies: toList(response.headers['set-cookie']),
        textLength: text.length,
        fingerprint,
      }
    } catch (error) {
      throw toUpstreamError(error, where, failureState())
    } finally {
      clearDeadline()
    }
  }

  async function data<T>(path: string, body: unknown, schema: ZodType<T>, context: UpstreamCallContext): Promise<T> {
    const { envelope } = await call(path, body, context)
    const where = { method: METHOD, url: joinUrl(options.baseUrl, path) }
    if (envelope.status !== 0) throw new UpstreamStatusError(envelope, where)
    return parseUpstreamData(schema, envelope.data, where)
  }

  async function rawData(
    path: string,
    body: unknown,
    context: UpstreamCallContext,
    heldFingerprint?: string,
  ): Promise<RawData | SameAnswer> {
    const reply = await measured(path, () => attempt(path, body, context, heldFingerprint))
    if ('unchanged' in reply) return reply
    const { envelope, textLength, fingerprint } = reply
    if (envelope.status !== 0)
      throw new UpstreamStatusError(envelope, { method: METHOD, url: joinUrl(options.baseUrl, path) })
    return { data: envelope.data, textLength, fingerprint }
  }

  function passthrough(path: string, jsonBody: string, context: UpstreamCallContext): Promise<PassthroughReply> {
    return measured(path, () => streamThrough(path, jsonBody, context))
  }

  async function streamThrough(
    path: string,
    jsonBody: string,
    context: UpstreamCallContext,
  ): Promise<PassthroughReply> {
    const { url, where, signal, clearDeadline, failureState } = openCall(path, context)
    try {
      const response = await request(url, {
        method: METHOD,
        dispatcher,
        headers: toHeaders(context),
        body: jsonBody,
        signal,
      })
      const contentType = firstValue(response.headers['content-type']) ?? ''
      // Gateways answer outages with HTML pages; only a JSON answer is the upstream's own.
      if (!isJsonType(contentType)) {
        discardBody(response.body)
        throw new UpstreamBadResponseError(`HTTP ${response.statusCode} answer is not JSON`, where)
      }
      const declaredLength = contentLength(response.headers['content-length'])
      if (declaredLength !== undefined && declaredLength > maxBodyBytes) {
        discardBody(response.body)
        throw new BodyTooLargeError(maxBodyBytes)
      }
      const source = response.body
      const chunks = source[Symbol.asyncIterator]()
      let size = 0
      const stop = () => {
        clearDeadline()
        discardBody(source)
      }
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const next = (await chunks.next()) as IteratorResult<Buffer>
            if (next.done) {
              clearDeadline()
              controller.close()
              return
            }
            size += next.value.length
            if (size > maxBodyBytes) throw new BodyTooLargeError(maxBodyBytes)
            controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength))
          } catch (error) {
            stop()
            controller.error(toUpstreamError(error, where, failureState()))
          }
        },
        cancel: stop,
      })
      return { httpStatus: response.statusCode, contentType, setCookies: toList(response.headers['set-cookie']), body }
    } catch (error) {
      clearDeadline()
      throw toUpstreamError(error, where, failureState())
    }
  }

  return { call, data, rawData, passthrough }
}

/** Tells two answers apart by their bytes (an upstream that answers the same bytes changed nothing). */
function fingerprintOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64url')
}

function isJsonType(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

/** Appends `path` to `baseUrl`, whether or not the base has a trailing slash or a path prefix. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

function toHeaders(context: UpstreamCallContext): Record<string, string> {
  // The two APP-* headers are part of the contract even though the public site never has credentials.
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'APP-USERNAME': '',
    'APP-TOKEN': '',
    'user-agent': context.userAgent,
    referer: context.referer,
    'app-domain': context.appDomain,
  }
  if (context.siteId !== undefined) headers['Site-Id'] = context.siteId
  if (context.cookie !== undefined) headers.cookie = context.cookie
  if (context.requestId !== undefined) headers['x-request-id'] = context.requestId
  return headers
}

function contentLength(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value
  if (text === undefined || !/^\d+$/.test(text)) return undefined
  return Number(text)
}

function toList(value: string | string[] | undefined): string[] {
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}
