import { z } from 'zod'
import { parseJson } from '../upstream/read-body.ts'
import { type CdnPurge, type CdnRequest, type CdnTarget, inBatches, isRetryableStatus, toApiBase } from './cdn-purge.ts'

/**
 * Cloudflare takes at most 100 tags, hosts or prefixes per purge call on every plan, and 100 URLs
 * below Enterprise (its purge-cache guide, "Max operations per request").
 */
const MAX_PER_CALL = 100

export interface CloudflareTargetOptions {
  /** API base, Cloudflare's v4 API by default (CLOUDFLARE_API_URL). */
  apiUrl: string
  zoneId: string
  /** An API token with the zone's Cache Purge permission. */
  token: string
}

/** Cloudflare's answer envelope: `{"success": bool, "errors": [{code, message}]}`. */
const envelope = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ code: z.number().optional(), message: z.string().optional() })).default([]),
})

/**
 * Purges at Cloudflare (`POST /zones/<zone>/purge_cache`, bearer token): keys as cache-tags,
 * addresses as `https://<host><path>` files, everything with `purge_everything`. Cloudflare has no
 * soft purge: what it purges, it fetches again (and the instances answer their stale copy at once).
 */
export function createCloudflareTarget(options: CloudflareTargetOptions): CdnTarget {
  const { origin, prefix } = toApiBase(options.apiUrl)
  const call = (body: unknown): CdnRequest => ({
    origin,
    path: `${prefix}/zones/${encodeURIComponent(options.zoneId)}/purge_cache`,
    method: 'POST',
    headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return {
    name: 'cloudflare',
    secrets: [options.token],
    metered: true,
    requestsFor(purge: CdnPurge) {
      if (purge.kind === 'all') return [call({ purge_everything: true })]
      if (purge.kind === 'keys') return inBatches(purge.keys, MAX_PER_CALL).map((tags) => call({ tags }))
      const files = purge.addresses.map(({ host, path }) => `https://${host}${path}`)
      return inBatches(files, MAX_PER_CALL).map((batch) => call({ files: batch }))
    },
    verdict(status, body) {
      const parsed = envelope.safeParse(parseJson(body))
      const answer = parsed.success ? parsed.data : undefined
      if (status >= 200 && status < 300 && answer?.success !== false) return { kind: 'ok' }
      const first = answer?.errors[0]
      const reason = first ? `${status} ${[first.code, first.message].filter(Boolean).join(' ')}` : String(status)
      return isRetryableStatus(status) ? { kind: 'retry', reason } : { kind: 'rejected', reason }
    },
  }
}
