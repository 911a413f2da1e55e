import { request, type Dispatcher } from 'undici'
import type { ZodType } from 'zod'
import {
  UpstreamAuthError,
  UpstreamBadResponseError,
  UpstreamError,
  UpstreamHttpError,
  UpstreamNetworkError,
  UpstreamStatusError,
  UpstreamTimeoutError,
  isUpstreamError,
  type UpstreamErrorOptions,
} from '../errors.ts'
import { BodyTooLargeError, discardBody, parseBodyQuietly, parseJson, readBody } from './read-body.ts'

export interface UpstreamClientOptions {
  /** e.g. `https://api.example.com` or `https://api.example.com/prefix/`; paths are appended to it. */
  baseUrl: string
  dispatcher: Dispatcher
  /** One deadline for the whole call: connect, headers and body. */
  timeoutMs: number
  /** Replies larger than this are refused. Default 2 MiB. */
  maxBodyBytes?: number
}

export interface UpstreamCallContext {
  userAgent: string
  referer: string
  /** The tenant host (lower-case, no port); the upstream resolves the site from it. */
  appDomain: string
  siteId?: string
  cookie?: string
  signal?: AbortSignal
}

export interface UpstreamEnvelope {
  status: number
  info: string
  data: unknown
}

export interface UpstreamReply {
  envelope: UpstreamEnvelope
  /** The unwrapped value (SPEC §7): `data` when status is 0, else the whole envelope. */
  value: unknown
  setCookies: string[]
}

export interface UpstreamClient {
  /** Raw call: POST JSON, the transport headers, the unwrapping rule (value = status 0 ? data (array kept, object shallow-copied) : whole envelope). */
  call(path: string, body: unknown, context: UpstreamCallContext): Promise<UpstreamReply>
  /** Requires status 0 and parses data with the schema; status ≠ 0 → UpstreamStatusError; shape mismatch → UpstreamBadResponseError. */
  data<T>(path: string, body: unknown, schema: ZodType<T>, context: UpstreamCallContext): Promise<T>
}

const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024
/** Error bodies only feed logs and error objects; a small cap is plenty. */
const MAX_ERROR_BODY_BYTES = 64 * 1024
const METHOD = 'POST'
const NETWORK_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH',
  'ENETUNREACH', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_DESTROYED',
])
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])

/**
 * Creates the client for the upstream JSON API (../shared/API.md "Transport").
 * Every call is a POST without retries (POST is not idempotent); callers that may retry do so themselves.
 */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const { dispatcher, timeoutMs } = options
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES

  async function call(path: string, body: unknown, context: UpstreamCallContext): Promise<UpstreamReply> {
    const url = joinUrl(options.baseUrl, path)
    const where: UpstreamErrorOptions = { method: METHOD, url }
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), timeoutMs)
    const signal = context.signal ? AbortSignal.any([deadline.signal, context.signal]) : deadline.signal
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
      const text = (await readBody(response.body, maxBodyBytes, declaredLength)).toString('utf8')
      const envelope = toEnvelope(parseJson(text), where)
      return { envelope, value: unwrap(envelope), setCookies: toList(response.headers['set-cookie']) }
    } catch (error) {
      throw toUpstreamError(error, where, {
        timedOut: deadline.signal.aborted,
        callerAborted: context.signal?.aborted === true,
        timeoutMs,
      })
    } finally {
      clearTimeout(timer)
    }
  }

  async function data<T>(path: string, body: unknown, schema: ZodType<T>, context: UpstreamCallContext): Promise<T> {
    const { envelope } = await call(path, body, context)
    const where = { method: METHOD, url: joinUrl(options.baseUrl, path) }
    if (envelope.status !== 0) throw new UpstreamStatusError(envelope, where)
    return parseUpstreamData(schema, envelope.data, where)
  }

  return { call, data }
}

/**
 * Parses an upstream `data` value with `schema`: a shape mismatch is an UpstreamBadResponseError
 * naming the call. Also used for values read back from a cache.
 */
export function parseUpstreamData<T>(schema: ZodType<T>, data: unknown, where: UpstreamErrorOptions): T {
  const parsed = schema.safeParse(data)
  if (!parsed.success) throw new UpstreamBadResponseError(describeIssue(parsed.error.issues), { ...where, cause: parsed.error })
  return parsed.data
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
  return headers
}

function toEnvelope(json: unknown, where: UpstreamErrorOptions): UpstreamEnvelope {
  if (json === undefined) throw new UpstreamBadResponseError('body is not JSON', where)
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new UpstreamBadResponseError('body is not an envelope object', where)
  }
  const record = json as Record<string, unknown>
  const status = toStatus(record.status)
  if (status === undefined) throw new UpstreamBadResponseError('envelope has no numeric status', where)
  const info = typeof record.info === 'string' ? record.info : ''
  return { status, info, data: record.data ?? null }
}

/** Some backends send the status as a numeric string; anything else is not an envelope. */
function toStatus(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value)
  return undefined
}

/** SPEC §7: status 0 → data (arrays kept, objects shallow-copied); otherwise the whole envelope. */
function unwrap(envelope: UpstreamEnvelope): unknown {
  if (envelope.status !== 0) return { ...envelope }
  const { data } = envelope
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) return { ...data }
  return data
}

interface FailureState { timedOut: boolean; callerAborted: boolean; timeoutMs: number }

function toUpstreamError(error: unknown, where: UpstreamErrorOptions, state: FailureState): UpstreamError {
  if (isUpstreamError(error)) return error
  // Checked first: an abort surfaces as whatever undici or the stream throws, the signals say why.
  if (state.timedOut) return new UpstreamTimeoutError(state.timeoutMs, { ...where, cause: error })
  if (state.callerAborted) return new UpstreamError('Upstream call aborted by the caller', { ...where, cause: error })
  if (error instanceof BodyTooLargeError) return new UpstreamBadResponseError(error.message, { ...where, cause: error })
  const code = codeOf(error)
  if (code !== undefined && TIMEOUT_CODES.has(code)) return new UpstreamTimeoutError(state.timeoutMs, { ...where, cause: error })
  if (code !== undefined && NETWORK_CODES.has(code)) return new UpstreamNetworkError({ ...where, cause: error })
  return new UpstreamError('Upstream call failed', { ...where, cause: error })
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
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

function describeIssue(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const first = issues[0]
  if (!first) return 'data has the wrong shape'
  const path = first.path.map(String).join('.') || '(root)'
  const more = issues.length > 1 ? ` and ${issues.length - 1} more` : ''
  return `data has the wrong shape at ${path}: ${first.message}${more}`
}
