import type { Handler } from 'hono'
import type { StaticHandler } from 'react-router'
import type { AppEnv } from '../app-env.ts'
import { toHydrationState } from '../render/hydration.ts'
import { rawDocumentOf } from '../render/raw-document.ts'
import type { Locales } from '../site/locales.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import { publicPageCacheControl } from '../middleware/cache-control.ts'
import { leafRouteId, logUnexpected } from './document.ts'
import { resolvePage } from './page-request.ts'

export const PAYLOAD_SUFFIX = '/_payload.json'

export interface PayloadRouteOptions {
  handler: StaticHandler
  sites: SiteRepository
  locales: Locales
  /** Shared-cache lifetime, as for the page itself (HTML_S_MAXAGE). */
  htmlSMaxAge: number
}

/**
 * `<page path>/_payload.json`: the loader data of every route the page matches, as the browser
 * router needs it for client-side navigation (SPEC §1). Errors stay at the route that threw them;
 * redirects come back as data (a fetch would otherwise follow them silently).
 */
export function payloadRoute(options: PayloadRouteOptions): Handler<AppEnv> {
  return async function payloadHandler(c) {
    const path = new URL(c.req.url).pathname
    const pagePath = path.slice(0, -PAYLOAD_SUFFIX.length) || '/'
    const outcome = await resolvePage(c, { ...options, pathname: pagePath, isDocument: false, keepErrorsAtThrowingRoute: true })
    // Payloads never take the browser-language redirect: they vary by nothing but the encoding.
    const headers = { 'cache-control': publicPageCacheControl(options.htmlSMaxAge) }
    c.set('routeName', 'payload')
    if (outcome.kind === 'bad-request') return c.json({ status: 400 }, 400, headers)
    if (outcome.kind === 'redirect') return c.json({ status: outcome.status, redirect: outcome.location }, 200, headers)
    c.set('routeName', `${leafRouteId(outcome.context)}.payload`)
    logUnexpected(c.var.log, outcome.context.errors, c.req.url)
    // A page served as a file or a whole document cannot be shown by the router: the browser loads it.
    if (rawDocumentOf(outcome.context)) return c.json({ status: 200, redirect: pagePath + new URL(c.req.url).search, document: true }, 200, headers)
    const state = await toHydrationState(outcome.context)
    const status = outcome.context.statusCode
    return c.json({ status, ...state }, status as 200, headers)
  }
}
