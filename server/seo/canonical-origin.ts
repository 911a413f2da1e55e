import type { SiteConfig } from '../../shared/types.ts'
import { parseHttpUrl } from '../../shared/rules/safe-url.ts'
import { normalizeHost } from '../tenant/normalize-host.ts'

export type CanonicalScheme = 'https' | 'http'

/**
 * The origin of every absolute URL a tenant publishes (canonical, og:url, hreflang, sitemap, feed).
 * Built only from the site config and the validated tenant host, never from other request headers
 * (a forged `Host` or `X-Forwarded-*` must not end up in a crawler's index):
 * - the site's `seo_config.canonical_link`, when it is an http(s) URL on one of the site's own hosts
 *   (its domain, an alias, or the host being served); only its origin counts, since it applies to every page;
 * - otherwise `scheme://` + the site's primary domain, so an alias host's pages point to the primary
 *   domain; the tenant host when the config names no usable domain.
 */
export function canonicalOrigin(
  site: Pick<SiteConfig, 'domain' | 'alias_domain' | 'seo_config'>,
  tenantHost: string,
  scheme: CanonicalScheme,
): string {
  const primary = normalizeHost(site.domain) ?? tenantHost
  const own = new Set([
    primary,
    tenantHost,
    ...site.alias_domain.map((alias) => normalizeHost(alias)).filter((host) => host !== null),
  ])
  const configured = parseOrigin(site.seo_config.canonical_link)
  if (configured && own.has(configured.host)) return configured.origin
  return `${scheme}://${primary}`
}

function parseOrigin(value: string): { origin: string; host: string } | null {
  const url = parseHttpUrl(value)
  const host = url === null ? null : normalizeHost(url.hostname)
  return url === null || host === null ? null : { origin: url.origin, host }
}
