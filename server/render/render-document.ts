import { createElement, type ReactNode, StrictMode } from 'react'
import { createStaticRouter, StaticRouterProvider, type StaticHandler, type StaticHandlerContext } from 'react-router'
import { errorTitle } from '../../shared/components/error-view.tsx'
import { describeRouteError } from '../../shared/data/page-errors.ts'
import type { PageDataBase, PageHead, RootData, SiteHead } from '../../shared/data/page-head.ts'
import { errorHead, toHeadTags } from '../../shared/seo/head-tags.ts'
import { I18nProvider } from '../../shared/i18n/i18n-context.tsx'
import type { Locale } from '../../shared/i18n/locale.ts'
import { recordRenderedStrings } from '../../shared/i18n/rendered-strings.ts'
import {
  ContentViewsContext,
  contentViewOf,
  createContentViews,
  VIEW_MODULES,
} from '../../shared/pages/content/content-views.ts'
import type { RouteHandle } from '../../shared/routes.tsx'
import { pageStyleGroups } from '../../shared/styles/style-groups.ts'
import type { Tenant } from '../tenant/tenant.ts'
import { announcementHeadScript } from '../../shared/announcement/announcement-rules.ts'
import { wechatHeadScript } from '../../shared/wechat/wechat-link.ts'
import type { MainData } from '../../shared/promo/main-data.ts'
import { promoHeadScript } from '../../shared/promo/promo-head-script.ts'
import { bodyCodeHtml, type DocumentParts, documentEnd, documentStart } from './document-shell.ts'
import { documentScripts } from './document-scripts.ts'
import { type AnswerPolicy, visitorOnly } from '../http/answer-policy.ts'
import { toHydrationState, withoutPageHeads, type HydrationState } from './hydration.ts'
import type { ClientManifest } from './manifest.ts'
import { completeDocument } from './complete-document.ts'
import { renderWhole } from './render-whole.ts'
import { settleDeferred } from './settle-deferred.ts'
import type { StreamedBody } from './chunk-sink.ts'
import { streamResponse } from './stream-response.ts'

export interface RenderDocumentInput {
  handler: StaticHandler
  context: StaticHandlerContext
  tenant: Tenant
  locale: Locale
  manifest: ClientManifest
  /** The answer's headers besides its policy (its `Vary`). */
  headers: Headers
  /** The answer's caching rules as its route decided them; the render decides its scripts (document-scripts.ts). */
  policy: AnswerPolicy
  /** Told the answer's policy once the render has chosen it (it may have to name the nonce). */
  onPolicy?: (policy: AnswerPolicy) => void
  /**
   * Told the policy of the page's complete copy, the one the HTML cache keeps, before the render
   * starts: its scripts allowed by their hashes, or by the nonce when the site's code needs it,
   * whatever the visitor's answer names for React's own scripts.
   */
  onCopyPolicy?: (policy: AnswerPolicy) => void
  method: string
  /**
   * Send nothing until the whole document is rendered, every Suspense boundary in place (crawlers,
   * HEAD, background re-renders); otherwise the shell is sent early and the rest streams.
   */
  complete: boolean
  /**
   * The HTML cache may store this page: when it streams, its complete document is made once it has
   * ended, and handed to `onComplete` (see docs/complete-pages.md).
   */
  makesCompleteCopy?: boolean
  timeoutMs: number
  signal?: AbortSignal
  /**
   * This response's CSP nonce: React's scripts carry it, and every script of a document whose site
   * code a hash cannot allow (document-scripts.ts).
   */
  nonce: string
  /** Told when the render is cut short by the timeout or the visitor leaving. */
  onAborted?: (reason: 'timeout' | 'client') => void
  onError: (error: unknown) => void
  /**
   * See StreamResponseOptions.onComplete. `document`, with `makesCompleteCopy`, for a clean body that
   * streamed: the same document complete, every boundary in place (null if it could not be made).
   */
  onComplete?: (clean: boolean, document?: Uint8Array | null) => void
  /** Told how the complete copy of a streamed render was made (metrics; see completeCopy). */
  onStreamedCopy?: (made: 'splice' | 'render') => void
}

/**
 * Renders a page whose data is loaded: status and head come from the router context, so they are
 * final before the first byte; then the React body streams (STYLE.md convention 4).
 */
