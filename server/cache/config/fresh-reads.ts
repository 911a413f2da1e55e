import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Renders whose page is kept run under `readingFresh`: a config cache then answers them a value a
 * purge left stale only once it is loaded again, so a page rendered after a purge is never built
 * from what the purge replaced. Visitors outside it get the stale value at once.
 */
const fresh = new AsyncLocalStorage<true>()

/** Runs `work` (and everything it awaits) as a render whose page is kept. */
export function readingFresh<T>(work: () => T): T {
  return fresh.run(true, work)
}

/** True inside `readingFresh`. */
export function wantsFresh(): boolean {
  return fresh.getStore() === true
}
