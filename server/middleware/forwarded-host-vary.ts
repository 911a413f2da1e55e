import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { FORWARDED_HOST_VARY } from '../http/trusted-forwarding.ts'

/** Adds `Vary: X-Forwarded-Host` to every answer of the app (the HTML cache's hits add it themselves). */
export function forwardedHostVary(): MiddlewareHandler<AppEnv> {
  return async function forwardedHostVaryMiddleware(c, next) {
    await next()
    c.res.headers.append('vary', FORWARDED_HOST_VARY)
  }
}
