/**
 * What this server's page cache did for one answer: the `cache` field of the access line and the
 * `Cache-Status` header both come from it. `pass`: an answer no cache here keeps (API, payloads,
 * redirects, errors, methods other than GET and HEAD).
 */
export type CacheResult = 'hit' | 'stale' | 'miss' | 'pass'

/** The name this server's cache goes by in `Cache-Status`, beside the entries of CDNs in front. */
const CACHE_NAME = 'tenant-sites'

/**
 * The one `Cache-Status` list member of this server's cache (RFC 9211, its §2). A stale page served
 * while it is rendered again is a `hit` (the visitor's request went no further, §2.1) flagged
 * `detail=stale` (§2.8): `fwd=stale` would say the request was forwarded (§2.2), and a negative
 * `ttl` (§2.5) cannot be told for a page stale by a purge rather than by age. A render is
 * `fwd=miss`; an answer the cache does not handle, `fwd=bypass`. `ttl`: a fresh hit's seconds left.
 */
export function cacheStatus(result: CacheResult, ttlSeconds?: number): string {
  switch (result) {
    case 'hit':
      return ttlSeconds === undefined ? `${CACHE_NAME}; hit` : `${CACHE_NAME}; hit; ttl=${ttlSeconds}`
    case 'stale':
      return `${CACHE_NAME}; hit; detail=stale`
    case 'miss':
      return `${CACHE_NAME}; fwd=miss`
    case 'pass':
      return `${CACHE_NAME}; fwd=bypass`
  }
}

/** Seconds a page `ageSeconds` old has left of a fresh window of `freshMs` (never below zero). */
export function ttlSecondsOf(freshMs: number, ageSeconds: number): number {
  return Math.max(0, Math.floor(freshMs / 1000) - ageSeconds)
}
