import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { nextNonce, type SecurityPolicy } from '../http/security-policy.ts'

/**
 * Sets the policy's headers on every response but a 304, with a fresh nonce per response
 * (`c.get('cspNonce')`, for the page's scripts); a response that declares its own policy
 * (`c.get('ownCsp')`: an SVG, the favicon) keeps it.
 */
export function securityHeaders(policy: SecurityPolicy): MiddlewareHandler<AppEnv> {
  return async function securityHeadersMiddleware(c, next) {
    const nonce = nextNonce()
    c.set('cspNonce', nonce)
    await next()
    // A 304 carries no policy (http/conditional-request.ts `notModifiedHeaders` says why): the
    // route that answered it (a page from the HTML cache, an image) chose its headers.
    if (c.res.status === 304) return
    const headers = c.res.headers
    for (const [name, value] of Object.entries(policy.headersFor(nonce))) headers.set(name, value)
    const own = c.get('ownCsp')
    if (own) headers.set('content-security-policy', own)
  }
}
