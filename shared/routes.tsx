import type { RouteObject } from 'react-router'
import { routeLoader } from './data/page-data.ts'
import type { RouteId } from './routing/route-ids.ts'
import { RootLayout } from './layout/root-layout.tsx'
import { RootError } from './components/root-error.tsx'
import { RouteError } from './components/route-error.tsx'
import type { StyleGroup } from './styles/style-groups.ts'
import { noStyleLoader, type StyleLoader } from './styles/style-loader.ts'

type PageModule = () => Promise<{ Component: React.ComponentType }>

const pages = {
  'home-page': () => import('./pages/home-page.tsx'),
  'content-page': () => import('./pages/content-page.tsx'),
  'detail-page': () => import('./pages/detail-page.tsx'),
  'text-page': () => import('./pages/text-page.tsx'),
  'links-page': () => import('./pages/links-page.tsx'),
  'goto-page': () => import('./pages/goto-page.tsx'),
  'feedback-page': () => import('./pages/feedback-page.tsx'),
  'post-list-page': () => import('./pages/post-list-page.tsx'),
  'post-page': () => import('./pages/post-page.tsx'),
  'post-search-page': () => import('./pages/post-search-page.tsx'),
  'rank-page': () => import('./pages/rank-page.tsx'),
  'res-list-page': () => import('./pages/res-list-page.tsx'),
  'tags-page': () => import('./pages/tags-page.tsx'),
  'search-page': () => import('./pages/search-page.tsx'),
  'status-page': () => import('./pages/status-page.tsx'),
} satisfies Record<string, PageModule>

/** Name of a lazily loaded page module; build.mjs lists each one's chunk under this name. */
type PageName = keyof typeof pages

/**
 * The stylesheets each page module needs beyond `common` (shared/styles/style-groups.ts): the
 * server writes them into the page's head, the browser loads them before it shows the page.
 * Home and content pages render any content type (land modules with forms, lists with pages).
 */
const pageStyles: Record<PageName, readonly StyleGroup[]> = {
  'home-page': ['content', 'pagination', 'forms'],
  'content-page': ['content', 'pagination', 'forms'],
  'detail-page': ['resource'],
  'text-page': ['site'],
  'links-page': ['site'],
  'goto-page': ['site'],
  'feedback-page': ['site', 'forms'],
  'post-list-page': ['pagination', 'post'],
  'post-page': ['post'],
  'post-search-page': ['pagination', 'post'],
  'rank-page': ['resource'],
  'res-list-page': ['pagination', 'resource'],
  'tags-page': ['pagination', 'resource'],
  'search-page': ['pagination', 'resource'],
  'status-page': [],
}

/** A page's module, resolved only once its stylesheets apply, so a navigation never shows it unstyled. */
function pageModule(page: PageName, ensureStyles: StyleLoader): PageModule {
  return async () => (await Promise.all([pages[page](), ensureStyles(pageStyles[page])]))[0]
}

/**
 * Whether a route's rendered page may be shared between visitors, and which query parameters its
 * loaders read: only those reach the loaders and the cache key, so any other parameter (tracking
 * tags, cache busters) can neither change the page nor split the cache. `never`: always rendered.
 */
export type CachePolicy = { query: readonly string[] } | 'never'

/** Route handle: which page module renders the route (so the server can preload its chunk), its stylesheets and cache policy. */
export interface RouteHandle {
  page: PageName
  styles: readonly StyleGroup[]
  /** Default: cached by path alone (no query parameter is read). */
  cache?: CachePolicy
}

const byPage: CachePolicy = { query: ['page'] }
const searchQuery: CachePolicy = { query: ['query', 'page', 'category', 'pan_type'] }

/**
 * The route table, shared by the server render and the browser router (SPEC §2), with the style
 * loader its page modules wait for (the browser's; the server has none to wait for).
 *
 * Paths here are router paths: the language prefix, the site's path mapping and its configurable
 * search route are translated at the edge (shared/routing/segment-forms.ts, server/redirects and client/address-history.ts), and the spec's
 * partial-segment forms `/doc_x`, `/rank_x` and `/post-x` arrive as `/doc_/x`, `/rank_/x` and
 * `/post-/x`, since the router matches whole segments only.
 */
