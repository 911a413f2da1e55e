import { createContext, use, useContext } from 'react'
import type { ContentBody } from '../../data/content-data.ts'

/**
 * Each kind of content body's view, a module (and in the browser a chunk) of its own: a content or
 * home page loads the view its body needs, not every view (the land view and its forms alone
 * weigh more than the rest of the page's code). The server names the page's view among the
 * chunks the page preloads, and the browser loads it before hydrating.
 */
const VIEWS = {
  land: () => import('./land-view.tsx'),
  resource: () => import('./resource-view.tsx'),
  nav: () => import('./nav-view.tsx'),
  custom: () => import('./custom-view.tsx'),
  rss: () => import('./rss-view.tsx'),
  list: () => import('./list-view.tsx'),
  outline: () => import('./outline-view.tsx'),
  ugc_post: () => import('./ugc-post-view.tsx'),
} satisfies Record<ContentBody['kind'], () => Promise<unknown>>

type ViewKind = keyof typeof VIEWS
type ViewModule<K extends ViewKind> = Awaited<ReturnType<(typeof VIEWS)[K]>>

/** The file each view's module is in (build.mjs lists its chunk under this name in the manifest). */
export const VIEW_MODULES: Readonly<Record<ViewKind, string>> = {
  land: 'land-view',
  resource: 'resource-view',
  nav: 'nav-view',
  custom: 'custom-view',
  rss: 'rss-view',
  list: 'list-view',
  outline: 'outline-view',
  ugc_post: 'ugc-post-view',
}

/** The views a render or a page load reads, each module loaded once for it. */
export interface ContentViews {
  /** Loads a view's module once (a failed load is tried again on the next call). */
  load<K extends ViewKind>(kind: K): Promise<ViewModule<K>>
  /** A view's module in a render: at once when loaded, else the render suspends until it is. */
  read<K extends ViewKind>(kind: K): ViewModule<K>
  /** Every view's module loaded, for renders that cannot wait (renderToString in tests and benchmarks). */
  loadAll(): Promise<unknown>
}

/**
 * The content views of one server render or one page load in the browser: what is loaded lives
 * here, not in the module, so nothing is kept per process (the module loader keeps the modules).
 */
export function createContentViews(): ContentViews {
  const loaded = new Map<ViewKind, unknown>()
  const loading = new Map<ViewKind, Promise<unknown>>()
  const load = <K extends ViewKind>(kind: K): Promise<ViewModule<K>> => {
    let promise = loading.get(kind)
    if (promise === undefined) {
      promise = VIEWS[kind]().then(
        (module) => {
          loaded.set(kind, module)
          return module
        },
        (error: unknown) => {
          loading.delete(kind)
          throw error
        },
      )
      loading.set(kind, promise)
    }
    return promise as Promise<ViewModule<K>>
  }
  // `use` may be called conditionally (unlike other hooks): a loaded view never reaches it.
  const read = <K extends ViewKind>(kind: K): ViewModule<K> =>
    (loaded.get(kind) as ViewModule<K> | undefined) ?? use(load(kind))
  const loadAll = () => Promise.all(Object.keys(VIEWS).map((kind) => load(kind as ViewKind)))
  return { load, read, loadAll }
}

/** The content views of the render or page load a component is in. */
export const ContentViewsContext = createContext<ContentViews | null>(null)

/** The content views this render reads from; a page rendered without them is a programming error. */
export function useContentViews(): ContentViews {
  const views = useContext(ContentViewsContext)
  if (views === null) throw new Error('A content view was rendered outside <ContentViewsContext value={…}>')
  return views
}

/** The view a page's data renders with: a content body's kind, or none (other pages, the search home). */
export function contentViewOf(data: unknown): ViewKind | undefined {
  if (typeof data !== 'object' || data === null || (data as { kind?: unknown }).kind !== 'content') return undefined
  const kind = (data as { body?: { kind?: unknown } }).body?.kind
  return typeof kind === 'string' && Object.hasOwn(VIEWS, kind) ? (kind as ViewKind) : undefined
}
