import { type AnswerPolicy, isShareable, type VaryingOn } from '../http/answer-policy.ts'
import { contentSecurityPolicy, type SecurityPolicy } from '../http/security-policy.ts'
import { FORWARDED_HOST_VARY } from '../http/trusted-forwarding.ts'

/** Text-like types worth compressing; images, fonts in woff2 and archives already are. */
const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json|ld\+json|rss\+xml|atom\+xml)|image\/svg\+xml)/i

/**
 * Whether a body of `contentType` is worth compressing: the compression middleware compresses it,
 * and the writer names Accept-Encoding in its `Vary` whatever its size.
 */
export function isCompressible(contentType: string | null | undefined): boolean {
  return COMPRESSIBLE.test(contentType ?? '')
}

/** How the app writes its answers, the same for the writer and for a kept page's prepared block. */
export interface AnswerWriting {
  security: SecurityPolicy
  /** Every answer names X-Forwarded-Host in `Vary` (TRUST_FORWARDED_HOST, http/trusted-forwarding.ts). */
  varyOnForwardedHost?: boolean
}

/** What the way one answer is sent adds to its `Vary`. */
interface SentAs {
  /** Its body is or may be compressed (a compressible type, or a coding of its own). */
  coded: boolean
}

/**
 * The `Vary` of an answer (RFC 9110 §12.5.5): what its route named (its policy's `vary`), then
 * Accept-Encoding when its body is or may be compressed, then X-Forwarded-Host behind a proxy that
 * rewrites Host; each named once. Undefined when it varies by nothing.
 */
export function varyLine(
  named: readonly VaryingOn[] | undefined,
  sent: SentAs,
  writing: AnswerWriting,
): string | undefined {
  const tokens: string[] = named === undefined ? [] : [...named]
  if (sent.coded && !tokens.includes('Accept-Encoding')) tokens.push('Accept-Encoding')
  if (writing.varyOnForwardedHost === true) tokens.push(FORWARDED_HOST_VARY)
  return tokens.length > 0 ? tokens.join(', ') : undefined
}

/**
 * Whether the script policy of an answer with `policy` and `status` names the answer's nonce: its
 * scripts ask for it, or it runs none of its own and no shared cache may keep it (a nonce handed to
 * every visitor by a shared cache would be no secret).
 */
export function namesNonce(policy: AnswerPolicy, status: number): boolean {
  const { scripts } = policy
  if ('own' in scripts) return false
  return scripts.nonce === true || (scripts.hashes === undefined && !isShareable(policy, status))
}

/** The Content-Security-Policy of an answer with `policy` and `status`, `nonce` its own (unused unless namesNonce). */
export function scriptPolicyLine(policy: AnswerPolicy, status: number, nonce: string): string {
  const { scripts } = policy
  if ('own' in scripts) return scripts.own
  return contentSecurityPolicy({
    ...(namesNonce(policy, status) ? { nonce } : {}),
    ...(scripts.hashes ? { hashes: scripts.hashes } : {}),
  })
}
