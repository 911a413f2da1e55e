import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { jsonError } from '../http/json-error.ts'
import { htmlError } from '../render/html-error.ts'
import { normalizeHost } from '../tenant/normalize-host.ts'

export interface HostGuardOptions {
  /**
   * Behind a proxy that sets them: take the tenant host from `X-Forwarded-Host` / `Forwarded: host=`
   * and the scheme from `X-Forwarded-Proto` / `Forwarded: proto=`. Off, they are ignored entirely.
   */
  trustProxy: boolean
}

type HostDecision = { ok: true; host: string; origin: string } | { ok: false; reason: string }

export interface HostFacts {
  /** Every Host header as received (Node's `rawHeaders`; one entry under `app.request()`). */
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

/**
 * Decides the tenant host and origin from the request, or why the request is refused. The tenant
 * comes from the Host header only (RFC 9112 §3.2): two Host headers, a malformed one, or an
 * absolute-form request line naming another host are refused, so nothing else a client sends can
 * reach a canonical link, hreflang, sitemap or Location.
 */
export function decideHost(facts: HostFacts): HostDecision {
  const [only] = facts.hostHeaders
  if (facts.hostHeaders.length !== 1 || only === undefined)
    return { ok: false, reason: 'exactly one Host header is required' }
  const raw = only.trim()
  const host = normalizeHost(raw)
  if (host === null) return { ok: false, reason: 'the Host header is not valid' }
  if (/^https?:\/\//i.test(facts.target)) {
    let targetHost: string | null
    try {
      targetHost = normalizeHost(new URL(facts.target).host)
    } catch {
      targetHost = null
    }
    if (targetHost !== host) return { ok: false, reason: 'the request line names another host than Host' }
  }
  let scheme: string = facts.scheme
  let authority = raw.toLowerCase()
  let tenantHost = host
  if (facts.trustProxy) {
    const forwarded = parseForwarded(facts.forwarded)
    const proxyHost = firstValue(facts.forwardedHost) ?? forwarded.host
    const proxyProto = (firstValue(facts.forwardedProto) ?? forwarded.proto)?.toLowerCase()
    if (proxyHost !== undefined) {
      const normalized = normalizeHost(proxyHost)
      if (normalized === null) return { ok: false, reason: 'the forwarded host is not valid' }
      tenantHost = normalized
      authority = proxyHost.toLowerCase()
    }
    if (proxyProto === 'http' || proxyProto === 'https') scheme = proxyProto
  }
  return { ok: true, host: tenantHost, origin: `${scheme}://${authority}` }
}

/**
 * Applies `decideHost` before any tenant work: 400 for a refused request, else `c.get('origin')`
 * (and the tenant host the tenant middleware resolves).
 */
export function hostGuard({ trustProxy }: HostGuardOptions): MiddlewareHandler<AppEnv> {
  return async function hostGuardMiddleware(c, next) {
    const decision = decideHost(hostFactsOf(c, trustProxy))
    if (!decision.ok) {
      c.set('routeName', 'bad-host')
      // The same-origin API answers in its JSON envelope, pages with an HTML page.
      if (c.req.path.startsWith('/api/')) return jsonError(c, 400, 'The Host header is not valid')
      return htmlError('bad-host')
    }
    c.set('tenantHost', decision.host)
    c.set('origin', decision.origin)
    await next()
  }
}

/** What `decideHost` reads from a request. */
export function hostFactsOf(c: Context<AppEnv>, trustProxy: boolean): HostFacts {
  const incoming = c.env?.incoming
  if (incoming) return hostFactsOfIncoming(incoming, trustProxy)
  return {
    hostHeaders: [c.req.header('host') ?? ''].filter((value) => value !== ''),
    target: c.req.url,
    scheme: c.req.url.startsWith('https:') ? 'https' : 'http',
    ...(trustProxy
      ? {
          forwardedHost: c.req.header('x-forwarded-host'),
          forwardedProto: c.req.header('x-forwarded-proto'),
          forwarded: c.req.header('forwarded'),
        }
      : {}),
    trustProxy,
  }
}

/** What `decideHost` reads from Node's request (the app's, or one answered before the app). */
export function hostFactsOfIncoming(incoming: IncomingMessage, trustProxy: boolean): HostFacts {
  const { headers } = incoming
  return {
    hostHeaders: hostValues(incoming.rawHeaders),
    target: incoming.url ?? '',
    scheme: (incoming.socket as TLSSocket).encrypted ? 'https' : 'http',
    // Without a trusted proxy they are ignored: not even read on every request.
    ...(trustProxy
      ? {
          forwardedHost: single(headers['x-forwarded-host']),
          forwardedProto: single(headers['x-forwarded-proto']),
          forwarded: headers.forwarded,
        }
      : {}),
    trustProxy,
  }
}

/** Node keeps a repeated X-Forwarded-* header as its values joined; a list only for a few names. */
function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value
}

function hostValues(rawHeaders: string[]): string[] {
  const values: string[] = []
  for (let i = 0; i < rawHeaders.length; i += 2)
    if (rawHeaders[i]?.toLowerCase() === 'host') values.push(rawHeaders[i + 1] ?? '')
  return values
}

function firstValue(header: string | undefined): string | undefined {
  const first = header?.split(',')[0]?.trim()
  return first ? first : undefined
}

/** RFC 7239: the first element's `host` and `proto` (quoted or not). */
function parseForwarded(header: string | undefined): { host?: string; proto?: string } {
  const first = header?.split(',')[0]
  if (!first) return {}
  const result: { host?: string; proto?: string } = {}
  for (const pair of first.split(';')) {
    const eq = pair.indexOf('=')
    if (eq === -1) continue
    const name = pair.slice(0, eq).trim().toLowerCase()
    const value = pair
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
    if (name === 'host') result.host = value
    if (name === 'proto') result.proto = value
  }
  return result
}
