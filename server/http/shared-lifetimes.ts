/** How long a CDN may serve a page while this server answers errors or cannot be reached. */
export const STALE_IF_ERROR_S = 86_400

/** How long caches other than the visitor's browser may keep an anonymous page or payload. */
export interface SharedLifetimes {
  /** Seconds a shared cache keeps it fresh (HTML_S_MAXAGE). */
  sMaxAge: number
  /** Seconds a CDN may serve it stale while fetching it again (HTML_CACHE_STALE_MS in seconds). */
  staleSeconds: number
  /**
   * A CDN in front is configured for purges (VARNISH_PURGE_URLS, CLOUDFLARE_*, FASTLY_*): it gets
   * its lifetimes in `CDN-Cache-Control` and the purge tags. Without one, no CDN hears of a purge,
   * so none is told it may serve a page stale.
   */
  cdn: boolean
}

/**
 * The lifetimes of an anonymous page or payload, decided once for every answer of it. Browsers
 * revalidate every time and never reuse a stale copy (no stale-while-revalidate or stale-if-error
 * in `Cache-Control`: a browser hears of no purge). A configured CDN reads `CDN-Cache-Control`
 * (RFC 9213; the shipped VCL reads it too) and may serve the page stale while it fetches again, or
 * while the origin fails, since purges reach it.
 */
export function sharedLifetimeHeaders(lifetimes: SharedLifetimes): Record<string, string> {
  const headers: Record<string, string> = { 'cache-control': `public, max-age=0, s-maxage=${lifetimes.sMaxAge}` }
  if (lifetimes.cdn)
    headers['cdn-cache-control'] =
      `max-age=${lifetimes.sMaxAge}, stale-while-revalidate=${lifetimes.staleSeconds}, stale-if-error=${STALE_IF_ERROR_S}`
  return headers
}

/**
 * The directive a header's lifetime for shared caches is in: s-maxage in Cache-Control, max-age in
 * CDN-Cache-Control. A cache subtracts `Age` from it (RFC 9111 §4.2.3): a page kept an hour here
 * reached a CDN stale with its `s-maxage` alone, and the CDN fetched it again on nearly every
 * request. So a fresh copy's answer lengthens it by the copy's age, and a CDN keeps the page
 * `s-maxage` seconds from its own fetch.
 */
const SHARED_LIFETIME: Record<string, RegExp> = {
  'cache-control': /(^|,\s*)s-maxage=(\d+)/i,
  'cdn-cache-control': /(^|,\s*)max-age=(\d+)/i,
}

/**
 * A header value split around its shared lifetime, found once when a page's header block is made
 * (answer/prepared-headers.ts), so an answer lengthens it by the copy's age without a search.
 */
export interface AgedValue {
  /** Where the value sits in its flat header block. */
  at: number
  before: string
  seconds: number
  after: string
}

/** `value` of header `name` split around its shared lifetime, or null when it has none. */
export function agedValueOf(name: string, value: string, at: number): AgedValue | null {
  const directive = SHARED_LIFETIME[name]
  const match = directive === undefined ? null : directive.exec(value)
  if (match === null) return null
  const end = match.index + match[0].length
  const digits = match[2] as string
  return { at, before: value.slice(0, end - digits.length), seconds: Number(digits), after: value.slice(end) }
}

/**
 * The lifetimes of a stale copy (past its fresh window, or marked by a purge) for a CDN: none left,
 * so it fetches again at once, while it may still serve its copy meanwhile (stale-while-revalidate).
 */
export function staleCdnCacheControl(cdnCacheControl: string): string {
  return cdnCacheControl.replace(/(^|,\s*)max-age=\d+/i, '$1max-age=0')
}
