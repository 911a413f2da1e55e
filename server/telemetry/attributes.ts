/** The attribute every span of a request carries: the tenant host the front door validated. */
export const TENANT_HOST = 'tenant.host'
/** What a cache did for the span's lookup or request: hit, stale, miss, pass. */
export const CACHE_RESULT = 'cache.result'
