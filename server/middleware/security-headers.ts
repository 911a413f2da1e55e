import { randomFillSync } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import type { AppEnv } from '../app-env.ts'

export interface SecurityHeadersOptions {
  /** Send Strict-Transport-Security (only when every tenant domain is served over HTTPS). */
  hsts: boolean
}

/**
 * Security headers on every response, and a Content-Security-Policy whose script-src trusts only
 * this response's nonce (`c.get('cspNonce')`) and what those scripts load ('strict-dynamic'). Images,
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
      scriptSrc: ["'self'", nonceSource, "'strict-dynamic'", 'https:'],
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
    await headers(c, next)
    const own = c.get('ownCsp')
    if (own) c.res.headers.set('content-security-policy', own)
  }
}

const NONCE_BYTES = 16
const POOL_NONCES = 256
let pool = Buffer.alloc(0)
let offset = 0

/**
 * A fresh nonce of 128 random bits. The bytes come from a pool refilled by one call to the CSPRNG
 * per 256 nonces: each nonce is still used once, and a page view no longer pays a system call.
 */
export function nextNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomFillSync(Buffer.alloc(NONCE_BYTES * POOL_NONCES))
    offset = 0
  }
  const nonce = pool.toString('base64', offset, offset + NONCE_BYTES)
  offset += NONCE_BYTES
  return nonce
}

/** The script-src source of this response: its nonce, kept in `c.get('cspNonce')` for the page's scripts. */
function nonceSource(c: Context<AppEnv>): string {
  const nonce = nextNonce()
  c.set('cspNonce', nonce)
  return `'nonce-${nonce}'`
}
