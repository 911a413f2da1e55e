/**
 * Errors raised when talking to the upstream API (docs/API.md "Transport").
 * Every failure of an upstream call is an UpstreamError, so one check (`isUpstreamError`) separates
 * "the backend let us down" from bugs. Messages name the method and URL for logs; they never carry
 * a whole response body, and they are not meant to be shown to visitors.
 */

export interface UpstreamErrorOptions {
  method: string
  url: string
  cause?: unknown
}

/** Base class: something went wrong calling `method url`. */
export class UpstreamError extends Error {
  override name = 'UpstreamError'
  readonly method: string
  readonly url: string

  constructor(message: string, options: UpstreamErrorOptions) {
    super(`${message}: ${options.method} ${options.url}`, { cause: options.cause })
    this.method = options.method
    this.url = options.url
  }
}

/** The upstream answered with an HTTP status in 400–599. `body` is the parsed JSON body, if there was one. */
export class UpstreamHttpError extends UpstreamError {
  override name = 'UpstreamHttpError'
  readonly status: number
  readonly body: unknown

  constructor(
    status: number,
    body: unknown,
    options: UpstreamErrorOptions,
    message = `Upstream answered HTTP ${status}`,
  ) {
    super(message, options)
    this.status = status
    this.body = body
  }
}

/** HTTP 401. The message is fixed by the contract (SPEC §8): "identity verification failed". */
export class UpstreamAuthError extends UpstreamHttpError {
  override name = 'UpstreamAuthError'
  declare readonly status: 401

  constructor(body: unknown, options: UpstreamErrorOptions) {
    super(401, body, options, '身份信息验证失败 (HTTP 401)')
  }
}

/** The call's total deadline passed before the reply was complete. */
export class UpstreamTimeoutError extends UpstreamError {
  override name = 'UpstreamTimeoutError'
  readonly timeoutMs: number

  constructor(timeoutMs: number, options: UpstreamErrorOptions) {
    super(`Upstream did not answer within ${timeoutMs} ms`, options)
    this.timeoutMs = timeoutMs
  }
}

/** The caller gave up (its signal aborted): not the upstream's fault. */
export class UpstreamAbortedError extends UpstreamError {
  override name = 'UpstreamAbortedError'

  constructor(options: UpstreamErrorOptions) {
    super('Upstream call aborted by the caller', options)
  }
}

/** The connection could not be made or broke (refused, reset, DNS, closed early). */
export class UpstreamNetworkError extends UpstreamError {
  override name = 'UpstreamNetworkError'

  constructor(options: UpstreamErrorOptions) {
    const code = errorCode(options.cause)
    super(code ? `Upstream network failure (${code})` : 'Upstream network failure', options)
  }
}

/** The reply could not be used: not JSON, not an envelope, too large, or the data has the wrong shape. */
export class UpstreamBadResponseError extends UpstreamError {
  override name = 'UpstreamBadResponseError'
  readonly reason: string

  constructor(reason: string, options: UpstreamErrorOptions) {
    super(`Upstream sent a bad response (${reason})`, options)
    this.reason = reason
  }
}

/** The envelope's `status` was not 0 where success was required. */
export class UpstreamStatusError extends UpstreamError {
  override name = 'UpstreamStatusError'
  readonly status: number
  readonly info: string
  readonly data: unknown

  constructor(envelope: { status: number; info: string; data: unknown }, options: UpstreamErrorOptions) {
    super(`Upstream answered status ${envelope.status} (${shorten(envelope.info, 120)})`, options)
    this.status = envelope.status
    this.info = envelope.info
    this.data = envelope.data
  }
}

/** True for every error raised by the upstream client. */
export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError
}

function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string')
    return error.code
  return undefined
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}
