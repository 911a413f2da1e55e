import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getCookie } from 'hono/cookie'
import { envelope } from '../../shared/api/envelope.ts'
import type { AppEnv } from '../app-env.ts'
import { isUpstreamError, UpstreamTimeoutError } from '../errors.ts'
import { DEFAULT_BODY_LIMIT_BYTES } from '../http/body-limit.ts'
import { API_NO_STORE, jsonError } from '../http/json-error.ts'
import { isSameOriginWrite } from '../http/same-origin.ts'
import { streamedResponse } from '../http/whole-body.ts'
import { lookupTenant } from '../middleware/tenant.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import type { Tenant } from '../tenant/tenant.ts'
import type { UpstreamCallContext, UpstreamClient } from '../upstream/client.ts'
import { toProxyCall, upstreamPathOf, type ProxyCall } from './allow-list.ts'
import { isJsonContentType } from './json-content-type.ts'
import type { SignInLimits } from './sign-in-limits.ts'
import { expireVisitorCookies, toUpstreamCookie, toVisitorCookies } from './session-cookies.ts'

export interface ApiProxyOptions {
  sites: SiteRepository
  upstream: UpstreamClient
  /** Largest request body accepted (BODY_LIMIT_BYTES). Default 1 MiB. */
  maxBodyBytes?: number
  /** Limits on the calls that send mail or check a password (sign-in-limits.ts). Default: none. */
  limits?: SignInLimits
}

const MAX_REFERER_LENGTH = 2048

/**
 * Sign-out: the upstream's cookies are HttpOnly (page scripts cannot remove them), so the browser asks
 * for them to be expired here. No upstream call: the contract has none for signing out.
 */
const SESSION_END = '/api/session/end'

function endSession(c: Context<AppEnv>): Response {
  const headers = new Headers({ 'content-type': 'application/json', ...API_NO_STORE })
  for (const cookie of expireVisitorCookies(getCookie(c), { secure: isHttps(c) })) headers.append('set-cookie', cookie)
  return new Response(JSON.stringify(envelope(0, 'signed out')), { status: 200, headers })
}

/**
 * The same-origin API (`POST /api/v1/<call>`): the browser's only way to the upstream. Checks run
 * cheapest first and all before any upstream call (the tenant lookup is one): allow-list (404),
 * method (405), cross-site (403), content type (415), size (413, without reading past the limit),
 * JSON (415), the sign-in limits (429). The upstream address comes from the allow-list alone; the
 * answer streams back as it came, its session cookie re-issued on the tenant's host.
 */
