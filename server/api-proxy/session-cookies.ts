import { getSetCookies, Headers, type Cookie } from 'undici'
import { serialize } from 'hono/utils/cookie'

/**
 * The upstream's cookies live in the visitor's browser under this prefix. On the way back only
 * prefixed cookies go upstream, so the site's own cookies (language, analytics a customer added)
 * never leak to the upstream, and an upstream cookie can never overwrite one of the site's.
 */
const PREFIX = 'api_'
/** Only the same-origin API needs them; page requests stay cookie-free (and cacheable). */
const COOKIE_PATH = '/api/'
/** RFC 6265bis caps lifetimes at 400 days; hono refuses longer ones. */
const MAX_AGE_LIMIT = 400 * 24 * 3600

export interface VisitorCookieOptions {
  /** The visitor's request came over https: the cookies get `Secure`. */
  secure: boolean
}

/**
 * Re-issues the upstream's `Set-Cookie` lines for the visitor, on the tenant's own host: the
 * `Domain` attribute is dropped (host-only cookie), `HttpOnly` and `SameSite=Lax` are always set,
 * `Secure` on https. Lifetimes (`Max-Age`, `Expires`, including deletions) are kept.
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
  return serialize(PREFIX + cookie.name, cookie.value, {
    path: COOKIE_PATH,
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
 * The `Cookie` header for the upstream: the visitor's prefixed cookies under their upstream names,
 * nothing else. Undefined when there are none.
 */
export function toUpstreamCookie(cookies: Record<string, string>): string | undefined {
  const pairs: string[] = []
  for (const [name, value] of Object.entries(cookies)) {
    if (!name.startsWith(PREFIX) || name.length === PREFIX.length) continue
    // Values come back decoded; the upstream gets them as it set them (serialize encoded them).
    pairs.push(`${name.slice(PREFIX.length)}=${value}`)
  }
  return pairs.length > 0 ? pairs.join('; ') : undefined
}

/** Expiring `Set-Cookie` lines for every upstream cookie the visitor holds (sign-out). */
export function expireVisitorCookies(cookies: Record<string, string>, { secure }: VisitorCookieOptions): string[] {
  return Object.keys(cookies)
    .filter((name) => name.startsWith(PREFIX) && isUsable({ name, value: '' }))
    .map((name) => serialize(name, '', { path: COOKIE_PATH, httpOnly: true, sameSite: 'Lax', secure, maxAge: 0 }))
}
