import { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import { parse as parseCookies } from 'hono/utils/cookie'
import { LANG_COOKIE_NAME } from '../../shared/rules/lang-cookie.ts'
import { REQUEST_ID_HEADER } from './request-id.ts'

/** What the host decision reads (tenant/host-decision.ts `decideHost`). */
export interface HostFacts {
  /** Every Host header as received (Node's `rawHeaders`; one entry for a web Request). */
  hostHeaders: string[]
  /** The request target: `/path` (origin form) or `http://host/path` (absolute form). */
  target: string
  /** Scheme of the connection. */
  scheme: 'http' | 'https'
  forwardedHost?: string | undefined
  forwardedProto?: string | undefined
  forwarded?: string | undefined
  trustProxy: boolean
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
  /** The address the request came from: the socket's peer for a Node request, undefined for a web Request. */
  clientAddress: string | undefined
}

/**
 * The one reading of a request's facts: from Node's request as it came off the socket (no web
 * Request built, so a cache hit costs none), or from a web Request (`app.request()` in tests).
 * Forwarding headers are read only behind a trusted proxy.
 */
export function readRequestFacts(request: IncomingMessage | Request, trustProxy: boolean): RequestFacts {
  const node = request instanceof IncomingMessage
  const header = node ? nodeHeader(request) : (name: string) => request.headers.get(name) ?? undefined
  const url = request.url ?? ''
  const scheme = node ? ((request.socket as TLSSocket).encrypted ? 'https' : 'http') : webScheme(url)
  const asIs = node ? splitTarget(url) : null
  const cookie = header('cookie')
  return {
    method: request.method ?? 'GET',
    host: {
      hostHeaders: node ? hostValues(request.rawHeaders) : [header('host') ?? ''].filter((value) => value !== ''),
      target: url,
      scheme,
      ...(trustProxy
        ? {
            forwardedHost: header('x-forwarded-host'),
            forwardedProto: header('x-forwarded-proto'),
            forwarded: header('forwarded'),
          }
        : {}),
      trustProxy,
    },
    target: asIs ?? (node ? parsedNodeTarget(url, scheme, header('host')) : parsedTarget(url)),
    targetAsIs: asIs !== null,
    langCookie: cookie ? parseCookies(cookie, LANG_COOKIE_NAME)[LANG_COOKIE_NAME] : undefined,
    acceptLanguage: header('accept-language'),
    acceptEncoding: header('accept-encoding'),
    ifNoneMatch: header('if-none-match'),
    requestId: header(REQUEST_ID_HEADER),
    userAgent: header('user-agent'),
    clientAddress: node ? request.socket.remoteAddress : undefined,
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
  for (let i = 0; i < rawHeaders.length; i += 2)
    if (rawHeaders[i]?.toLowerCase() === 'host') values.push(rawHeaders[i + 1] ?? '')
  return values
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
export interface Front {
  readonly facts: RequestFacts
  readonly host: HostDecision
}
