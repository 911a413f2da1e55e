/**
 * Cross-site request refusal for the same-origin API. Browsers send `Origin` on every POST and
 * `Sec-Fetch-Site` on every request (Fetch, `Origin` header; Fetch Metadata: docs/STANDARDS.md). A
 * request another site triggers is refused
 * before anything else happens; a sibling subdomain counts as another site, since every tenant is a
 * different customer. Clients that are not browsers send neither header and are let through: they
 * cannot ride on a visitor's cookies.
 */
export function isCrossSiteRequest(headers: Headers, host: string | undefined): boolean {
  const fetchSite = headers.get('sec-fetch-site')?.trim().toLowerCase()
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true
  const origin = headers.get('origin')
  if (origin === null) return false
  if (host === undefined) return true
  let originHost: string
  try {
    const url = new URL(origin)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return true
    originHost = url.host
  } catch {
    // "null" (sandboxed frames, some redirects) and junk are never our own origin.
    return true
  }
  return originHost.toLowerCase() !== host.trim().toLowerCase()
}

/** True for `application/json` and `application/*+json`, with or without parameters. */
export function isJsonContentType(value: string | null | undefined): boolean {
  const type = value?.split(';')[0]?.trim().toLowerCase() ?? ''
  return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)
}
