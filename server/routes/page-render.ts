import type { Logger } from 'pino'
import type { StaticHandler } from 'react-router'
import { cdnTagHeaders } from '../cache/cdn-tags.ts'
import { createPageUses, type PageUses } from '../cache/page-uses.ts'
import type { Rendered, Rerender, Unchanged } from '../cache/pages/read-render.ts'
import { type AnswerPolicy, NOT_KEPT, sharedPage } from '../http/answer-policy.ts'
import type { SharedLifetimes } from '../http/shared-lifetimes.ts'
import { nextNonce } from '../http/security-policy.ts'
import { loadPage } from '../page-data/load-page.ts'
import type { ClientManifest } from '../render/manifest.ts'
import { rawDocumentOf, rawDocumentResponse } from '../render/raw-document.ts'
import { renderInputsDigest } from '../render/render-inputs.ts'
import { canonicalOrigin, type CanonicalScheme } from '../seo/canonical-origin.ts'
import type { Markdown } from '../page-data/markdown.ts'
import type { Locales } from '../tenant/locales.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import type { Tenant } from '../tenant/tenant.ts'
import type { UpstreamCallContext } from '../upstream/client.ts'
import { dependsOnVisitorLanguage, renderDocumentAnswer, withLanguageVary } from './document-answer.ts'
import type { PageToRerender } from './front-decision.ts'
import type { PageToRender } from './page-decision.ts'
import { leafRouteId, logUnexpected, redirectOrBadRequest, redirectPolicy } from './render-outcomes.ts'

/** What loading and rendering a page needs: the document route's and the re-renders' of the HTML cache. */
export interface PageRenderOptions {
  handler: StaticHandler
  sites: SiteRepository
  locales: Locales
  /** Upstream markdown and rich text made safe (createServerDeps builds it once). */
  markdown: Markdown
  manifest: ClientManifest
  renderTimeoutMs: number
  /** How long shared caches and a configured CDN may keep an anonymous page (http/shared-lifetimes.ts). */
  lifetimes: SharedLifetimes
  /** How long a rendered page may be answered, by the HTML cache and then shared caches (LoaderEnv.pageLifetimeMs). */
  pageLifetimeMs: number
  /** Scheme of published URLs when a site's canonical_link names none (re-renders work it out themselves). */
  canonicalScheme?: CanonicalScheme
  /** Told when a render is cut short (metrics). */
  onRenderAborted?: (reason: 'timeout' | 'client') => void
  /** Told how the complete copy of a streamed render was made (metrics). */
  onStreamedCopy?: (made: 'splice' | 'render') => void
}

/** What a render needs from its request: the visitor's, or the synthetic anonymous one of a re-render. */
export interface RenderRequest {
  tenant: Tenant
  origin: string
  publicOrigin: string
  upstreamContext: UpstreamCallContext
  log: Logger
  method: string
  url: string
  isBot: boolean
  signal?: AbortSignal
  nonce: string
  /** Told the route name once the page is loaded (the request's metrics label). */
  onRouteName?: (name: string) => void
  /** Told the answer's policy once it is decided (answer/answer-writer.ts writes it). */
  onPolicy?: (policy: AnswerPolicy) => void
}

/** The user agent of background re-renders (upstream logs tell them from visitors). */
const RERENDER_USER_AGENT = 'tenant-sites revalidation'

/**
 * The factory of background re-renders: for a kept page, how to render it again as an anonymous
 * visitor of its address would get it: a document GET with no cookie, a fresh nonce and the whole
 * page before the first byte (as a crawler gets it, so nothing is left to swap in on the client).
 */
export function createBackgroundRenders(options: PageRenderOptions, log: Logger): (page: PageToRerender) => Rerender {
  return ({ tenant, origin, decision }) =>
    (unchangedSince) => {
      const url = origin + decision.browserPath
      const upstreamContext: UpstreamCallContext = {
        userAgent: RERENDER_USER_AGENT,
        referer: url,
        appDomain: tenant.host,
      }
      const publicOrigin = canonicalOrigin(tenant.site, tenant.host, options.canonicalScheme ?? 'https')
      return loadAndRender(
        { tenant, origin, publicOrigin, upstreamContext, log, method: 'GET', url, isBot: true, nonce: nextNonce() },
        decision,
        options,
        { mayBeStored: true, unchangedSince },
      )
    }
}

