import type { Context } from 'hono'
import type { StaticHandler } from 'react-router'
import type { AppEnv } from '../app-env.ts'
import type { PageUses } from '../cache/page-uses.ts'
import { loadPage, type LoadedPage } from '../page-data/load-page.ts'
import type { Markdown } from '../page-data/markdown.ts'
import type { Locales } from '../tenant/locales.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import { decidePage, type CachePolicyLookup, type PageDecision } from './page-decision.ts'

/** What loading a page needs beyond the request itself. */
export interface PageServices {
  handler: StaticHandler
  sites: SiteRepository
  locales: Locales
  /** Upstream markdown and rich text made safe (createServerDeps builds it once). */
  markdown: Markdown
  /** How long the pages loaded here may be answered after (LoaderEnv.pageLifetimeMs); default 0. */
  pageLifetimeMs?: number
}

/**
 * The decision step for this request: its tenant, origin, address and language inputs, the query
 * and language read by the front door. Documents may take the first-visit language redirect;
 * payloads never do.
 */
export function decideRequest(
  c: Context<AppEnv>,
  pathname: string,
  isDocument: boolean,
  policyOf: CachePolicyLookup,
): PageDecision {
  const { facts } = c.env.admitted
  return decidePage(
    {
      tenant: c.get('tenant'),
      pathname,
      search: facts.target.search,
      origin: c.get('origin'),
      langCookie: facts.langCookie,
      acceptLanguage: facts.acceptLanguage,
      isDocument,
    },
    policyOf,
  )
}

/** The load step for a page the decision chose to render, with this request's tenant, origins, upstream context, log and abort signal. */
export function loadDecidedPage(
  c: Context<AppEnv>,
  services: PageServices,
  decision: Extract<PageDecision, { kind: 'render' }>,
  purpose: 'document' | 'payload',
  uses?: PageUses,
): Promise<LoadedPage> {
  return loadPage({
    handler: services.handler,
    sites: services.sites,
    locales: services.locales,
    markdown: services.markdown,
    tenant: c.get('tenant'),
    language: decision.language,
    routerPath: decision.routerPath,
    browserPath: decision.browserPath,
    origin: c.get('origin'),
    publicOrigin: c.get('publicOrigin'),
    upstreamContext: c.get('upstreamContext'),
    log: c.get('log'),
    signal: c.req.raw.signal,
    ...(services.pageLifetimeMs !== undefined ? { pageLifetimeMs: services.pageLifetimeMs } : {}),
    purpose,
    ...(uses ? { uses } : {}),
  })
}
