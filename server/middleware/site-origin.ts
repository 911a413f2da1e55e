import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { canonicalOrigin, type CanonicalScheme } from '../seo/canonical-origin.ts'

export interface SiteOriginOptions {
  /** Scheme of published URLs when the site's canonical_link names none. */
  scheme?: CanonicalScheme
}

/** Sets `c.get('publicOrigin')`, the tenant's published origin (see canonicalOrigin); runs after `tenant`. */
export function siteOrigin({ scheme = 'https' }: SiteOriginOptions = {}): MiddlewareHandler<AppEnv> {
  return async function siteOriginMiddleware(c, next) {
    const { site, host } = c.get('tenant')
    c.set('publicOrigin', canonicalOrigin(site, host, scheme))
    await next()
  }
}
