/**
 * Route ids, named by page kind (SPEC §2 "Route names by page kind"). The server resolves each
 * to an upstream-backed loader; the browser reads the same id out of the page payload.
 */
const ROUTE_IDS = [
  'root', 'main', 'home',
  'c', 'nav', 'sp', 'sp-param', 'l', 'doc-path', 'doc-path-alt',
  'd-id', 'disclaimer', 'announcement', 'links', 'goto',
  'feedback', 'feedback-sub', 'feedback-p',
  'pcat-id', 'post', 'post-id', 'post-path', 'search-post',
  'rank', 'rank-platform', 'rank-category', 'rank-tag',
  'res', 'res-hot', 'res-hot-category', 'res-new', 'res-new-category', 'res-new-category-page',
  'res_tags', 'res_tags-tag', 's', 'sa',
  'fixed-404', 'fixed-405', 'fixed-500', 'not-found',
] as const
export type RouteId = (typeof ROUTE_IDS)[number]
