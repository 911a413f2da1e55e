/**
 * The spec's partial-segment routes (`/doc_:path`, `/rank_:platform…`, `/post-:path`) and the
 * configurable search route, translated to and from the whole-segment router paths of
 * shared/routes.tsx. Both directions are pure string work so they run per request and per link.
 */

const PARTIAL_PREFIXES = ['doc_', 'rank_', 'post-'] as const

/** A router path that matches no route, for addresses that only the translation may produce. */
const UNMATCHABLE = '/~'

/** Browser path (no language prefix, mapping already reversed) → router path. */
export function toRouterSegments(path: string, searchRoute: string): string {
  const end = path.indexOf('/', 1)
  const first = end === -1 ? path.slice(1) : path.slice(1, end)
  const rest = end === -1 ? '' : path.slice(end)
  for (const prefix of PARTIAL_PREFIXES) {
    if (!first.startsWith(prefix)) continue
    // `/doc_/x` typed into the address bar must not reach the route meant for `/doc_x`.
    if (first.length === prefix.length) return UNMATCHABLE + path
    return `/${prefix}/${first.slice(prefix.length)}${rest}`
  }
  if (rest === '' && first !== '') {
    if (first === searchRoute) return '/s'
    // `/s` is the search page only where the site keeps the default route (the spec: /s and /sa).
    if (first === 's') return UNMATCHABLE + path
  }
  return path
}

/** Router path → browser path (no language prefix, mapping not yet applied). */
export function toBrowserSegments(path: string, searchRoute: string): string {
  if (path === '/s') return `/${searchRoute}`
  for (const prefix of PARTIAL_PREFIXES) {
    const routerPrefix = `/${prefix}/`
    if (path.startsWith(routerPrefix)) return `/${prefix}${path.slice(routerPrefix.length)}`
  }
  return path
}
