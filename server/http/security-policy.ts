import { randomFillSync } from 'node:crypto'

export interface SecurityHeadersOptions {
  /** Send Strict-Transport-Security (only when every tenant domain is served over HTTPS). */
  hsts: boolean
}

/**
 * What a response's scripts are allowed by: its nonce (a per-response secret, for answers only this
 * visitor gets), the SHA-256 hashes of its inline scripts (for answers a shared cache may keep and
 * hand to every visitor, where a nonce would be the same for all of them), both, or neither (an
 * answer that runs no script of its own).
 */
export interface ScriptSources {
  nonce?: string
  /** Base64 SHA-256 digests of the inline scripts' text (inline-scripts.ts). */
  hashes?: readonly string[]
}

/**
 * The Content-Security-Policy for `sources`: scripts run only with the nonce or a listed hash, or
 * when loaded by such a script ('strict-dynamic'). Images, media, styles and frames stay open to
 * https because tenants embed content from anywhere. 'self' and https: in script-src only matter to
 * browsers without 'strict-dynamic' (CSP level 2), which ignore its strictness.
 */
export function contentSecurityPolicy(sources: ScriptSources): string {
  let scripts = "script-src 'self'"
  if (sources.nonce !== undefined) scripts += ` 'nonce-${sources.nonce}'`
  for (const hash of sources.hashes ?? []) scripts += ` 'sha256-${hash}'`
  return `default-src 'self'; ${scripts} ${CSP_AFTER_SCRIPTS}`
}

const CSP_AFTER_SCRIPTS = [
  "'strict-dynamic' https:",
  "style-src 'self' 'unsafe-inline' https:",
  'img-src * data: blob:',
  'media-src * data: blob:',
  "font-src 'self' data: https:",
  "connect-src 'self' https:",
  "frame-src 'self' https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self' https:",
  "frame-ancestors 'self'",
].join('; ')

/**
 * The security headers of every response, one table for both ways a response is made: by the app's
 * writer (answer/answer-writer.ts) and from a kept page's header block (answer/prepared-headers.ts). Names are lower
 * case, as HTTP/2 requires and Node sends them as given.
 */
export interface SecurityPolicy {
  /** The headers of a response whose scripts are allowed by `sources` (a nonce alone, given a string). */
  headersFor(sources: string | ScriptSources): Record<string, string>
  /** The headers every response carries besides its Content-Security-Policy. */
  readonly fixed: Readonly<Record<string, string>>
}

export function securityPolicy({ hsts }: SecurityHeadersOptions): SecurityPolicy {
  const fixed: Record<string, string> = {
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  }
  return {
    fixed,
    headersFor: (sources) => ({
      ...fixed,
      'content-security-policy': contentSecurityPolicy(typeof sources === 'string' ? { nonce: sources } : sources),
    }),
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
