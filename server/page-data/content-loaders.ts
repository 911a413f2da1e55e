import type { ContentPageData, HomePageData } from '../../shared/data/content-data.ts'
import type { RouteId } from '../../shared/routing/route-ids.ts'
import type { LoaderEnv, ServerLoader } from './loader-env.ts'
import { buildContentPage } from './content/build-page.ts'
import { loadHome } from './content/home.ts'
import { contentRouterPath, resolveContentPage, type ContentRouteId } from './content/resolve-page.ts'

/** The loader of one content route: validate against show_path, load the page, shape it. */
function contentRoute(routeId: ContentRouteId): ServerLoader {
  return async (env: LoaderEnv): Promise<ContentPageData> => {
    const { row, page, param } = await resolveContentPage(env, routeId)
    return buildContentPage(env, page, { routerPath: contentRouterPath(row, param), param, home: false })
  }
}

const home: ServerLoader = (env): Promise<HomePageData> => loadHome(env)

/** Loaders of the home page and the content routes (nav, ai, custom, rss, land, list, outline pages). */
export const contentLoaders = {
  home,
  c: contentRoute('c'),
  nav: contentRoute('nav'),
  sp: contentRoute('sp'),
  'sp-param': contentRoute('sp-param'),
  l: contentRoute('l'),
  'doc-path': contentRoute('doc-path'),
  'doc-path-alt': contentRoute('doc-path-alt'),
} satisfies Partial<Record<RouteId, ServerLoader>>
