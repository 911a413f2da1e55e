import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import {
  type DataRouter,
  matchRoutes,
  RouterContextProvider,
  UNSAFE_createRouter,
  UNSAFE_hydrationRouteProperties,
  UNSAFE_mapRouteProperties,
  type RouteObject,
  redirectDocument,
} from 'react-router'
import { RouterProvider } from 'react-router/dom'
import type { SiteCode } from '../shared/seo/site-scripts.ts'
import { ScrollMemoryContext } from '../shared/components/scroll-manager.tsx'
import { PrefetchContext } from '../shared/components/site-context.tsx'
import { pageDataContext } from '../shared/data/page-data.ts'
import { I18nProvider } from '../shared/i18n/i18n-context.tsx'
import { loadMessages } from '../shared/i18n/load-messages.ts'
import { ContentViewsContext, contentViewOf, createContentViews } from '../shared/pages/content/content-views.ts'
import { createRoutes } from '../shared/routes.tsx'
import { createSiteAddress } from '../shared/routing/site-address.ts'
import { StyleLoaderContext } from '../shared/styles/style-loader.ts'
import type { Lang } from '../shared/types.ts'
import { createAddressHistory, toRouterPathname } from './address-history.ts'
import { loadDocumentInstead, withChunkReload } from './chunk-reload.ts'
import { createDeferredLocale } from './deferred-locale.ts'
import { pageHeadOf, readHydrationState, readRootRouting } from './hydration.ts'
import { findPageElements } from './page-elements.ts'
import { createPayloadSource } from './payload-source.ts'
import { createScrollMemory } from './scroll-memory.ts'
import { createStyleLoader } from './style-sheets.ts'

async function hydrate() {
  // For real-user timing (and the tests): when the page's scripts took over.
  performance.mark('hydration-start')
  const styleLoader = createStyleLoader(__STYLE_SHEETS__, document)
  const routes = createRoutes(styleLoader)
  // Each step in a task of its own: evaluating the bundle, reading the page's data, creating the
  // router, hydrating; one long task would block input (and count as blocking time) for all of them.
  await yieldToBrowser()
  const { root: container, hydration } = findPageElements(document)
  const { state, strings } = readHydrationState(hydration)
  const { language, ...site } = readRootRouting(state)
  const languagePrefix = language === site.defaultLanguage ? '' : `/${language}`
  const addressRules = { languagePrefix, searchRoute: site.searchRoute, pathMapping: site.pathMapping }
  const history = createAddressHistory(addressRules)

  let router: DataRouter | null = null
  withChunkReload(routes, () => router)
  // The first page's components must be in place before hydrating, or React would see a fallback.
  // This page load's content views: the ones the first page shows are loaded now.
  const contentViews = createContentViews()
  const views = Object.values(state.loaderData ?? {})
    .map(contentViewOf)
    .filter((view) => view !== undefined)
  await Promise.all([
    resolveLazyRoutes(routes, history.location.pathname, languagePrefix),
    ...views.map((view) => contentViews.load(view)),
  ])
  const locale = createDeferredLocale(language, strings, () => loadTranslator(language))
  await yieldToBrowser()

  const source = createPayloadSource(toRouterPathname(addressRules))
  const loadWholePage = (error: unknown) => loadDocumentInstead(() => router, error)
  // The site's code, parsed from the root data by the first navigation, with the code that reads it.
  let siteCode: SiteCode | undefined
  const context = new RouterContextProvider()
  context.set(pageDataContext, {
    // A page reached in the browser renders strings the first page did not carry, and maybe a
    // content view it did not show: its data comes with i18next and its view, or, should either
    // fail to load (a deploy removed it), the page loads whole.
    async load(routeId, args) {
      const [data, headCode] = await Promise.all([
        source.load(routeId, args),
        loadHeadCode().catch(loadWholePage),
        locale.ready().catch(loadWholePage),
      ])
      // The server writes a site's scripts (with their hashes), the browser never does: a page that
      // runs other site scripts than this document holds is loaded whole.
      const head = pageHeadOf(data)
      siteCode ??= headCode.siteCodeOf(state.loaderData?.root)
      if (head !== null && headCode.siteScriptsDiffer(siteCode, head.pageType, headCode.headKeys(document)))
        throw redirectDocument(args.request.url)
      const view = contentViewOf(data)
      if (view !== undefined) await contentViews.load(view).catch(loadWholePage)
      return data
    },
  })
  // The one unsafe API left: createBrowserRouter takes no history and always reads the address
  // bar as the route path, while a site's visible addresses are mapped (language prefix, search
  // route, path mapping: address-history.ts) before they reach the routes. The two route-property
  // helpers are what createBrowserRouter itself passes to createRouter. The rest is public:
  // hydrationData, getContext and window are createBrowserRouter's own options, RouterProvider
  // renders it.
  router = UNSAFE_createRouter({
    routes,
    history,
    basename: languagePrefix || '/',
    hydrationData: state,
    mapRouteProperties: UNSAFE_mapRouteProperties,
    hydrationRouteProperties: UNSAFE_hydrationRouteProperties,
    getContext: () => context,
    window,
  }).initialize()

  const address = createSiteAddress({
    language,
    defaultLanguage: site.defaultLanguage,
    searchRoute: site.searchRoute,
    pathMapping: site.pathMapping,
  })
  const prefetch = (to: string) => source.prefetch(address(to))
  const scrollMemory = createScrollMemory(sessionStorageOrNull())
  // In a transition, hydration yields to the browser every few milliseconds instead of one long
  // task (blocking input on slow phones); React still hydrates first whatever the visitor touches.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <I18nProvider locale={locale}>
          <PrefetchContext.Provider value={prefetch}>
            <ScrollMemoryContext.Provider value={scrollMemory}>
              <StyleLoaderContext.Provider value={styleLoader}>
                <ContentViewsContext value={contentViews}>
                  <RouterProvider router={router} />
                </ContentViewsContext>
              </StyleLoaderContext.Provider>
            </ScrollMemoryContext.Provider>
          </PrefetchContext.Provider>
        </I18nProvider>
      </StrictMode>,
    )
  })
  // i18next and the page language's messages, for what the page did not render yet: once the
  // browser is idle after hydrating (or by the first string the page lacks, if that comes first).
  whenIdle(() => void locale.ready().catch(() => {}))
}

/** i18next with one language's page strings (a chunk of their own, loaded after hydration). */
async function loadTranslator(language: Lang) {
  const [{ createTranslator }, messages] = await Promise.all([
    import('../shared/i18n/translator.ts'),
    loadMessages(language),
  ])
  return createTranslator(language, messages)
}

/** The head code a navigation needs (the chunk HeadSync loads too). */
function loadHeadCode() {
  return import('../shared/seo/head-code.ts')
}

/** Runs `task` when the browser has nothing else to do, or after a second at the latest. */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 1000 })
  else setTimeout(task, 200)
}

/** Loads the lazy modules of the routes matching the current address into the route objects. */
async function resolveLazyRoutes(table: RouteObject[], pathname: string, basename: string) {
  const matches = matchRoutes(table, pathname, basename || '/') ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const module = await route.lazy()
      Object.assign(route, module)
      delete route.lazy
    }),
  )
}

void hydrate()

/** Ends the current task, so the browser can paint and handle input before the next step. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** Session storage, unless the browser refuses it (some privacy modes throw on access). */
function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}
