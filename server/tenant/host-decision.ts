import type { HostDecision, HostFacts } from '../http/request-facts.ts'
import { normalizeHost } from './normalize-host.ts'

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
