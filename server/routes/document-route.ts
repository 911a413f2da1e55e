import type { Context, Handler } from 'hono'
import { isbot } from 'isbot'
import { langCookie } from '../../shared/rules/lang-cookie.ts'
import type { AppEnv } from '../app-env.ts'
import { answerPage, pageResponse, privatePageAnswer } from '../answer/page-answer.ts'
import type { AnswerWriting } from '../answer/policy-lines.ts'
import type { CachedPage } from '../cache/pages/cached-page.ts'
import type { HtmlCache } from '../cache/pages/html-cache.ts'
import type { PageLookup } from '../cache/pages/render-flights.ts'
import type { Rerender } from '../cache/pages/read-render.ts'
import { cacheStatus, ttlSecondsOf } from '../http/cache-status.ts'
import type { PageToRerender, PageViews } from './front-decision.ts'
import type { PageToRender } from './page-decision.ts'
import { dependsOnVisitorLanguage } from './document-answer.ts'
import { renderPage, renderPageToStore, type PageRenderOptions, type RenderRequest } from './page-render.ts'
import { redirectOrBadRequest, redirectPolicy } from './render-outcomes.ts'

export interface DocumentRouteOptions extends PageRenderOptions {
  /** The page view of a request, decided once (the hit writer may have decided it before the app). */
  pageViews: PageViews
  /** How a page from the HTML cache is answered: as the writer writes every answer (answer/policy-lines.ts). */
  writing: AnswerWriting
  /** Rendered anonymous pages; absent when HTML caching is off. */
  htmlCache?: HtmlCache
  /** How a stored page is rendered again in the background (the composition root's, routes/page-render.ts). */
  rerenderFor: (page: PageToRerender) => Rerender
}

/**
 * GET/HEAD of any page: decide (redirects, language, router path, cache key), then answer from the
 * HTML cache or load and render. The language cookie is added per visitor after the cache, so a
 * kept page never carries a Set-Cookie.
 */
export function documentRoute(options: DocumentRouteOptions): Handler<AppEnv> {
  return async function documentHandler(c) {
    const tenant = c.get('tenant')
    const { decision, setsLangCookie } = options.pageViews.viewOf(c.env.admitted, tenant, c.get('origin'))
    if (decision.kind !== 'render') {
      if (decision.kind === 'redirect')
        c.set('answer', redirectPolicy(decision, dependsOnVisitorLanguage(tenant, null)))
      return passed(redirectOrBadRequest(decision))
    }
    const response = await answer(c, decision, setsLangCookie, options)
    if (setsLangCookie) response.headers.append('set-cookie', langCookie(decision.language))
    return passed(response)
  }
}

/** An answer the page cache had no part in (a redirect, a page never kept) says so (RFC 9211 `fwd=bypass`). */
function passed(response: Response): Response {
  if (!response.headers.has('cache-status')) response.headers.set('cache-status', cacheStatus('pass'))
  return response
}

async function answer(
  c: Context<AppEnv>,
  decision: PageToRender,
  isPrivate: boolean,
  options: DocumentRouteOptions,
): Promise<Response> {
  const cache = options.htmlCache
  const key = decision.cacheKey
  if (cache === undefined || key === null) return (await renderPage(visitorRequest(c), decision, options)).response
  // A kept page is answered to everyone, crawlers included: it is kept complete. A HEAD takes the
  // same way as a GET (the page rendered as for a GET, kept, answered without its body), so the two
  // agree on every header, the ETag included: its render waits for the whole page, as a crawler's.
  const isHead = c.req.method === 'HEAD'
  const result = await cache.get(key, () => {
    const request = visitorRequest(c)
    return renderPageToStore({ ...request, method: 'GET', isBot: request.isBot || isHead }, decision, options)
  })
  if (result.kind === 'rendered') {
    c.set('cacheResult', 'miss')
    result.response.headers.set('cache-status', cacheStatus('miss'))
    return isHead ? withoutBody(result.response) : result.response
  }
  if (result.kind === 'captured') return served(c, null, result.page, isPrivate, options.writing)
  if (result.stale)
    cache.revalidate(key, options.rerenderFor({ tenant: c.get('tenant'), origin: c.get('origin'), decision }))
  return served(c, { found: result, freshMs: cache.freshMs }, result.page, isPrivate, options.writing)
}

/** A GET's answer to a HEAD: its status and headers, its body left unread. */
function withoutBody(response: Response): Response {
  void response.body?.cancel()
  return new Response(null, { status: response.status, headers: response.headers })
}

/**
 * A kept page, answered as the hit writer answers it (`answerPage`); a private one is never a 304.
 * `from`: the lookup that found it (its `Age`, and whether it is a stale copy); null for a page
 * kept from this request's own render, no cached copy yet, which carries no Age.
 */
function served(
  c: Context<AppEnv>,
  from: { found: PageLookup; freshMs: number } | null,
  page: CachedPage,
  isPrivate: boolean,
  writing: AnswerWriting,
): Response {
  c.set('routeName', page.routeName)
  const { facts } = c.env.admitted
  const method = facts.method === 'HEAD' ? 'HEAD' : 'GET'
  const ifNoneMatch = isPrivate ? undefined : facts.ifNoneMatch
  const request = {
    method,
    acceptEncoding: facts.acceptEncoding,
    ifNoneMatch,
    requestId: c.get('requestId'),
    nonce: c.get('cspNonce'),
    ...(from ? { age: from.found.age, stale: from.found.stale, ttl: ttlSecondsOf(from.freshMs, from.found.age) } : {}),
  } as const
  c.set('cacheResult', request.age === undefined ? 'miss' : request.stale ? 'stale' : 'hit')
  // Written whole from the page's header block, as the hit writer writes it.
  c.set('answer', 'written')
  const answered = answerPage(page, request, writing)
  return pageResponse(isPrivate ? privatePageAnswer(answered) : answered)
}

function visitorRequest(c: Context<AppEnv>): RenderRequest {
  return {
    tenant: c.get('tenant'),
    origin: c.get('origin'),
    publicOrigin: c.get('publicOrigin'),
    upstreamContext: c.get('upstreamContext'),
    log: c.get('log'),
    method: c.req.method,
    url: c.req.url,
    isBot: isbot(c.env.admitted.facts.userAgent ?? ''),
    signal: c.req.raw.signal,
    nonce: c.get('cspNonce'),
    onRouteName: (name) => c.set('routeName', name),
    onPolicy: (policy) => c.set('answer', policy),
  }
}
