import type { Handler } from 'hono'
import { isbot } from 'isbot'
import type { StaticHandler } from 'react-router'
import { isRouteErrorResponse } from 'react-router'
import { langCookie, shouldSetLangCookie, LANG_COOKIE_NAME } from '../../shared/rules/lang-cookie.ts'
import { getCookie } from 'hono/cookie'
import type { AppEnv } from '../app-env.ts'
import { plainErrorPage } from '../render/fallback-pages.ts'
import type { ClientManifest } from '../render/manifest.ts'
import { renderDocument } from '../render/render-document.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import { resolvePage, type PageOutcome } from './page-request.ts'

export interface DocumentRouteOptions {
  handler: StaticHandler
  sites: SiteRepository
  manifest: ClientManifest
  renderTimeoutMs: number
}

/** Pages vary by the language inputs (issue: Vary: Accept-Language, Cookie). */
export const PAGE_VARY = 'Accept-Language, Cookie'

/** GET/HEAD of any page: redirects, then the streamed React document. */
export function documentRoute(options: DocumentRouteOptions): Handler<AppEnv> {
  return async function documentHandler(c) {
    const outcome = await resolvePage(c, { ...options, pathname: new URL(c.req.url).pathname, isDocument: true, keepErrorsAtThrowingRoute: false })
    if (outcome.kind !== 'loaded') return redirectOrBadRequest(outcome)
    const { context, language, t } = outcome
    logUnexpected(c.var.log, context.errors, c.req.url)
    const headers = new Headers({ vary: PAGE_VARY, 'cache-control': 'no-cache' })
    if (shouldSetLangCookie(getCookie(c, LANG_COOKIE_NAME), language)) headers.append('set-cookie', langCookie(language))
    return renderDocument({
      handler: options.handler,
      context,
      tenant: c.var.tenant,
      language,
      t,
      manifest: options.manifest,
      headers,
      method: c.req.method,
      isBot: isbot(c.req.header('user-agent') ?? ''),
      timeoutMs: options.renderTimeoutMs,
      signal: c.req.raw.signal,
      onError: (error) => c.var.log.error({ err: error, url: c.req.url }, 'render error'),
    })
  }
}

/** The response for a request that does not render: a redirect or a malformed address. */
export function redirectOrBadRequest(outcome: Exclude<PageOutcome, { kind: 'loaded' }>): Response {
  if (outcome.kind === 'bad-request') {
    return new Response(plainErrorPage(400, 'Bad Request', 'The address is not valid.'), {
      status: 400,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    })
  }
  const headers = new Headers({ location: outcome.location, vary: PAGE_VARY })
  // A 302 chosen from the visitor's language must not be cached for other visitors.
  headers.set('cache-control', outcome.status === 302 ? 'private, no-store' : 'public, max-age=3600')
  if (outcome.setLangCookie) headers.append('set-cookie', langCookie(outcome.setLangCookie))
  return new Response(null, { status: outcome.status, headers })
}

/** Loader failures other than deliberate 4xx responses are bugs or upstream trouble: log them. */
export function logUnexpected(log: AppEnv['Variables']['log'], errors: Record<string, unknown> | null | undefined, url: string) {
  if (!errors) return
  for (const error of Object.values(errors)) {
    if (!isRouteErrorResponse(error)) log.error({ err: error, url }, 'page data failed')
  }
}