export function apiProxy(options: ApiProxyOptions): MiddlewareHandler<AppEnv> {
  const { sites, upstream } = options
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_BODY_LIMIT_BYTES

  const limit = bodyLimit({ maxSize: maxBodyBytes, onError: (c) => jsonError(c, 413, 'The body is too large') })

  return async function apiProxyHandler(c) {
    const pathname = new URL(c.req.url).pathname
    const call = toProxyCall(pathname)
    if (call === null && pathname !== SESSION_END) return jsonError(c, 404, 'No such API call')
    if (c.req.method !== 'POST') return jsonError(c, 405, 'This API only accepts POST', { allow: 'POST' })
    if (!isSameOriginWrite(c.req.raw.headers, c.get('origin'))) return jsonError(c, 403, 'Cross-site request refused')
    if (call === null) return endSession(c)
    if (!isJsonContentType(c.req.header('content-type'))) return jsonError(c, 415, 'The body must be JSON')
    let response: Response | undefined
    // The limit answers 413 from Content-Length alone, or stops reading a chunked body at the limit.
    const refused = await limit(c, async () => {
      response = await forward(c, call)
    })
    return refused ?? response ?? jsonError(c, 500, 'Internal Server Error')
  }

  async function forward(c: Context<AppEnv>, call: ProxyCall): Promise<Response> {
    const parsed = toJsonObject(await c.req.text())
    if (parsed === undefined) return jsonError(c, 415, 'The body must be a JSON object')
    const found = await lookupTenant(sites, c)
    if (found.kind === 'not-found') return jsonError(c, 404, 'Site not found')
    if (found.kind === 'unavailable') {
      c.get('log').error({ err: found.error, host: found.host }, 'site config unavailable')
      return jsonError(c, 503, 'The site is starting, please try again', { 'retry-after': '3' })
    }
    const wait = await options.limits?.take({
      call,
      tenant: found.tenant.host,
      clientAddress: c.env.admitted.facts.clientAddress,
      email: parsed.email,
    })
    if (wait != null) return tooManyAttempts(c, wait)
    const tenant = found.tenant
    try {
      const reply = await upstream.passthrough(upstreamPathOf(call), parsed.text, callContext(c, call, tenant))
      const headers = new Headers({ 'content-type': reply.contentType, ...API_NO_STORE })
      for (const cookie of toVisitorCookies(reply.setCookies, { secure: isHttps(c) }))
        headers.append('set-cookie', cookie)
      return streamedResponse(reply.body, { status: reply.httpStatus, headers })
    } catch (error) {
      if (!isUpstreamError(error)) throw error
      c.get('log').warn({ err: error, call, host: tenant.host }, 'proxied API call failed')
      if (error instanceof UpstreamTimeoutError) return jsonError(c, 504, 'The server did not answer in time')
      return jsonError(c, 502, 'The server could not be reached')
    }
  }
}

/** What the upstream is told of the visitor's call: who asks, from where, for which site, with which session. */
function callContext(c: Context<AppEnv>, call: ProxyCall, tenant: Tenant): UpstreamCallContext {
  return {
    userAgent: c.req.header('user-agent') ?? '',
    referer: (c.req.header('referer') ?? '').slice(0, MAX_REFERER_LENGTH),
    appDomain: tenant.host,
    requestId: c.get('requestId'),
    // The address the trusted hops report (TRUST_PROXY), never an X-Forwarded-For the visitor wrote.
    ...withForwardedFor(c.env.admitted.facts.clientAddress),
    // API.md: only send_email carries the site id.
    ...(call === 'send_email' ? { siteId: tenant.site.site_id } : {}),
    ...withCookie(toUpstreamCookie(getCookie(c), { secure: isHttps(c) })),
    signal: c.req.raw.signal,
  }
}

/**
 * The body re-serialised from its parsed form, so the upstream never sees ambiguous JSON (duplicate
 * keys, BOM), and the e-mail it names, whatever its type (the sign-in limits parse it).
 */
function toJsonObject(text: string): { email: unknown; text: string } | undefined {
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
    return { email: 'email' in value ? value.email : undefined, text: JSON.stringify(value) }
  } catch {
    return undefined
  }
}

/**
 * Over a sign-in limit (RFC 6585 §4): the envelope with status 429, which the sign-in dialog shows
 * as its own message, and the seconds to wait in `Retry-After` and in `data.retry_after`.
 */
function tooManyAttempts(c: Context<AppEnv>, seconds: number): Response {
  return c.json(envelope(429, 'Too many attempts, please try again later', { retry_after: seconds }), 429, {
    ...API_NO_STORE,
    'retry-after': String(seconds),
  })
}

function withCookie(cookie: string | undefined): { cookie?: string } {
  return cookie === undefined ? {} : { cookie }
}

function withForwardedFor(clientAddress: string | undefined): { forwardedFor?: string } {
  return clientAddress === undefined ? {} : { forwardedFor: clientAddress }
}

/** The host[:port] the visitor addressed, as the host guard validated it. */
/** https directly, or as a trusted TLS-terminating proxy reports it (TRUST_PROXY, see the host guard). */
function isHttps(c: Context<AppEnv>): boolean {
  return c.get('origin').startsWith('https:')
}
