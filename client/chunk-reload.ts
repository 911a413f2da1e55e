import type { DataRouter as Router, RouteObject } from 'react-router'

/** SPEC §9 "page reload guard window": at most one forced reload per 10 s. */
const RELOAD_GUARD_MS = 10_000
const GUARD_KEY = 'chunk-reload-at'

/**
 * A page chunk that fails to load during navigation (typically after a new deploy removed the old
 * hashed files) makes a full page load of the target address (SPEC §4). The guard stops a broken
 * deploy from reloading forever: within the window the error reaches the route error boundary.
 */
export function withChunkReload(routes: RouteObject[], getRouter: () => Router | null): void {
  for (const route of routes) {
    const lazy = route.lazy
    if (typeof lazy === 'function') {
      route.lazy = (() => lazy().catch((error: unknown) => loadDocumentInstead(getRouter, error))) as typeof lazy
    }
    if (route.children) withChunkReload(route.children, getRouter)
  }
}

/**
 * What a chunk a navigation needs does when it cannot load (withChunkReload; the translator, which
 * a navigation waits for): a full page load of the navigation's target, unless no navigation is
 * under way or the guard window holds, when `error` goes on to the route error boundary.
 */
export function loadDocumentInstead(getRouter: () => Router | null, error: unknown): Promise<never> {
  const router = getRouter()
  const target = router?.state.navigation.location
  if (!router || !target || !reloadAllowed()) throw error
  markReload()
  window.location.assign(router.createHref(target))
  // The page is going away; never settle so nothing renders an error meanwhile.
  return new Promise<never>(() => {})
}

function reloadAllowed(): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(GUARD_KEY))
    return !(last > 0 && Date.now() - last < RELOAD_GUARD_MS)
  } catch {
    return true
  }
}

function markReload(): void {
  try {
    window.sessionStorage.setItem(GUARD_KEY, String(Date.now()))
  } catch {
    // Storage may be disabled; the reload still happens, only unguarded.
  }
}
