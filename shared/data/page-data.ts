import { createContext, type LoaderFunctionArgs, type Params } from 'react-router'
import type { RouteId } from '../routing/route-ids.ts'

declare module 'react-router' {
  // Loaders read their services from a RouterContextProvider, on the server and in the browser.
  interface Future {
    v8_middleware: true
  }
}

/** Where a route's data comes from: the upstream on the server, the page payload in the browser. */
export interface PageDataSource {
  load(routeId: RouteId, args: { request: Request; params: Params }): Promise<unknown>
}

/** Router-context key of the page data source (STYLE.md convention 3: one loader, two sources). */
export const pageDataContext = createContext<PageDataSource>()

/** The loader of a route: asks whichever source the router context carries. */
export function routeLoader(routeId: RouteId) {
  return ({ request, params, context }: LoaderFunctionArgs) =>
    context.get(pageDataContext).load(routeId, { request, params })
}
