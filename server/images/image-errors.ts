import type { ImageOutcome } from '../metrics/metrics.ts'

/**
 * Why an image request failed. `status` and `publicMessage` are what the visitor gets (a short text,
 * never internals); `message` and `cause` are for the log and name the source URL.
 */
export class ImageError extends Error {
  override name = 'ImageError'
  readonly status: 400 | 403 | 404 | 415 | 502 | 503 | 504
  readonly publicMessage: string
  /** With 503: when to ask again (the `Retry-After` header, in seconds). */
  readonly retryAfterSeconds: number | undefined

  constructor(
    status: ImageError['status'],
    publicMessage: string,
    detail: string,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(`${publicMessage}: ${detail}`, options)
    this.status = status
    this.publicMessage = publicMessage
    this.retryAfterSeconds = options?.retryAfterSeconds
  }
}

export const badRequest = (detail: string) => new ImageError(400, 'Bad image request', detail)
export const forbiddenSource = (detail: string) => new ImageError(403, 'Image source not allowed', detail)
export const unsupportedSource = (detail: string) =>
  new ImageError(415, 'Image source is not a supported image', detail)
export const sourceFailed = (detail: string, cause?: unknown) =>
  new ImageError(502, 'Image source could not be used', detail, { cause })
export const sourceTimedOut = (detail: string) => new ImageError(504, 'Image source did not answer in time', detail)
/** No room to fetch or encode now (a queue is full or its wait ran out): ask again later. */
export const busy = (detail: string, retryAfterSeconds: number, cause?: unknown) =>
  new ImageError(503, 'Image optimiser busy', detail, { cause, retryAfterSeconds })

/** The outcome of a refused or failed image request, by the status it is answered with. */
export const OUTCOME_OF_STATUS: Record<ImageError['status'], ImageOutcome> = {
  400: 'bad_request',
  403: 'forbidden_source',
  404: 'not_found',
  415: 'unsupported_source',
  502: 'source_failed',
  503: 'busy',
  504: 'source_timeout',
}
