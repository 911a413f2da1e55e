import { getSetCookies, Headers, type Cookie } from 'undici'
import { serialize } from 'hono/utils/cookie'

/**
 * The upstream's cookies live in the visitor's browser under a prefix of their own. On the way back
 * only cookies with the prefix this server issues go upstream, so the site's own cookies (language,
 * analytics a customer added) never leak to the upstream, and an upstream cookie can never
 * overwrite one of the site's.
 *
 * Over https the prefix is `__Host-api_` (RFC 6265bis §4.1.3.2): the browser takes such a cookie
 * only with `Secure`, without `Domain` and with `Path=/`, so a sibling subdomain (another customer,
 * whose scripts run by design) can neither set nor shadow it: no session can be planted on this
 * site. Plain http (development) cannot have `__Host-` cookies; there the prefix is `api_` with
 * `Path=/api/`, and only there are `api_` cookies read.
 */
const HOST_PREFIX = '__Host-api_'
const HTTP_PREFIX = 'api_'
/** Over http only the same-origin API needs them; over https `__Host-` requires `/`. */
const HTTP_PATH = '/api/'
/** RFC 6265bis caps lifetimes at 400 days; hono refuses longer ones. */
const MAX_AGE_LIMIT = 400 * 24 * 3600

function prefixOf(secure: boolean): string {
  return secure ? HOST_PREFIX : HTTP_PREFIX
}

function pathOf(secure: boolean): string {
  return secure ? '/' : HTTP_PATH
}

export interface VisitorCookieOptions {
  /** The visitor's request came over https: the cookies get `Secure`. */
  secure: boolean
}

/**
 * Re-issues the upstream's `Set-Cookie` lines for the visitor, on the tenant's own host: the
 * `Domain` attribute is dropped (host-only cookie), `HttpOnly` and `SameSite=Lax` are always set,
 * and over https the name is `__Host-api_<name>` with `Secure` and `Path=/` (`api_<name>` with
 * `Path=/api/` over http). Lifetimes (`Max-Age`, `Expires`, including deletions) are kept.
 */
export function toVisitorCookies(setCookies: readonly string[], options: VisitorCookieOptions): string[] {
  if (setCookies.length === 0) return []
  const headers = new Headers()
  for (const line of setCookies) headers.append('set-cookie', line)
  return getSetCookies(headers)
    .filter(isUsable)
    .map((cookie) => toVisitorCookie(cookie, options))
}

function isUsable(cookie: Cookie): boolean {
  return /^[\w!#$%&'*+.^`|~-]+$/.test(cookie.name)
}

function toVisitorCookie(cookie: Cookie, { secure }: VisitorCookieOptions): string {
  const expires = toDate(cookie.expires)
  const maxAge =
    cookie.maxAge === undefined ? undefined : Math.min(Math.max(Math.trunc(cookie.maxAge), 0), MAX_AGE_LIMIT)
  const limit = Date.now() + MAX_AGE_LIMIT * 1000
  return serialize(prefixOf(secure) + cookie.name, cookie.value, {
    path: pathOf(secure),
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    ...(maxAge === undefined ? {} : { maxAge }),
    ...(expires === undefined ? {} : { expires: expires.getTime() > limit ? new Date(limit) : expires }),
  })
}

function toDate(value: Date | number | undefined): Date | undefined {
  if (value === undefined) return undefined
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/**
 * The `Cookie` header for the upstream: the visitor's cookies this server issues for the request's
 * scheme (`__Host-api_` over https, `api_` over http), under their upstream names, nothing else.
 * Undefined when there are none.
 */
export function toUpstreamCookie(
  cookies: Record<string, string>,
  { secure }: VisitorCookieOptions,
): string | undefined {
  const prefix = prefixOf(secure)
  const pairs: string[] = []
  for (const [name, value] of Object.entries(cookies)) {
    if (!name.startsWith(prefix) || name.length === prefix.length) continue
    // Values come back decoded; the upstream gets them as it set them (serialize encoded them).
    pairs.push(`${name.slice(prefix.length)}=${value}`)
  }
  return pairs.length > 0 ? pairs.join('; ') : undefined
}

/**
 * Expiring `Set-Cookie` lines for every upstream cookie the visitor holds (sign-out): over https the
 * `__Host-api_` ones, and `api_` ones on `/api/` that an https site issued before it used
 * `__Host-` (they are no longer read, but should not linger).
 */
export function expireVisitorCookies(cookies: Record<string, string>, { secure }: VisitorCookieOptions): string[] {
  const expire = (name: string, path: string) =>
    serialize(name, '', { path, httpOnly: true, sameSite: 'Lax', secure, maxAge: 0 })
  const held = Object.keys(cookies).filter((name) => isUsable({ name, value: '' }))
  return [
    ...held.filter((name) => name.startsWith(prefixOf(secure))).map((name) => expire(name, pathOf(secure))),
    ...(secure ? held.filter((name) => name.startsWith(HTTP_PREFIX)).map((name) => expire(name, HTTP_PATH)) : []),
  ]
}
