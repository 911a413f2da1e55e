/** Promos for every page of a site (SPEC §7 `web_path`). */
const GLOBAL_WEB_PATH = 'global'

/**
 * The first segment of each page route of a route table, as a site admin writes it: partial
 * forms (`doc_`, `rank_`, `post-`) lose their joiner, so `/doc_handbook` belongs to `/doc` and
 * `/post-hello` to `/post`. Parameters and the catch-all name no section.
 */
export function toSectionSegments(routePaths: readonly string[]): Set<string> {
  const segments = new Set<string>()
  for (const path of routePaths) {
    const first = path.replace(/^\//, '').split('/')[0] ?? ''
    if (first.startsWith(':') || first === '*') continue
    segments.add(first.replace(/[_-]$/, ''))
  }
  return segments
}

/**
 * `web_path` of `/v1/site_surprise/web_get` for a router path (SPEC §7): `global` and the page's
 * section, `/<first segment>` (`/` on the home page). The search route counts under the name the
 * site gives it. An address no route knows asks for the global promos only, so visitors cannot
 * make the server fetch and cache promos for sections that do not exist.
 */
export function toPromoWebPath(routerPath: string, searchRoute: string, sections: ReadonlySet<string>): string[] {
  const first = routerPath.replace(/^\//, '').split(/[/?#]/)[0] ?? ''
  if (first === '') return [GLOBAL_WEB_PATH, '/']
  const section = first.replace(/[_-]$/, '')
  if (!sections.has(section)) return [GLOBAL_WEB_PATH]
  return [GLOBAL_WEB_PATH, `/${section === 's' ? searchRoute : section}`]
}
