import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'

/** Hashed asset names never change content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
const NO_STORE = 'no-store'
const PRIVATE_NO_STORE = 'private, no-store'

/**
 * The last word on Cache-Control, whatever a route set: a response that sets a cookie or answers
 * the API is `private, no-store` (a shared cache must never hand one visitor's cookie to another);
 * an error (4xx/5xx, the startup screen included) is `no-store`, so an outage is not cached beyond it.
 */
export function cacheControl(): MiddlewareHandler<AppEnv> {
  return async function cacheControlMiddleware(c, next) {
    await next()
    const headers = c.res.headers
    // The operations port's app has no front door, and no API either.
    const api = (c.env as Partial<AppEnv['Bindings']> | undefined)?.admitted?.api ?? false
    if (headers.has('set-cookie') || api) headers.set('cache-control', PRIVATE_NO_STORE)
    else if (c.res.status >= 400) headers.set('cache-control', NO_STORE)
    else return
    // CDN lifetimes and purge tags only on what a CDN may keep.
    headers.delete('cdn-cache-control')
    headers.delete('cache-tag')
    headers.delete('surrogate-key')
  }
}
