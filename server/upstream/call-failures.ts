// What a failed upstream call becomes: one of the errors of server/errors.ts, and its metrics outcome.
import {
  UpstreamAbortedError,
  UpstreamBadResponseError,
  UpstreamError,
  UpstreamHttpError,
  UpstreamNetworkError,
  UpstreamTimeoutError,
  isUpstreamError,
  type UpstreamErrorOptions,
} from '../errors.ts'
import { BodyTooLargeError } from './read-body.ts'

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
])
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])

/** The metrics outcome of a failed call: a small fixed set. */
export function outcomeOf(error: unknown): string {
  if (error instanceof UpstreamHttpError) return error.status >= 500 ? 'http_5xx' : 'http_4xx'
  if (error instanceof UpstreamTimeoutError) return 'timeout'
  if (error instanceof UpstreamNetworkError) return 'network'
  if (error instanceof UpstreamBadResponseError) return 'bad_response'
  if (error instanceof UpstreamAbortedError) return 'aborted'
  return 'error'
}

export interface FailureState {
  timedOut: boolean
  callerAborted: boolean
  timeoutMs: number
}

export function toUpstreamError(error: unknown, where: UpstreamErrorOptions, state: FailureState): UpstreamError {
  if (isUpstreamError(error)) return error
  // Checked first: an abort surfaces as whatever undici or the stream throws, the signals say why.
  if (state.timedOut) return new UpstreamTimeoutError(state.timeoutMs, { ...where, cause: error })
  if (state.callerAborted) return new UpstreamAbortedError({ ...where, cause: error })
  if (error instanceof BodyTooLargeError) return new UpstreamBadResponseError(error.message, { ...where, cause: error })
  const code = codeOf(error)
  if (code !== undefined && TIMEOUT_CODES.has(code))
    return new UpstreamTimeoutError(state.timeoutMs, { ...where, cause: error })
  if (code !== undefined && NETWORK_CODES.has(code)) return new UpstreamNetworkError({ ...where, cause: error })
  return new UpstreamError('Upstream call failed', { ...where, cause: error })
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}
