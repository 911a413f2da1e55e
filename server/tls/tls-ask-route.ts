import type { Handler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import { parseAskedDomain } from './asked-domain.ts'

/** What an ask ended as: the metric's label (never the name asked about). */
export type TlsAskOutcome = 'allowed' | 'unknown' | 'refused' | 'unavailable'

export interface TlsAskOptions {
  sites: SiteRepository
  /** Counts each answer (metrics.tlsAsk). */
  onOutcome?: (outcome: TlsAskOutcome) => void
}

const NO_STORE = { 'cache-control': 'no-store' }
/** The site config load this ask may start is not a visitor's: it says so upstream. */
const ASK_CONTEXT = { userAgent: 'tenant-sites on-demand TLS ask', referer: '' }

/**
 * `GET /_internal/tls-ask?domain=<name>`, the `ask` endpoint of Caddy's on-demand TLS
 * (docs/deploy/Caddyfile, `on_demand_tls`): 200 when the name is the domain or an alias of a site
 * the upstream knows, so Caddy may obtain a certificate for it; 400 for a name no certificate can
 * be for, 404 for a name no site has, 503 when the upstream cannot say (Caddy refuses the
 * handshake on anything but 200, and asks again at the next one). The lookup is the
 * tenant middleware's, through the site cache: a name seen lately is answered from memory, an
 * unknown one is asked upstream once per NEGATIVE_TTL_MS, and concurrent asks share one load.
 */
export function tlsAskRoute({ sites, onOutcome }: TlsAskOptions): Handler<AppEnv> {
  return async function tlsAsk(c) {
    c.set('routeName', 'tls-ask')
    const asked = parseAskedDomain(c.req.queries('domain'))
    if (!asked.ok) {
      onOutcome?.('refused')
      return c.text(`Bad Request: ${asked.reason}`, 400, NO_STORE)
    }
    const { domain } = asked
    const result = await sites.getSite(domain, { ...ASK_CONTEXT, appDomain: domain, requestId: c.get('requestId') })
    if (result.kind === 'found') {
      onOutcome?.('allowed')
      return c.text('OK', 200, NO_STORE)
    }
    if (result.kind === 'not-found') {
      onOutcome?.('unknown')
      return c.text('Not Found', 404, NO_STORE)
    }
    c.get('log').warn({ err: result.error, domain }, 'on-demand TLS ask: site config unavailable')
    onOutcome?.('unavailable')
    return c.text('Service Unavailable', 503, NO_STORE)
  }
}
