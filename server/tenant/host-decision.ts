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

/** Host decisions remembered at most per scheme: past it, the memory starts again empty. */
const REMEMBERED_HOSTS = 1024

export interface HostDecisions {
  decide(facts: HostFacts): HostDecision
  /** Decisions remembered now. */
  readonly size: number
}

/**
 * `decideHost`, remembered per Host value for the plain case (one Host header, an origin-form target,
 * no forwarded host), which is the same for every request naming that host: the front door decides
 * the host of every request, cache hits included. Bounded: a flood of made-up hosts empties the memory
 * instead of growing it. The decisions handed out are frozen, as one is shared by many requests.
 */
export function createHostDecisions(max = REMEMBERED_HOSTS): HostDecisions {
  const remembered = { http: new Map<string, HostDecision>(), https: new Map<string, HostDecision>() }
  function decide(facts: HostFacts): HostDecision {
    const { hostHeaders, target } = facts
    if (hostHeaders.length !== 1 || facts.forwardedHost !== undefined || !target.startsWith('/'))
      return decideHost(facts)
    const raw = hostHeaders[0] as string
    const known = remembered[facts.scheme]
    let decision = known.get(raw)
    if (decision === undefined) {
      decision = Object.freeze(decideHost(facts))
      if (known.size >= max) known.clear()
      known.set(raw, decision)
    }
    return decision
  }
  return {
    decide,
    get size() {
      return remembered.http.size + remembered.https.size
    },
  }
}
