import type { Context, Handler } from 'hono'
import type { StaticHandler } from 'react-router'
import { PAYLOAD_SUFFIX } from '../../shared/rules/payload-path.ts'
import type { AppEnv } from '../app-env.ts'
import { cdnTagHeaders } from '../cache/cdn-tags.ts'
import { createPageUses } from '../cache/page-uses.ts'
import { cacheStatus } from '../http/cache-status.ts'
import { etagOf } from '../http/conditional-request.ts'
import { type AnswerPolicy, sharedPage } from '../http/answer-policy.ts'
import type { SharedLifetimes } from '../http/shared-lifetimes.ts'
import { toHydrationState, withoutRootData } from '../render/hydration.ts'
import { rawDocumentOf } from '../render/raw-document.ts'
import type { Markdown } from '../page-data/markdown.ts'
import type { Locales } from '../tenant/locales.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import { leafRouteId, logUnexpected } from './render-outcomes.ts'
import type { CachePolicyLookup } from './page-decision.ts'
import { decideRequest, loadDecidedPage } from './decide-and-load.ts'

export interface PayloadRouteOptions {
  handler: StaticHandler
  sites: SiteRepository
  locales: Locales
  markdown: Markdown
  /** How long shared caches and a configured CDN may keep it, as for the page itself. */
  lifetimes: SharedLifetimes
  /** How long a payload may be answered by shared caches (LoaderEnv.pageLifetimeMs). */
  pageLifetimeMs: number
  policyOf: CachePolicyLookup
}

/**
 * `<page path>/_payload.json`: the loader data of every route the page matches, as the browser
 * router needs it for client-side navigation (SPEC §1). Errors stay at the route that threw them;
 * redirects come back as data (a fetch would otherwise follow them silently).
 */
export function payloadRoute(options: PayloadRouteOptions): Handler<AppEnv> {
  return async function payloadHandler(c) {
    const url = new URL(c.req.url)
    const pagePath = url.pathname.slice(0, -PAYLOAD_SUFFIX.length) || '/'
    const decision = decideRequest(c, pagePath, false, options.policyOf)
    // Payloads never take the browser-language redirect: they vary by nothing but the encoding.
    // Payloads are loaded for every request, never kept here (CDNs in front may keep them).
    const headers = { 'cache-status': cacheStatus('pass') }
    const shared = sharedPage(options.lifetimes)
    c.set('routeName', 'payload')
    if (decision.kind === 'bad-request') return c.json({ status: 400 }, 400, headers)
    if (decision.kind === 'redirect')
      return tagged(c, { status: decision.status, redirect: decision.location }, 200, headers, shared)
    const uses = createPageUses()
    const loaded = await loadDecidedPage(c, options, decision, 'payload', uses)
    if (loaded.kind === 'redirect')
      return tagged(c, { status: loaded.status, redirect: loaded.location }, 200, headers, shared)
    c.set('routeName', `${leafRouteId(loaded.context)}.payload`)
    logUnexpected(c.get('log'), loaded.context.errors, c.req.url)
    // A page served as a file or a whole document cannot be shown by the router: the browser loads it.
    if (rawDocumentOf(loaded.context))
      return tagged(c, { status: 200, redirect: pagePath + url.search, document: true }, 200, headers, shared)
    const state = withoutRootData(await toHydrationState(loaded.context))
    const status = loaded.context.statusCode
    const tags = status === 200 && options.lifetimes.cdn ? cdnTagHeaders(c.get('tenant').host, uses.tags) : undefined
    return tagged(c, { status, ...state }, status, headers, sharedPage(options.lifetimes, tags))
  }
}

/**
 * A JSON answer with the entity tag of its text, so a browser or CDN revalidating a payload gets
 * a 304 while the page's data is unchanged (answer/answer-writer.ts).
 */
function tagged(
  c: Context<AppEnv>,
  value: unknown,
  status: number,
  headers: Record<string, string>,
  policy: AnswerPolicy,
): Response {
  const text = JSON.stringify(value)
  c.set('answer', { ...policy, etag: etagOf([text]) })
  return c.body(text, status as 200, { 'content-type': 'application/json', ...headers })
}
