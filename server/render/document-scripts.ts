import { contentSecurityPolicy } from '../http/security-policy.ts'
import { inlineScripts } from '../http/inline-scripts.ts'

/**
 * How a document's scripts are allowed, chosen before its first byte (docs/security.md "Pages a CDN
 * may keep"):
 * - `hashed`: the document's own inline scripts (its head, its tail, the site's code) by their
 *   hashes, so the answer carries no secret and a shared cache may hand it to every visitor;
 *   `withNonce` is the policy for an answer in which React writes scripts of its own (boundaries
 *   streamed in after the shell), which carry the response's nonce.
 * - `nonce`: the site's code loads a script by its address (`<script src>`), which no hash can
 *   allow: every script carries the nonce, and the answer is its visitor's alone.
 */
export type DocumentScripts =
  | { kind: 'hashed'; policy: string; withNonce: (nonce: string) => string }
  | { kind: 'nonce' }

/** The scripts of the HTML a document writes around React's output (written without a nonce). */
export function documentScripts(html: string): DocumentScripts {
  const { hashes, external } = inlineScripts(html)
  if (external) return { kind: 'nonce' }
  return {
    kind: 'hashed',
    policy: contentSecurityPolicy({ hashes }),
    withNonce: (nonce) => contentSecurityPolicy({ nonce, hashes }),
  }
}

/** Browsers revalidate it every time; shared caches never keep it. */
const VISITOR_ONLY = 'private, max-age=0'

/**
 * `headers` made those of an answer only its visitor may keep, with `policy`: it carries a nonce,
 * which a shared cache would hand to every visitor. Its CDN tags go too (nothing to purge).
 */
export function visitorOnly(headers: Headers, policy?: string): Headers {
  // An answer no cache may keep at all (an error page) stays so.
  if (!headers.get('cache-control')?.includes('no-store')) headers.set('cache-control', VISITOR_ONLY)
  headers.delete('cdn-cache-control')
  headers.delete('cache-tag')
  headers.delete('surrogate-key')
  if (policy !== undefined) headers.set('content-security-policy', policy)
  return headers
}