export async function renderDocument(input: RenderDocumentInput): Promise<Response> {
  const { context, tenant, locale } = input
  const { language } = locale
  const status = context.statusCode
  input.headers.set('content-type', 'text/html; charset=utf-8')
  if (input.method === 'HEAD') {
    input.onPolicy?.(input.policy)
    return new Response(null, { status, headers: input.headers })
  }

  const deferredSettled = await settleDeferred(context.loaderData)
  const leaf = context.matches[context.matches.length - 1]
  const viewKind = viewKindOf(context)
  const parts: DocumentParts = {
    language,
    head: toHeadTags(pageHeadOf(context, tenant), siteHeadOf(context, tenant)),
    page: (leaf?.route.handle as RouteHandle | undefined)?.page,
    view: viewKind === undefined ? undefined : VIEW_MODULES[viewKind],
    manifest: input.manifest,
    // An error replaces the page with the error view, which needs the common sheet only.
    styles: pageStyleGroups(
      context.errors ? [] : context.matches.map((match) => (match.route.handle as RouteHandle | undefined)?.styles),
    ),
    headScripts: headScriptsOf(tenant, context),
  }
  const bodyCode = tenant.siteCode().body
  // The document's own scripts are allowed by their hashes, unless the site's code needs the nonce.
  let start = documentStart(parts)
  let code = bodyCodeHtml(bodyCode, undefined)
  const scripts = documentScripts(start + code)
  let policy: AnswerPolicy
  if (scripts.kind === 'nonce') {
    start = documentStart({ ...parts, nonce: input.nonce })
    code = bodyCodeHtml(bodyCode, input.nonce)
    policy = visitorOnly(input.policy, { nonce: true })
  } else policy = { ...input.policy, scripts: { hashes: scripts.hashes } }
  input.onCopyPolicy?.(policy)
  let dataFailed = false
  const router = createStaticRouter(input.handler.dataRoutes, context)
  // This render's content views, the page's own loaded before it starts so the render never waits
  // for it; a failed load is tried again by the render, which reports it.
  const views = createContentViews()
  if (viewKind !== undefined) await views.load(viewKind).catch(() => undefined)
  // The strings this render writes travel with the page: the browser hydrates from them.
  const rendered = recordRenderedStrings(locale)
  const element = createElement(
    StrictMode,
    null,
    createElement(I18nProvider, {
      locale: rendered.locale,
      // biome-ignore lint/correctness/noChildrenProp: I18nProvider's props require children, which createElement's types check only as a prop
      children: createElement(
        ContentViewsContext,
        { value: views },
        createElement(StaticRouterProvider, { router, context, hydrate: false }),
      ),
    }),
  )
  return streamResponse(element, {
    status,
    headers: input.headers,
    waitForAll: input.complete,
    recordStreamed: input.makesCompleteCopy === true,
    timeoutMs: input.timeoutMs,
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.onAborted ? { onAborted: input.onAborted } : {}),
    nonce: input.nonce,
    policy,
    ...(scripts.kind === 'hashed'
      ? { reactScriptsPolicy: visitorOnly(input.policy, { nonce: true, hashes: scripts.hashes }) }
      : {}),
    ...(input.onPolicy ? { onPolicy: input.onPolicy } : {}),
    start,
    endReady: deferredSettled,
    end: async (aborted) => {
      const state = await toHydrationState(context, aborted)
      dataFailed = hasFailedDeferred(state)
      return documentEnd({ ...withoutPageHeads(state), strings: rendered.strings() }, code)
    },
    onError: input.onError,
    // A page whose deferred data failed shows a fallback: complete, but not worth storing.
    onComplete: (clean, streamed) => {
      const cacheable = clean && !dataFailed && !context.errors
      if (!cacheable || streamed === undefined) return input.onComplete?.(cacheable)
      completeCopy(element, streamed, start, input).then(
        (document) => input.onComplete?.(true, document),
        () => input.onComplete?.(true, null),
      )
    },
  })
}

/**
 * The complete document of a streamed render: its boundaries spliced into place from what it
 * streamed (complete-document.ts), or, for output the splice does not know, the page rendered
 * again from its data, every deferred value of it settled by now (docs/complete-pages.md).
 */
async function completeCopy(
  element: ReactNode,
  streamed: StreamedBody,
  start: string,
  input: RenderDocumentInput,
): Promise<Uint8Array | null> {
  const spliced = completeDocument(streamed.shell, streamed.late, input.nonce)
  input.onStreamedCopy?.(spliced === null ? 'render' : 'splice')
  const body = spliced ?? (await renderWhole(element, { nonce: input.nonce, timeoutMs: input.timeoutMs }))
  return body && Buffer.concat([Buffer.from(start), body, Buffer.from(streamed.tail)])
}

/** The content view a page's body renders with (none for an error), preloaded with the page's chunk. */
function viewKindOf(context: StaticHandlerContext): ReturnType<typeof contentViewOf> {
  if (context.errors) return undefined
  const leaf = context.matches[context.matches.length - 1]
  return leaf ? contentViewOf(context.loaderData[leaf.route.id]) : undefined
}

/** Scripts that must run before the first paint, per tenant (the HTML stays the same for every visitor). */
function headScriptsOf(tenant: Tenant, context: StaticHandlerContext): string[] {
  const { wxAvoid, announcement } = tenant.publicSite
  const scripts: string[] = []
  if (wxAvoid.enabled) scripts.push(wechatHeadScript(wxAvoid.style))
  if (announcement !== null) scripts.push(announcementHeadScript(announcement))
  const promos = (context.loaderData.main as MainData | undefined)?.promos
  if (promos !== undefined && promos.length > 0) scripts.push(promoHeadScript(promos))
  return scripts
}

/** The page's head from its data, or from the error that replaced it. */
function pageHeadOf(context: StaticHandlerContext, tenant: Tenant): PageHead {
  const error = context.errors ? Object.values(context.errors)[0] : undefined
  if (error !== undefined) {
    const { status, message } = describeRouteError(error)
    return errorHead(errorTitle(status, message))
  }
  const leaf = context.matches[context.matches.length - 1]
  const data = leaf ? (context.loaderData[leaf.route.id] as PageDataBase | undefined) : undefined
  return (
    data?.head ?? {
      title: tenant.publicSite.name,
      description: tenant.publicSite.description,
      keywords: '',
      canonical: null,
    }
  )
}

/** The site's part of the head from the root data (the same value the browser reads). */
function siteHeadOf(context: StaticHandlerContext, tenant: Tenant): SiteHead {
  const root = context.loaderData.root as RootData | undefined
  return (
    root?.head ?? {
      siteName: tenant.publicSite.name,
      favicon: '',
      image: '',
      imageAlt: '',
      locale: '',
      localeAlternates: [],
      feed: '',
      code: [],
      pageCode: {},
    }
  )
}

/** Whether a deferred field of any route failed (or was given up on) and rendered its fallback. */
function hasFailedDeferred(state: HydrationState): boolean {
  for (const [routeId, fields] of Object.entries(state.deferred)) {
    const data = state.loaderData[routeId] as Record<string, { ok?: boolean }> | undefined
    if (fields.some((field) => data?.[field]?.ok === false)) return true
  }
  return false
}
