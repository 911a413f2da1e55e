import { type SharedLifetimes, sharedLifetimeHeaders } from './shared-lifetimes.ts'

/**
 * Who may keep an answer:
 * - `shared`: any cache, a CDN's included (an anonymous page, a payload, a file);
 * - `visitor`: only its visitor's browser, revalidating every time (a page whose scripts carry its nonce);
 * - `nobody`: no cache at all (an error, an operations endpoint, a form's outcome);
 * - `private`: no cache, and never a shared one even by mistake (a cookie set, the same-origin API).
 */
export type Keeping = 'shared' | 'visitor' | 'nobody' | 'private'

/** The purge tags a CDN reads (cache/cdn-tags.ts), in Cloudflare's and Fastly's header formats. */
export interface CdnTags {
  'cache-tag': string
  'surrogate-key': string
}

/**
 * How an answer's scripts are allowed (http/security-policy.ts): by its nonce, by the hashes of its
 * inline scripts (with the nonce as well when React wrote scripts of its own), or by a policy of
 * its own (an inert icon, an SVG). Empty: the answer runs no script of its own, so it names the
 * nonce only when no shared cache may keep it.
 */
export type AnswerScripts = { nonce?: true; hashes?: readonly string[] } | { own: string }

/**
 * Request headers a route's answer depends on (RFC 9110 §12.5.5): the language headers of a page
 * that a visitor's language could have changed, the Accept of an image in a negotiated format, the
 * Accept-Encoding of a file sent in the coding it negotiated itself. The writer adds what the way
 * an answer is sent varies by (answer/policy-lines.ts `varyLine`).
 */
export type VaryingOn = 'Accept' | 'Accept-Encoding' | 'Accept-Language' | 'Cookie'

/**
 * One answer's caching and script rules, decided once by the route that makes the answer (kept with
 * a page the HTML cache stores, for its hits) and written by one writer (answer/answer-writer.ts): nothing after it
 * reads its headers back to decide again. docs/security.md and docs/freshness.md say why each rule is.
 */
export interface AnswerPolicy {
  keeping: Keeping
  /** Absent: the answer names no lifetime (a redirect to an icon), and HTTP's heuristics apply. */
  cacheControl?: string
  /** A configured CDN's lifetimes (RFC 9213), on a shared answer only. */
  cdnCacheControl?: string
  /** A configured CDN's purge tags, on a shared answer only. */
  cdnTags?: CdnTags
  scripts: AnswerScripts
  /** The entity tag a conditional GET compares (http/conditional-request.ts), on a shared 200 only. */
  etag?: string
  /** What the route's answer varies by, whoever may keep it; absent or empty: nothing of the route's. */
  vary?: readonly VaryingOn[]
}

/** Hashed asset names never change content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

/** What no cache may keep: errors and operations endpoints. */
export const NOT_KEPT: AnswerPolicy = { keeping: 'nobody', cacheControl: 'no-store', scripts: {} }

/** What a shared cache must never keep: an answer that sets a cookie, the same-origin API. */
export const PRIVATE: AnswerPolicy = { keeping: 'private', cacheControl: 'private, no-store', scripts: {} }

/** An answer nobody decided on (a route that sets no policy): HTTP's defaults, errors never kept. */
export const UNDECIDED: AnswerPolicy = { keeping: 'shared', scripts: {} }

/** A file any cache may keep with `cacheControl` (an asset, an image, an icon). */
export function sharedFile(cacheControl: string, scripts: AnswerScripts = {}): AnswerPolicy {
  return { keeping: 'shared', cacheControl, scripts }
}

/**
 * An anonymous page or payload: shared caches keep it for the shared lifetimes, a configured CDN
 * reads its own lifetimes and purge tags (http/shared-lifetimes.ts).
 */
export function sharedPage(lifetimes: SharedLifetimes, tags?: CdnTags): AnswerPolicy {
  const { 'cache-control': cacheControl, 'cdn-cache-control': cdnCacheControl } = sharedLifetimeHeaders(lifetimes)
  return {
    keeping: 'shared',
    ...(cacheControl !== undefined ? { cacheControl } : {}),
    ...(cdnCacheControl !== undefined ? { cdnCacheControl } : {}),
    ...(lifetimes.cdn && tags ? { cdnTags: tags } : {}),
    scripts: {},
  }
}

/** Browsers revalidate it every time; shared caches never keep it. */
const VISITOR_ONLY = 'private, max-age=0'

/**
 * `policy` made that of an answer only its visitor may keep, its scripts allowed by `scripts`: it
 * carries a nonce, which a shared cache would hand to every visitor. Its CDN lifetimes and tags go
 * (nothing to purge); an answer no cache may keep at all (an error page) stays so.
 */
export function visitorOnly(policy: AnswerPolicy, scripts: AnswerScripts): AnswerPolicy {
  if (policy.keeping === 'nobody' || policy.keeping === 'private') return { ...policy, scripts }
  return { keeping: 'visitor', cacheControl: VISITOR_ONLY, scripts, ...varyOf(policy) }
}

/** `policy`'s `vary`, to carry over into a policy made from it: what an answer varies by stays whoever keeps it. */
export function varyOf(policy: AnswerPolicy): { vary?: readonly VaryingOn[] } {
  return policy.vary !== undefined ? { vary: policy.vary } : {}
}

/** `policy` made private (it sets a cookie): no cache keeps it, no CDN hears of it, no 304 confirms it to another visitor. */
export function privateAnswer(policy: AnswerPolicy): AnswerPolicy {
  return { ...PRIVATE, scripts: policy.scripts, ...varyOf(policy) }
}

/**
 * Whether an answer with `policy` and `status` may be kept and validated for anyone who asks: a 200
 * a shared cache may keep. Only such an answer carries its tag, CDN headers and a policy without a nonce.
 */
export function isShareable(policy: AnswerPolicy, status: number): boolean {
  return status === 200 && policy.keeping === 'shared'
}

/**
 * The caching headers of `policy` (Cache-Control, a CDN's lifetimes and tags, the entity tag), as
 * the writer writes them on an answer and in a kept page's header block.
 */
export function cachingHeaders(policy: AnswerPolicy, status: number): Record<string, string> {
  const headers: Record<string, string> = {}
  if (policy.cacheControl !== undefined) headers['cache-control'] = policy.cacheControl
  if (!isShareable(policy, status)) return headers
  if (policy.cdnCacheControl !== undefined) headers['cdn-cache-control'] = policy.cdnCacheControl
  if (policy.cdnTags !== undefined) Object.assign(headers, policy.cdnTags)
  if (policy.etag !== undefined) headers.etag = policy.etag
  return headers
}
