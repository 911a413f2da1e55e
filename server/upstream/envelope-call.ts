import { createHash } from 'node:crypto'
import { request } from 'undici'
import type { Envelope } from '../../shared/api/envelope.ts'
import { UpstreamAuthError, UpstreamBadResponseError, UpstreamHttpError } from '../errors.ts'
import { toUpstreamError } from './call-failures.ts'
import type { UpstreamCallContext } from './call-context.ts'
import { openCall } from './call-deadline.ts'
import { toEnvelope, unwrap } from './envelope.ts'
import { discardBody, parseBodyQuietly, parseJson, readBody } from './read-body.ts'
import type { Transport } from './transport.ts'
import { contentLength, METHOD, toHeaders, toList } from './transport-headers.ts'

/** Error bodies only feed logs and error objects; a small cap is plenty. */
const MAX_ERROR_BODY_BYTES = 64 * 1024

/** An answer read as an envelope. */
export interface UpstreamReply {
  envelope: Envelope
  /** The unwrapped value (SPEC §7): `data` when status is 0, else the whole envelope. */
  value: unknown
  setCookies: string[]
  /** Length of the answer's JSON text (UTF-16 code units, as `JSON.stringify` counts). */
  textLength: number
}

/** The answer when its bytes have the fingerprint the caller already holds: nothing was parsed. */
export interface SameAnswer {
  unchanged: true
}

/**
 * One POST whose answer is read as an envelope; with `heldFingerprint`, an answer of those bytes is
 * left unparsed. Every failure is an UpstreamError.
 */
export async function requestEnvelope(
  transport: Transport,
  path: string,
  body: unknown,
  context: UpstreamCallContext,
  heldFingerprint: string | undefined,
): Promise<(UpstreamReply & { fingerprint: string }) | SameAnswer> {
  const { url, where, signal, clearDeadline, failureState } = openCall(
    transport.baseUrl,
    path,
    transport.timeoutMs,
    context,
  )
  try {
    const response = await request(url, {
      method: METHOD,
      dispatcher: transport.dispatcher,
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
    const bytes = await readBody(response.body, transport.maxBodyBytes, declaredLength)
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

/** Tells two answers apart by their bytes (an upstream that answers the same bytes changed nothing). */
function fingerprintOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64url')
}
