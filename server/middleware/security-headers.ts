import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { isShareable } from '../http/conditional-request.ts'
import { nextNonce, type SecurityPolicy } from '../http/security-policy.ts'

/**
 * Sets the policy's headers on every response but a 304. The Content-Security-Policy: the one a
 * route chose (a document allows its scripts by their hashes: render/document-scripts.ts; an SVG
 * and the favicon declare theirs as `c.get('ownCsp')`); else, for an answer a shared cache may keep,
 * one without a nonce (a nonce handed to every visitor would be no secret); else one around a fresh
 * nonce (`c.get('cspNonce')`, for the page's scripts).
 */
export function securityHeaders(policy: SecurityPolicy): MiddlewareHandler<AppEnv> {
  return async function securityHeadersMiddleware(c, next) {
    const nonce = nextNonce()
    c.set('cspNonce', nonce)
    await next()
    // A 304 carries no policy (http/conditional-request.ts `notModifiedHeaders` says why): the
    // route that answered it (a page from the HTML cache, an image) chose its headers.
    const response = c.res
    if (response.status === 304) return
    const headers = response.headers
    const chosen = c.get('ownCsp') ?? headers.get('content-security-policy') ?? undefined
    const shared = isShareable(response.status, headers.get('cache-control'), headers.has('set-cookie'))
    for (const [name, value] of Object.entries(policy.headersFor(shared ? {} : nonce))) headers.set(name, value)
    if (chosen !== undefined) headers.set('content-security-policy', chosen)
  }
}