/**
 * Loads the page's data and renders it for its visitor alone (a page never kept); a visitor gets
 * the shell as soon as it is ready, a crawler the whole page.
 */
export function renderPage(
  request: RenderRequest,
  decision: PageToRender,
  options: PageRenderOptions,
): Promise<Rendered> {
  return renderOnce(request, decision, options, false)
}

/**
 * renderPage for a page the HTML cache may keep and answer to anyone: it carries the digest of
 * what it was rendered from and, when it streamed, its complete document (`Rendered.document`).
 */
export function renderPageToStore(
  request: RenderRequest,
  decision: PageToRender,
  options: PageRenderOptions,
): Promise<Rendered> {
  return renderOnce(request, decision, options, true)
}

async function renderOnce(
  request: RenderRequest,
  decision: PageToRender,
  options: PageRenderOptions,
  mayBeStored: boolean,
): Promise<Rendered> {
  const rendered = await loadAndRender(request, decision, options, { mayBeStored, unchangedSince: undefined })
  if ('kind' in rendered) throw new Error('unreachable: a render without a digest to compare is never unchanged')
  return rendered
}

/** renderPage, or `unchanged` without rendering when the loaded page's inputs have the digest `unchangedSince`. */
async function loadAndRender(
  request: RenderRequest,
  decision: PageToRender,
  options: PageRenderOptions,
  { mayBeStored, unchangedSince }: { mayBeStored: boolean; unchangedSince: string | undefined },
): Promise<Rendered | Unchanged> {
  const { nonce, method } = request
  const uses = createPageUses()
  const loaded = await loadFor(request, decision, options, uses)
  if (loaded.kind === 'redirect') {
    const policy = redirectPolicy(loaded, dependsOnVisitorLanguage(request.tenant, null))
    request.onPolicy?.(policy)
    return {
      response: redirectOrBadRequest(loaded),
      complete: Promise.resolve(true),
      nonce,
      routeName: 'redirect',
      policy,
    }
  }
  const { context } = loaded
  const routeName = leafRouteId(context)
  request.onRouteName?.(routeName)
  logUnexpected(request.log, context.errors, request.url)
  const shareable = context.statusCode === 200
  // Tags of the data loaded so far (deferred data that changes no markup is not waited for), for a
  // CDN that reads them.
  const tags = shareable && options.lifetimes.cdn ? cdnTagHeaders(request.tenant.host, uses.tags) : undefined
  const policy = shareable ? sharedPage(options.lifetimes, tags) : NOT_KEPT
  // Only a page the cache may keep needs to know what it was made of.
  const digestWork = mayBeStored && shareable ? digestOf(loaded, uses, options) : Promise.resolve(undefined)
  // The digest settles the page's deferred data first. A re-render compares it before rendering and
  // a crawler's render waits for that data anyway; a visitor's shell does not wait for it: the digest
  // joins the page before it is kept (`complete` below).
  const waits = unchangedSince !== undefined || request.isBot || method === 'HEAD'
  const digest = waits ? await digestWork : undefined
  if (digest !== undefined && digest === unchangedSince) return { kind: 'unchanged', uses }
  const made = { loaded, decision, policy, routeName, uses, digestWork }
  const raw = rawDocumentOf(context)
  if (raw) return renderRaw(request, made, raw)
  const rendered = await renderLoaded(request, made, options, mayBeStored)
  if (digest !== undefined) rendered.digest = digest
  return rendered
}

/** The page's data for `decision`, loaded for a document. */
function loadFor(request: RenderRequest, decision: PageToRender, options: PageRenderOptions, uses: PageUses) {
  return loadPage({
    handler: options.handler,
    sites: options.sites,
    locales: options.locales,
    markdown: options.markdown,
    tenant: request.tenant,
    language: decision.language,
    routerPath: decision.routerPath,
    browserPath: decision.browserPath,
    origin: request.origin,
    publicOrigin: request.publicOrigin,
    upstreamContext: request.upstreamContext,
    log: request.log,
    ...(request.signal ? { signal: request.signal } : {}),
    pageLifetimeMs: options.pageLifetimeMs,
    purpose: 'document',
    uses,
  })
}

