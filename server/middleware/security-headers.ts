import type { MiddlewareHandler } from 'hono'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import type { AppEnv } from '../app-env.ts'

export interface SecurityHeadersOptions {
  /** Send Strict-Transport-Security (only when every tenant domain is served over HTTPS). */
  hsts: boolean
}

/**
 * Security headers on every response, and a Content-Security-Policy whose script-src trusts only
 * this response's nonce (`c.var.cspNonce`) and what those scripts load ('strict-dynamic'). Images,
 * media, styles and frames stay open to https because tenants embed content from anywhere.
 */
export function securityHeaders({ hsts }: SecurityHeadersOptions): MiddlewareHandler<AppEnv> {
  const headers = secureHeaders({
    xFrameOptions: 'SAMEORIGIN',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
    strictTransportSecurity: hsts ? 'max-age=31536000; includeSubDomains' : false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // 'self' and https: only matter to browsers without 'strict-dynamic' (CSP level 2), which ignore the nonce's strictness.
      scriptSrc: ["'self'", NONCE, "'strict-dynamic'", 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'", 'https:'],
      imgSrc: ['*', 'data:', 'blob:'],
      mediaSrc: ['*', 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:', 'https:'],
      connectSrc: ["'self'", 'https:'],
      frameSrc: ["'self'", 'https:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", 'https:'],
      frameAncestors: ["'self'"],
    },
  })
  return async function securityHeadersMiddleware(c, next) {
    await headers(c, async () => {
      c.set('cspNonce', c.get('secureHeadersNonce') ?? '')
      await next()
    })
    const own = c.get('ownCsp')
    if (own) c.res.headers.set('content-security-policy', own)
  }
}
