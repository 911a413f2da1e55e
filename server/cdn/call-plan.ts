import type { CdnPurge, CdnRequest, CdnTarget } from './cdn-purge.ts'

/** The calls one purge makes at one CDN. */
export type CallPlan =
  /** The purge as asked, its names merged into as few calls as the CDN takes. */
  | { kind: 'as-asked'; requests: CdnRequest[] }
  /** Past the bound: the tenant's whole hosts instead, `needed` being what the purge as asked would have taken. */
  | { kind: 'whole-hosts'; requests: CdnRequest[]; needed: number }
  /** Past the bound, and the CDN has no coarser purge within it: nothing is sent. */
  | { kind: 'too-many'; needed: number }
  /** The CDN cannot express this purge at all. */
  | { kind: 'unsupported' }

/**
 * The calls `purge` takes at `target`, at most `maxCalls` (CDN_PURGE_MAX_CALLS) to each of its
 * origins (each Varnish is its own; Cloudflare and Fastly have one API). One purge can name
 * hundreds of addresses or keys (every alias × every tag or path); past the bound it becomes the
 * purge of the tenant's hosts (every shareable answer carries its host as a key, cache/cdn-tags.ts),
 * which drops more at that CDN but costs one call, and never touches another tenant.
 */
export function planCalls(target: CdnTarget, purge: CdnPurge, maxCalls: number): CallPlan {
  const requests = target.requestsFor(purge)
  if (requests === null) return { kind: 'unsupported' }
  const needed = callsPerOrigin(requests)
  if (needed <= maxCalls) return { kind: 'as-asked', requests }
  if (purge.kind === 'all' || purge.hosts === undefined || purge.hosts.length === 0) return { kind: 'too-many', needed }
  const coarse = target.requestsFor({ kind: 'keys', mode: purge.mode, keys: [...purge.hosts] })
  if (coarse === null || callsPerOrigin(coarse) > maxCalls) return { kind: 'too-many', needed }
  return { kind: 'whole-hosts', requests: coarse, needed }
}

/** The most calls any one origin gets. */
function callsPerOrigin(requests: readonly CdnRequest[]): number {
  const counts = new Map<string, number>()
  for (const { origin } of requests) counts.set(origin, (counts.get(origin) ?? 0) + 1)
  return Math.max(0, ...counts.values())
}
