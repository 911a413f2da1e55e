/**
 * The upstream calls a browser may make through the same-origin API, by their path under `/api/v1/`.
 * Everything else is refused without an upstream call: the proxy is not an open relay to the upstream.
 */
const PROXY_CALLS = [
  'user/login',
  'user/register',
  'send_email',
  'user/update_password',
  'third_party_login',
  'rss_page_add_hot',
  'local_resource_save',
  'post/create',
  'feedback/submit',
] as const

export type ProxyCall = (typeof PROXY_CALLS)[number]

const PREFIX = '/api/v1/'
const CALLS: ReadonlyMap<string, ProxyCall> = new Map(PROXY_CALLS.map((call) => [call, call]))

/**
 * The allow-listed call a request path names, or null. The path is compared byte for byte, still
 * percent-encoded, so `%2F`, `%2e%2e` or a trailing slash never match; the upstream address is then
 * built from the returned constant alone, never from what the visitor sent.
 */
export function toProxyCall(pathname: string): ProxyCall | null {
  if (!pathname.startsWith(PREFIX)) return null
  return CALLS.get(pathname.slice(PREFIX.length)) ?? null
}

/** The upstream path of an allow-listed call (API.md). */
export function upstreamPathOf(call: ProxyCall): string {
  return `/v1/${call}`
}
