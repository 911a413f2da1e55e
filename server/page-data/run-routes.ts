import { RouterContextProvider, type StaticHandler, type StaticHandlerContext } from 'react-router'
import { pageDataContext, type PageDataSource } from '../../shared/data/page-data.ts'
import type { Lang } from '../../shared/types.ts'
import type { Translate } from '../../shared/i18n/translator.ts'
import type { TenantData } from '../tenant/tenant-data.ts'
import type { LoaderEnv } from './loader-env.ts'
import type { Markdown } from './markdown.ts'
import { serverLoaders } from './server-loaders.ts'
import { pageUrls } from '../seo/page-urls.ts'
import type { Tenant } from '../tenant/tenant.ts'

export interface RunRoutesInput {
  handler: StaticHandler
  tenant: Tenant
  language: Lang
  /** The router path and query (see shared/routes.tsx), e.g. `/s?query=x`. */
  routerPath: string
  browserPath: string
  origin: string
  /** The tenant's published origin (canonical and alternate URLs). */
  publicOrigin: string
  upstream: TenantData
  markdown: Markdown
  t: Translate
  /** Clock in ms; injectable for tests. */
  now?: () => number
  /** See LoaderEnv.pageLifetimeMs. Default 0. */
  pageLifetimeMs?: number
  signal?: AbortSignal
  /**
   * What the data is for. A payload keeps each error at the route that threw it instead of its
   * boundary and leaves the root's data out. Default: document.
   */
  purpose?: 'document' | 'payload'
}

/**
 * Matches the router path and runs every matched route's server loader. Returns the router's
 * context (status, data, errors) or a Response when a loader redirected.
 */
export async function runRoutes(input: RunRoutesInput): Promise<StaticHandlerContext | Response> {
  const { tenant, language } = input
  const address = tenant.address(language)
  const forPayload = input.purpose === 'payload'
  const source: PageDataSource = {
    load(routeId, { request, params }) {
      const env: LoaderEnv = {
        request,
        url: new URL(request.url),
        params,
        tenant,
        language,
        browserPath: input.browserPath,
        absoluteUrl: (routerPath) => input.publicOrigin + address(routerPath),
        pageUrls: (routerPath) => pageUrls(tenant, language, input.publicOrigin, routerPath),
        upstream: input.upstream,
        markdown: input.markdown,
        t: input.t,
        now: input.now ?? Date.now,
        pageLifetimeMs: input.pageLifetimeMs ?? 0,
      }
      return serverLoaders[routeId](env)
    },
  }
  const context = new RouterContextProvider()
  context.set(pageDataContext, source)
  const request = new Request(input.origin + input.routerPath, input.signal ? { signal: input.signal } : {})
  // A payload leaves the root's data out (the browser keeps the first page's: server/render/hydration.ts
  // withoutRootData), so its loader need not run.
  return input.handler.query(
    request,
    forPayload
      ? {
          requestContext: context,
          skipLoaderErrorBubbling: true,
          filterMatchesToLoad: (match) => match.route.id !== 'root',
        }
      : { requestContext: context, skipLoaderErrorBubbling: false },
  )
}
