import { parseEnvelope, type Envelope } from './envelope.ts'

/** The call could not be made or its answer was not an envelope (offline, a proxy error page, junk). */
export class ApiCallError extends Error {
  override name = 'ApiCallError'
  readonly httpStatus: number
  constructor(message: string, httpStatus: number, options?: { cause?: unknown }) {
    super(message, options)
    this.httpStatus = httpStatus
  }
}

/**
 * POSTs `body` to the same-origin API (`/api/v1/<call>`) and parses the envelope. Answers every
 * envelope, including non-zero statuses and HTTP errors that carry one (the proxy answers its own
 * refusals and 502/504 as envelopes too); throws ApiCallError only when there is no envelope.
 * Browser only (event handlers and effects).
 */
export async function postApi(call: string, body: unknown, init: { signal?: AbortSignal } = {}): Promise<Envelope> {
  let response: Response
  try {
    response = await fetch(`/api/v1/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
      ...(init.signal ? { signal: init.signal } : {}),
    })
  } catch (error) {
    throw new ApiCallError(`POST /api/v1/${call} failed`, 0, { cause: error })
  }
  let json: unknown
  try {
    json = await response.json()
  } catch (error) {
    throw new ApiCallError(`POST /api/v1/${call} answered HTTP ${response.status} without JSON`, response.status, {
      cause: error,
    })
  }
  const parsed = parseEnvelope(json)
  if (parsed === null)
    throw new ApiCallError(`POST /api/v1/${call} answered something that is not an envelope`, response.status)
  return parsed
}
