import { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import { tryDecodeURIComponent } from 'hono/utils/url'
import { LANG_COOKIE_NAME } from '../../shared/rules/lang-cookie.ts'
import { REQUEST_ID_HEADER } from './request-id.ts'
import { type ProxyTrust, toTrustedForwarding } from './trusted-forwarding.ts'

/** What the host decision reads (tenant/host-decision.ts `decideHost`). */
export interface HostFacts {
  /** Every Host header as received (Node's `rawHeaders`; one entry for a web Request). */
  hostHeaders: string[]
  /** The request target: `/path` (origin form) or `http://host/path` (absolute form). */
  target: string
  /** Scheme the visitor used: the connection's, or as the nearest trusted proxy reports it (TRUST_PROXY). */
  scheme: 'http' | 'https'
  /**
   * The host the visitor addressed as the nearest trusted proxy reports it, when that proxy rewrites
   * Host (TRUST_FORWARDED_HOST): the right-most X-Forwarded-Host or Forwarded `host=`.
   */
  forwardedHost?: string | undefined
}

/** The path and query of a request, as the routes see them (`new URL(url)`'s pathname and search). */
export interface RequestTarget {
  pathname: string
  search: string
}

/** Everything the front door, the hit writer and the routes read from a request, read once. */
export interface RequestFacts {
  method: string
  host: HostFacts
  /**
   * Empty only for a Node target no URL can be built from, which @hono/node-server answers with 400
   * before the app sees it.
   */
  target: RequestTarget
  /**
   * Whether `target` was taken from the request target as it stands, without URL parsing: only
   * such requests are answered before the app (a parsed one is left to the URL the app builds).
   */
  targetAsIs: boolean
  langCookie: string | undefined
  acceptLanguage: string | undefined
  acceptEncoding: string | undefined
  ifNoneMatch: string | undefined
  /** The request id a client or proxy sent (request-id.ts decides whether it is kept). */
  requestId: string | undefined
  userAgent: string | undefined
  /**
   * The visitor's address: the socket peer's, or as the trusted proxy hops report it (TRUST_PROXY,
   * http/trusted-forwarding.ts). Undefined for a web Request that came from no socket.
   */
  clientAddress: string | undefined
}

/**
 * The one reading of a request's facts: from Node's request as it came off the socket (no web
 * Request built, so a cache hit costs none), or from a web Request (`app.request()` in tests).
 * Forwarding headers are read only as far as `trust` says the proxies that set them are trusted.
 */
export function readRequestFacts(request: IncomingMessage | Request, trust: ProxyTrust): RequestFacts {
  const node = request instanceof IncomingMessage
  const header = node ? nodeHeader(request) : (name: string) => request.headers.get(name) ?? undefined
  const url = request.url ?? ''
  const connectionScheme = node ? ((request.socket as TLSSocket).encrypted ? 'https' : 'http') : webScheme(url)
  const asIs = node ? splitTarget(url) : null
  const cookie = header('cookie')
  const forwarding = toTrustedForwarding(
    trust,
    {
      xForwardedFor: header('x-forwarded-for'),
      xForwardedProto: header('x-forwarded-proto'),
      xForwardedHost: header('x-forwarded-host'),
      forwarded: header('forwarded'),
    },
    { scheme: connectionScheme, peerAddress: node ? request.socket.remoteAddress : undefined },
  )
  return {
    method: request.method ?? 'GET',
    host: {
      hostHeaders: node ? hostValues(request.rawHeaders) : [header('host') ?? ''].filter((value) => value !== ''),
      target: url,
      scheme: forwarding.scheme,
      ...(forwarding.forwardedHost === undefined ? {} : { forwardedHost: forwarding.forwardedHost }),
    },
    target: asIs ?? (node ? parsedNodeTarget(url, connectionScheme, header('host')) : parsedTarget(url)),
    targetAsIs: asIs !== null,
    langCookie: cookie ? cookieValue(cookie, LANG_COOKIE_NAME) : undefined,
    acceptLanguage: header('accept-language'),
    acceptEncoding: header('accept-encoding'),
    ifNoneMatch: header('if-none-match'),
    requestId: header(REQUEST_ID_HEADER),
    userAgent: header('user-agent'),
    clientAddress: forwarding.clientAddress,
  }
}

/** A header of Node's parsed object; a repeated one as Node joins it (X-Forwarded-* included). */
function nodeHeader(incoming: IncomingMessage): (name: string) => string | undefined {
  const { headers } = incoming
  return (name) => {
    const value = headers[name]
    return Array.isArray(value) ? value.join(', ') : value
  }
}

function webScheme(url: string): 'http' | 'https' {
  return url.startsWith('https:') ? 'https' : 'http'
}

function hostValues(rawHeaders: string[]): string[] {
  const values: string[] = []
  for (let i = 0; i < rawHeaders.length; i += 2) if (isHostName(rawHeaders[i])) values.push(rawHeaders[i + 1] ?? '')
  return values
}

/** Whether a header name is Host, in any case: without a lower-case copy of every name of every request. */
function isHostName(name: string | undefined): boolean {
  return (
    name !== undefined && name.length === 4 && (name === 'Host' || name === 'host' || name.toLowerCase() === 'host')
  )
}

const NO_TARGET: RequestTarget = { pathname: '', search: '' }

/**
 * The target of a Node request URL parsing changes, parsed from the URL @hono/node-server builds
 * for the app (the absolute form as it stands, else scheme, Host and target).
 */
function parsedNodeTarget(target: string, scheme: string, host: string | undefined): RequestTarget {
  if (target.startsWith('http://') || target.startsWith('https://')) return parsedTarget(target)
  return host ? parsedTarget(`${scheme}://${host}${target}`) : NO_TARGET
}

function parsedTarget(url: string): RequestTarget {
  try {
    const { pathname, search } = new URL(url)
    return { pathname, search }
  } catch {
    return NO_TARGET
  }
}

/**
 * Characters a request target may hold for its path and query to be taken as they stand: none that
 * URL parsing (which the app's routes see) would percent-encode or resolve (WHATWG URL, path and
 * special-query percent-encode sets), so the pathname and search read here are the app's. `%` is
 * kept as is by URL parsing, escape or not, except in a dot segment (below).
 */
const PLAIN_TARGET = /^\/[\w\-.~!$&()*+,;=:@/%]*(?:\?[\w\-.~!$&()*+,;=:@/?%]*)?$/
/**
 * `.` or `..` as a whole segment, which URL parsing resolves, `%2e` standing for a dot (WHATWG URL,
 * single-dot and double-dot URL path segments).
 */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:\/|$)/i