export function createRoutes(ensureStyles: StyleLoader = noStyleLoader): RouteObject[] {
  /** A page route: its loader asks the router context's data source, its component loads on demand. */
  const route = (id: RouteId, path: string, page: PageName, cache?: CachePolicy): RouteObject => {
    const handle: RouteHandle = { page, styles: pageStyles[page], ...(cache === undefined ? {} : { cache }) }
    return { id, path, loader: routeLoader(id), lazy: pageModule(page, ensureStyles), handle }
  }
  return [
    {
      id: 'root',
      path: '/',
      loader: routeLoader('root'),
      Component: RootLayout,
      ErrorBoundary: RootError,
      // The site frame depends on the tenant and language only, which never change without a
      // full page load.
      shouldRevalidate: () => false,
      children: [
        {
          id: 'main',
          loader: routeLoader('main'),
          ErrorBoundary: RouteError,
          // Its promos depend on the page's section: read them again with every page's payload.
          shouldRevalidate: () => true,
          children: [
            {
              id: 'home',
              index: true,
              loader: routeLoader('home'),
              lazy: pageModule('home-page', ensureStyles),
              handle: { page: 'home-page', styles: pageStyles['home-page'] } satisfies RouteHandle,
            },
            route('c', 'c/:group?/:path', 'content-page'),
            route('nav', 'nav/:group?/:path', 'content-page'),
            route('sp', 'sp/:group?/:path', 'content-page'),
            route('sp-param', 'sp/:group/:path/:param', 'content-page'),
            route('l', 'l/:group?/:path', 'content-page'),
            route('doc-path', 'doc/:path', 'content-page'),
            route('doc-path-alt', 'doc_/:path', 'content-page'),
            route('d-id', 'd/:id', 'detail-page'),
            route('disclaimer', 'disclaimer', 'text-page'),
            route('announcement', 'announcement', 'text-page'),
            route('links', 'links', 'links-page'),
            route('goto', 'goto', 'goto-page', { query: ['url'] }),
            route('feedback', 'feedback', 'feedback-page'),
            route('feedback-sub', 'feedback/sub', 'feedback-page'),
            route('feedback-p', 'feedback/:p', 'feedback-page'),
            route('pcat-id', 'pcat/:id', 'post-list-page', byPage),
            route('post', 'post', 'post-list-page', byPage),
            route('post-id', 'post/:id', 'post-page'),
            route('post-path', 'post-/:path', 'post-page'),
            route('search-post', 'search/post', 'post-search-page', { query: ['query', 'page'] }),
            route('rank', 'rank', 'rank-page'),
            route('rank-platform', 'rank_/:platform', 'rank-page'),
            route('rank-category', 'rank_/:platform/:category', 'rank-page'),
            route('rank-tag', 'rank_/:platform/:category/:tag', 'rank-page'),
            route('res', 'res', 'res-list-page', byPage),
            route('res-hot', 'res/hot', 'res-list-page', byPage),
            route('res-hot-category', 'res/hot/:category', 'res-list-page', byPage),
            route('res-new', 'res/new', 'res-list-page', byPage),
            route('res-new-category', 'res/new/:category', 'res-list-page', byPage),
            route('res-new-category-page', 'res/new/:category/:page', 'res-list-page'),
            route('res_tags', 'res_tags', 'tags-page', byPage),
            route('res_tags-tag', 'res_tags/:tag', 'tags-page', byPage),
            route('s', 's', 'search-page', searchQuery),
            route('sa', 'sa', 'search-page', searchQuery),
            route('fixed-404', '404', 'status-page'),
            route('fixed-405', '405', 'status-page'),
            route('fixed-500', '500', 'status-page'),
            // Error pages are never shared: each names the address asked for.
            route('not-found', '*', 'status-page', 'never'),
          ],
        },
      ],
    },
  ]
}

/** The route table without a style loader: the server's (it writes each page's stylesheets into its head). */
export const routes: RouteObject[] = /* @__PURE__ */ createRoutes()
