import { UNSAFE_ErrorResponseImpl, type HydrationState } from 'react-router'

/** The server's serialised router state (server/render/hydration.ts), as a payload or hydration. */
export interface PayloadBody {
  status: number
  redirect?: string
  /** With `redirect`: the page is not one the router shows (a file, a whole document); load it as a document. */
  document?: boolean
  loaderData?: Record<string, unknown>
  errors?: Record<string, unknown> | null
  deferred?: Record<string, string[]>
}

type Settled = { ok: true; value: unknown } | { ok: false }

/**
 * One route's data with its deferred fields turned back into promises. They are already settled,
 * and marked the way react-router's <Await> reads, so hydration renders them without suspending.
 */
export function reviveRouteData(routeId: string, body: PayloadBody): unknown {
  const value = body.loaderData?.[routeId]
  const keys = body.deferred?.[routeId]
  if (!keys || value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) }
  for (const key of keys) out[key] = settledPromise(out[key] as Settled)
  return out
}

function settledPromise(settled: Settled): Promise<unknown> {
  if (settled?.ok) return Object.assign(Promise.resolve(settled.value), { _tracked: true, _data: settled.value })
  const error = new Error('Deferred data failed to load')
  const promise = Promise.reject(error)
  promise.catch(() => {})
  return Object.assign(promise, { _tracked: true, _error: error })
}

/** The hydration state embedded by the server, in the router's own form. */
export function readHydrationState(element: HTMLElement | null): { state: HydrationState; body: PayloadBody } {
  const body = JSON.parse(element?.textContent ?? '{}') as PayloadBody
  const loaderData: Record<string, unknown> = {}
  for (const routeId of Object.keys(body.loaderData ?? {})) loaderData[routeId] = reviveRouteData(routeId, body)
  const errors: Record<string, unknown> = {}
  for (const [routeId, error] of Object.entries(body.errors ?? {})) {
    const value = error as { __type?: string; status: number; statusText: string; data: unknown; message?: string }
    errors[routeId] = value.__type === 'RouteErrorResponse' ? new UNSAFE_ErrorResponseImpl(value.status, value.statusText, value.data) : new Error(value.message ?? 'Unexpected Server Error')
  }
  return { state: { loaderData, errors: body.errors ? errors : null }, body }
}
