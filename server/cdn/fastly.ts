import { z } from 'zod'
import { parseJson } from '../upstream/read-body.ts'
import { type CdnPurge, type CdnRequest, type CdnTarget, inBatches, isRetryableStatus, toApiBase } from './cdn-purge.ts'

/**
 * A batch purge takes up to 256 surrogate keys (Fastly's purging API reference, "Purge multiple
 * surrogate key tags"); the header is also kept within 16 KiB, the size Fastly allows a response's
 * `Surrogate-Key`.
 */
const MAX_KEYS_PER_CALL = 256
const KEYS_HEADER_MAX_BYTES = 16_384

export interface FastlyTargetOptions {
  /** API base, Fastly's by default (FASTLY_API_URL). */
  apiUrl: string
  serviceId: string
  /** An API token with purge_select (and purge_all for a purge of every tenant). */
  token: string
}

/** Fastly's error body: `{"msg": "...", "detail": "..."}`. */
const errorBody = z.object({ msg: z.string().optional(), detail: z.string().optional() })

/**
 * Purges at Fastly: keys with `POST /service/<id>/purge` and `Surrogate-Key: <keys>`, an address
 * with `POST /purge/<host><path>` (the API form of a URL purge), both soft (`Fastly-Soft-Purge: 1`)
 * unless the purge is hard; everything with `POST /service/<id>/purge_all`, which Fastly does only
 * hard.
 */
export function createFastlyTarget(options: FastlyTargetOptions): CdnTarget {
  const { origin, prefix } = toApiBase(options.apiUrl)
  const service = `${prefix}/service/${encodeURIComponent(options.serviceId)}`
  const call = (path: string, purge: CdnPurge, extra: Record<string, string> = {}): CdnRequest => ({
    origin,
    path,
    method: 'POST',
    headers: {
      'fastly-key': options.token,
      accept: 'application/json',
      ...(purge.mode === 'soft' && purge.kind !== 'all' ? { 'fastly-soft-purge': '1' } : {}),
      ...extra,
    },
  })
  return {
    name: 'fastly',
    secrets: [options.token],
    metered: true,
    requestsFor(purge) {
      if (purge.kind === 'all') return [call(`${service}/purge_all`, purge)]
      if (purge.kind === 'keys')
        return inBatches(purge.keys, MAX_KEYS_PER_CALL, KEYS_HEADER_MAX_BYTES).map((keys) =>
          call(`${service}/purge`, purge, { 'surrogate-key': keys.join(' ') }),
        )
      return purge.addresses.map(({ host, path }) => call(`${prefix}/purge/${host}${path}`, purge))
    },
    verdict(status, body) {
      if (status >= 200 && status < 300) return { kind: 'ok' }
      const parsed = errorBody.safeParse(parseJson(body)).data
      const text = [parsed?.msg, parsed?.detail].filter(Boolean).join(': ')
      const reason = text ? `${status} ${text}` : String(status)
      return isRetryableStatus(status) ? { kind: 'retry', reason } : { kind: 'rejected', reason }
    },
  }
}
