import type { HostDecision, HostFacts } from '../http/request-facts.ts'
import { normalizeHost } from './normalize-host.ts'

/**
 * Decides the tenant host and origin from the request, or why the request is refused. The tenant
 * comes from the Host header (RFC 9112 §3.2): two Host headers, a malformed one, or an absolute-form
 * request line naming another host are refused, so nothing else a client sends can reach a canonical
 * link, hreflang, sitemap or Location. Only behind a proxy that rewrites Host (TRUST_FORWARDED_HOST)
 * is it the host that proxy reports, which the request facts read from the right-most, trusted value.
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
  // The scheme is the connection's or the nearest trusted proxy's (http/trusted-forwarding.ts).
  if (facts.forwardedHost === undefined) return { ok: true, host, origin: `${facts.scheme}://${raw.toLowerCase()}` }
  // A proxy that rewrites Host reports the visitor's in its forwarded host (TRUST_FORWARDED_HOST).
  const forwarded = normalizeHost(facts.forwardedHost)
  if (forwarded === null) return { ok: false, reason: 'the forwarded host is not valid' }
  return { ok: true, host: forwarded, origin: `${facts.scheme}://${facts.forwardedHost.toLowerCase()}` }
}
