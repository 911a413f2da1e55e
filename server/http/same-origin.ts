/**
 * The one rule for writes (API proxy calls, page forms posted without JavaScript): a request another
 * site triggers is refused before anything else happens. Browsers send `Origin` on every POST and
 * `Sec-Fetch-Site` on every request (Fetch, `Origin` header; Fetch Metadata: docs/STANDARDS.md).
 * A sibling subdomain counts as another site, since every tenant is a different customer.
 */

/**
 * True when the request may write: `Sec-Fetch-Site` does not say another site, and `Origin` (or,
 * without one, `Referer`) is the request's own origin as the host guard decided it (`c.get('origin')`).
 * `Origin: null` (sandboxed frames, privacy redirects) and anything unreadable are refused. A request
 * with neither header comes from a client that is not a browser and cannot ride on a visitor's cookies.
 */
export function isSameOriginWrite(headers: Headers, ownOrigin: string): boolean {
  const fetchSite = headers.get('sec-fetch-site')?.trim().toLowerCase()
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return false
  const claimed = headers.get('origin') ?? headers.get('referer')
  if (claimed === null) return true
  const own = originOf(ownOrigin)
  return own !== null && originOf(claimed) === own
}

/** `scheme://host[:port]` of an http(s) address (default port dropped, host lower-cased); null otherwise. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value.trim())
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null // "null" and junk are never our own origin
  }
}