type LoadedPage = Extract<Awaited<ReturnType<typeof loadPage>>, { kind: 'loaded' }>

/** What a loaded page is rendered from, once its policy is decided. */
interface PageToMake {
  loaded: LoadedPage
  decision: PageToRender
  policy: AnswerPolicy
  routeName: string
  uses: PageUses
  /** The digest of what the page was made of (render-inputs.ts), once its deferred data settled. */
  digestWork: Promise<string | undefined>
}

/** The digest of what a loaded page was made of; undefined when that cannot be told. */
function digestOf(loaded: LoadedPage, uses: PageUses, options: PageRenderOptions): Promise<string | undefined> {
  return renderInputsDigest(
    { context: loaded.context, site: loaded.tenant.site, tags: uses.tags, build: options.manifest },
    AbortSignal.timeout(options.renderTimeoutMs),
    // A page whose inputs cannot be told is kept without a digest: it is rendered again, never renewed.
  ).catch(() => undefined)
}

/** A page whose route answers a raw document (render/raw-document.ts) instead of rendering React. */
async function renderRaw(request: RenderRequest, made: PageToMake, raw: NonNullable<ReturnType<typeof rawDocumentOf>>) {
  const { loaded, decision, routeName, uses } = made
  const { method, nonce } = request
  const { statusCode } = loaded.context
  const policy = withLanguageVary(made.policy, loaded.tenant, decision.language)
  request.onPolicy?.(policy)
  const headers = new Headers()
  const digested = await made.digestWork
  return {
    response: rawDocumentResponse(raw, statusCode, method, headers),
    complete: Promise.resolve(method !== 'HEAD'),
    nonce,
    routeName,
    // Its hits have always named a nonce, which its body has no slot for: kept so, as said here.
    policy: { ...policy, scripts: { nonce: true as const } },
    uses,
    ...(digested !== undefined ? { digest: digested } : {}),
  }
}

/** A loaded page rendered by React; a page the cache may keep gets its complete copy made once it ended. */
async function renderLoaded(
  request: RenderRequest,
  made: PageToMake,
  options: PageRenderOptions,
  mayBeStored: boolean,
): Promise<Rendered> {
  const { loaded, decision, routeName, uses, digestWork } = made
  const { method, nonce } = request
  const headers = new Headers()
  let settle!: (outcome: { clean: boolean; document: Uint8Array | null }) => void
  const outcome = new Promise<{ clean: boolean; document: Uint8Array | null }>((resolve) => (settle = resolve))
  // A HEAD is never kept; any other render tells the policy of its complete copy before it answers.
  let copyPolicy = withLanguageVary(made.policy, loaded.tenant, decision.language)
  const response = await renderDocumentAnswer(options, {
    context: loaded.context,
    tenant: loaded.tenant,
    locale: loaded.locale,
    language: decision.language,
    headers,
    policy: made.policy,
    ...(request.onPolicy ? { onPolicy: request.onPolicy } : {}),
    onCopyPolicy: (policy) => (copyPolicy = policy),
    method,
    // A crawler waits for the whole page; a visitor gets the shell at once, and a page the cache
    // may store is made complete from what streamed once it has ended.
    complete: request.isBot,
    makesCompleteCopy: mayBeStored,
    ...(request.signal ? { signal: request.signal } : {}),
    nonce,
    log: request.log,
    url: request.url,
    onComplete: (clean, document) => settle({ clean, document: document ?? null }),
  })
  if (method === 'HEAD') settle({ clean: false, document: null })
  const rendered: Rendered = {
    response,
    complete: outcome.then(async ({ clean }) => {
      const digested = await digestWork
      if (digested !== undefined) rendered.digest = digested
      return clean
    }),
    document: outcome.then(({ document }) => document),
    // The complete document is kept with the headers the render was given, whatever the visitor's answer.
    completeCopyHeaders: headers,
    policy: copyPolicy,
    nonce,
    routeName,
    uses,
  }
  return rendered
}