/**
 * The pathname and search of an origin-form request target, exactly as `new URL` gives them, or
 * null for a target that parsing would change.
 */
export function splitTarget(target: string): RequestTarget | null {
  if (!PLAIN_TARGET.test(target)) return null
  const query = target.indexOf('?')
  const pathname = query === -1 ? target : target.slice(0, query)
  if (DOT_SEGMENT.test(pathname)) return null
  // URL parsing drops an empty query: `/a?` has the search ''.
  return { pathname, search: query === -1 || query === target.length - 1 ? '' : target.slice(query) }
}

/** The tenant host and origin a request addresses, or why it is refused (tenant/host-decision.ts). */
export type HostDecision = { ok: true; host: string; origin: string } | { ok: false; reason: string }

/** A request as the front door leaves it: its facts, read once, and its host, decided once. */
export interface AdmittedRequest {
  readonly facts: RequestFacts
  readonly host: HostDecision
  /**
   * Whether it addresses the same-origin API (`/api/…`), decided here once: such an answer is in
   * the API's JSON envelope, errors included, and personal by nature (never kept by a shared cache).
   */
  readonly api: boolean
}

/** Whether a request target addresses the same-origin API (see AdmittedRequest.api). */
export function isApiTarget(target: RequestTarget): boolean {
  return target.pathname.startsWith('/api/')
}

/** A cookie value hono accepts (its `parse`): printable ASCII but `"`, `;` and `\`, spaces allowed. */
const VALID_VALUE = /^[ !#-:<-[\]-~]*$/

/**
 * The value of the cookie `name` in a Cookie header, read as hono's `parse(header, name)[name]`
 * reads it (the first pair of that name whose value is valid, quotes dropped, percent-decoded), but
 * without splitting the header or building a dictionary: the front door reads the language cookie
 * of every request, cache hits included, where hono's general parse cost several microseconds a
 * request. `name` must be a valid cookie name (a token): the caller's constant.
 */
export function cookieValue(header: string, name: string): string | undefined {
  if (header.indexOf(name) === -1) return undefined
  let start = 0
  while (start <= header.length) {
    let end = header.indexOf(';', start)
    if (end === -1) end = header.length
    const value = pairValue(header, start, end, name)
    if (value !== undefined) return value
    start = end + 1
  }
  return undefined
}

/** The decoded value of the pair `header[start, end)` when it is `name=<valid value>`. */
function pairValue(header: string, start: number, end: number, name: string): string | undefined {
  const equals = header.indexOf('=', start)
  if (equals === -1 || equals >= end) return undefined
  const nameStart = skipBlanks(header, start, equals)
  const nameEnd = trimBlanks(header, nameStart, equals)
  if (nameEnd - nameStart !== name.length || !header.startsWith(name, nameStart)) return undefined
  const valueStart = skipBlanks(header, equals + 1, end)
  let value = header.slice(valueStart, trimBlanks(header, valueStart, end))
  if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
  return VALID_VALUE.test(value) ? tryDecodeURIComponent(value) : undefined
}

/** Spaces and tabs, the blanks hono trims around a cookie's name and value. */
function isBlank(code: number): boolean {
  return code === 32 || code === 9
}

function skipBlanks(text: string, from: number, to: number): number {
  let at = from
  while (at < to && isBlank(text.charCodeAt(at))) at += 1
  return at
}

function trimBlanks(text: string, from: number, to: number): number {
  let at = to
  while (at > from && isBlank(text.charCodeAt(at - 1))) at -= 1
  return at
}
