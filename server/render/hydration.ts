import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router'

/** What the browser needs to hydrate: the serialised router state (see client/hydration.ts). */
export interface HydrationState {
  loaderData: Record<string, unknown>
  errors: Record<string, unknown> | null
  /** Per route id, the top-level fields that were promises on the server (deferred data). */
  deferred: Record<string, string[]>
}

/**
 * Serialisable router state. Deferred fields are awaited (a rejected one becomes an error marker),
 * so it can only be written once the page body is complete. Unknown errors lose their message:
 * internals never reach a visitor.
 */
export async function toHydrationState(
  context: Pick<StaticHandlerContext, 'loaderData' | 'errors'>,
  aborted?: AbortSignal,
): Promise<HydrationState> {
  const loaderData: Record<string, unknown> = {}
  const deferred: Record<string, string[]> = {}
  const givenUp = aborted ? whenAborted(aborted) : null
  for (const [routeId, value] of Object.entries(context.loaderData)) {
    loaderData[routeId] = await resolveDeferred(routeId, value, deferred, givenUp)
  }
  return { loaderData, errors: serializeErrors(context.errors), deferred }
}

/**
 * The hydration data of a whole document: the router state without the `head` of its page routes.
 * The server has written that head into the document; the browser applies only the heads of pages it
 * navigates to (shared/components/head-sync.tsx), and those come with their payloads. The root's
 * `head` (the site's part, shared/data/page-head.ts SiteHead) stays: every later navigation needs it.
 */
export function withoutPageHeads(state: HydrationState): HydrationState {
  const loaderData: Record<string, unknown> = {}
  for (const [routeId, value] of Object.entries(state.loaderData)) {
    loaderData[routeId] = routeId !== 'root' && isPlainRecord(value) && 'head' in value ? omitHead(value) : value
  }
  return { ...state, loaderData }
}

/**
 * The router state of a page payload: without the root route's data. The root never revalidates
 * (shared/routes.tsx: the site frame changes only with a full page load), so the browser keeps the
 * first page's and never reads another; a browser that has none loads the page as a document
 * (client/payload-source.ts).
 */
export function withoutRootData(state: HydrationState): HydrationState {
  const { root: _data, ...loaderData } = state.loaderData
  const { root: _deferred, ...deferred } = state.deferred
  return { ...state, loaderData, deferred }
}

function omitHead({ head: _head, ...rest }: Record<string, unknown>): Record<string, unknown> {
  return rest
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** Rejects once the signal aborts; never settles otherwise. */
function whenAborted(signal: AbortSignal): Promise<never> {
  const promise = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason)
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })
  promise.catch(() => {})
  return promise
}

async function resolveDeferred(
  routeId: string,
  value: unknown,
  deferred: Record<string, string[]>,
  givenUp: Promise<never> | null,
): Promise<unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  const entries = Object.entries(value)
  const promises = entries.filter(([, field]) => isThenable(field))
  if (promises.length === 0) return value
  const out: Record<string, unknown> = { ...value }
  deferred[routeId] = promises.map(([key]) => key)
  await Promise.all(
    promises.map(async ([key, promise]) => {
      try {
        out[key] = { ok: true, value: await (givenUp !== null ? Promise.race([promise, givenUp]) : promise) }
      } catch {
        out[key] = { ok: false }
      }
    }),
  )
  return out
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function'
}

function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null
  const out: Record<string, unknown> = {}
  for (const [routeId, error] of Object.entries(errors)) {
    out[routeId] = isRouteErrorResponse(error)
      ? { __type: 'RouteErrorResponse', status: error.status, statusText: error.statusText, data: error.data }
      : { __type: 'Error', message: 'Unexpected Server Error' }
  }
  return out
}
