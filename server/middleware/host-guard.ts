import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { jsonError } from '../http/json-error.ts'
import { htmlError } from '../render/html-error.ts'

/**
 * Answers the host the front door decided (tenant/host-decision.ts) before any tenant work: 400 for
 * a refused request, else `c.get('origin')` and the tenant host the tenant middleware resolves.
 */
export function hostGuard(): MiddlewareHandler<AppEnv> {
  return async function hostGuardMiddleware(c, next) {
    const { host, api } = c.env.admitted
    if (!host.ok) {
      c.set('routeName', 'bad-host')
      // The same-origin API answers in its JSON envelope, pages with an HTML page.
      if (api) return jsonError(c, 400, 'The Host header is not valid')
      return htmlError('bad-host')
    }
    c.set('tenantHost', host.host)
    c.set('origin', host.origin)
    await next()
  }
}
