/** The upstream envelope as the site's API proxy passes it on (API.md "Transport"). */
export interface ApiEnvelope { status: number; info: string; data: unknown }

/** The proxy did not answer with an envelope (network failure, proxy error page, garbage). */
export class ApiUnavailableError extends Error {
  override name = 'ApiUnavailableError'
  readonly httpStatus: number | null
  constructor(path: string, httpStatus: number | null, options?: { cause?: unknown }) {
    super(`POST /api/v1/${path} failed${httpStatus === null ? '' : ` with HTTP ${httpStatus}`}`, options)
    this.httpStatus = httpStatus
  }
}

/** Reads an upstream envelope out of a parsed JSON body, or null if it is not one. */
export function toEnvelope(body: unknown): ApiEnvelope | null {
  if (body === null || typeof body !== 'object') return null
  const { status, info, data } = body as Record<string, unknown>
  if (typeof status !== 'number') return null
  return { status, info: typeof info === 'string' ? info : '', data: data ?? null }
}

/**
 * `POST /api/v1/<path>` through the site's same-origin proxy, answering the upstream envelope
 * (whatever its `status`, including the 401 answer for a visitor who is not signed in).
 * Browser only: call from handlers.
 */
export async function postApi(path: string, body: unknown, init: { keepalive?: boolean } = {}): Promise<ApiEnvelope> {
  let response: Response
  try {
    response = await fetch(`/api/v1/${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      ...(init.keepalive ? { keepalive: true } : {}),
    })
  } catch (error) {
    throw new ApiUnavailableError(path, null, { cause: error })
  }
  const envelope = toEnvelope(await response.json().catch(() => null))
  if (envelope === null) throw new ApiUnavailableError(path, response.status)
  return envelope
}
