import type { Tenant } from '../tenant/tenant.ts'

/** Router paths of search results (SPEC §2: `/s` at the site's search route, `/sa`, `/search/post`). */
const SEARCH_ROUTER_PATHS = ['/s', '/sa', '/search/post']

/**
 * `/robots.txt` of a tenant (RFC 9309): everything may be crawled except search results, in every
 * language and at the site's own search route, the API proxy and page payloads; it names the sitemap.
 * Search paths end in `$` or `?` so that pages that merely start alike (`/sp/…`, `/search-tips`)
 * stay crawlable.
 */
export function robotsTxt(tenant: Pick<Tenant, 'languages' | 'address'>, origin: string): string {
  const searchPaths = new Set<string>()
  for (const language of tenant.languages) {
    for (const path of SEARCH_ROUTER_PATHS) searchPaths.add(tenant.address(language)(path))
  }
  const lines = ['User-agent: *', 'Allow: /', 'Allow: /assets/']
  for (const path of searchPaths) lines.push(`Disallow: ${robotsPath(path)}$`, `Disallow: ${robotsPath(path)}?`)
  // `/*/_payload.json` needs a segment before the payload, so the root page's needs its own line.
  lines.push(
    'Disallow: /api/',
    'Disallow: /_payload.json',
    'Disallow: /*/_payload.json',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  )
  return lines.join('\n')
}

/** `*` and `$` are pattern characters in robots.txt: a path containing them is written percent-encoded. */
function robotsPath(path: string): string {
  return path.replace(/\*/g, '%2A').replace(/\$/g, '%24')
}
