import { TAG_PATTERN } from '../cache/entity-tags.ts'
import type { PageTarget, PurgeScope } from '../cache/purge/purge-scope.ts'
import { PAYLOAD_SUFFIX } from '../../shared/rules/payload-path.ts'
import { toCanonicalPath } from '../../shared/rules/safe-path.ts'
import type { Tenant } from '../tenant/tenant.ts'
import type { CdnAnswer, CdnForwarder } from './cdn-forwarder.ts'
import type { CdnAddress, CdnPurge } from './cdn-purge.ts'

/** What the purge endpoint purged, as the CDNs are told it. */
export interface PurgeForCdns {
  mode: PurgeScope['mode']
  /** The tenant's host names (the one asked for, its domain and aliases); null for every tenant. */
  hosts: readonly string[] | null
  /** Only what carries these tags (`resource:r3`, `site`). */
  tags?: readonly string[]
  /** Only these pages, resolved as for a visit (routes/purge-targets.ts), of this tenant. */
  pages?: { tenant: Tenant; targets: readonly PageTarget[] }
}

/**
 * The CDN purge of a purge the server made, with the names the responses carry
 * (cache/cdn-tags.ts): every host alone for a whole tenant, `<host>:<tag>` for tags, and for pages
 * each published address under each host, with its payload (`<address>/_payload.json`), which a
 * CDN keeps as a page of its own.
 */
export function toCdnPurge(purged: PurgeForCdns): CdnPurge {
  const { mode, hosts } = purged
  if (hosts === null) return { kind: 'all', mode }
  if (purged.pages !== undefined) {
    const paths = publishedPaths(purged.pages.tenant, purged.pages.targets)
    const addresses: CdnAddress[] = hosts.flatMap((host) => paths.map((path) => ({ host, path })))
    return { kind: 'addresses', mode, addresses, hosts }
  }
  // A tag no answer can carry in a header (cache/cdn-tags.ts) names nothing at a CDN.
  const tags = purged.tags?.filter((tag) => TAG_PATTERN.test(tag))
  const keys = tags === undefined ? hosts : hosts.flatMap((host) => tags.map((tag) => `${host}:${tag}`))
  return { kind: 'keys', mode, keys: [...new Set(keys)], hosts }
}

/**
 * The addresses visitors request for these pages: each language's address of the router path
 * (language prefix and path mapping applied, as links are written) in its one spelling, the one
 * every other spelling is redirected to (shared/rules/safe-path.ts toCanonicalPath), so it matches
 * the CDN's cache key; then its payload's.
 */
function publishedPaths(tenant: Tenant, targets: readonly PageTarget[]): string[] {
  const paths = new Set<string>()
  for (const target of targets) {
    for (const language of tenant.languages.filter((each) => target.languages.includes(each))) {
      const address = toCanonicalPath(tenant.address(language)(target.routerPathname))
      paths.add(address)
      paths.add(`${address === '/' ? '' : address}${PAYLOAD_SUFFIX}`)
    }
  }
  return [...paths]
}

/**
 * The purge answer's `cdn` field, once the purge has gone to every CDN in front (each outcome, or
 * `timeout` past the forwarding's deadline); nothing when no CDN is configured.
 */
export async function forwardToCdns(
  forwarder: CdnForwarder | undefined,
  purged: PurgeForCdns,
): Promise<{ cdn?: CdnAnswer }> {
  return forwarder ? { cdn: await forwarder.forward(toCdnPurge(purged)) } : {}
}
