import { UNSAFE_ErrorResponseImpl, type HydrationState } from 'react-router'
import * as z from 'zod/mini'
import { LANGUAGES, type Lang } from '../shared/types.ts'

const routeErrorSchema = z.looseObject({
  __type: z.optional(z.string()),
  status: z.optional(z.number()),
  statusText: z.optional(z.string()),
  data: z.optional(z.unknown()),
  message: z.optional(z.string()),
})

/** The server's serialised router state (server/render/hydration.ts), as embedded in a page. */
const routerStateShape = {
  loaderData: z.optional(z.record(z.string(), z.unknown())),
  errors: z.optional(z.nullable(z.record(z.string(), routeErrorSchema))),
  deferred: z.optional(z.record(z.string(), z.array(z.string()))),
}
const hydrationBodySchema = z.object(routerStateShape)

/**
 * A page payload: the router state with the page's status. `redirect` with `document` marks a page
 * the router does not show (a file, a whole document).
 */
const payloadBodySchema = z.object({
  status: z.number(),
  redirect: z.optional(z.string()),
  document: z.optional(z.boolean()),
  ...routerStateShape,
})
export type PayloadBody = z.infer<typeof payloadBodySchema>
type RouterState = z.infer<typeof hydrationBodySchema>

/** A page payload as the server wrote it, or an error. */
export function parsePayloadBody(value: unknown): PayloadBody {
  const parsed = payloadBodySchema.safeParse(value)
  if (!parsed.success) throw new Error('Malformed page payload')
  return parsed.data
}

type Settled = { ok: true; value: unknown } | { ok: false }

/**
 * One route's data with its deferred fields turned back into promises. They are already settled,
 * and marked the way react-router's <Await> reads, so hydration renders them without suspending.
 */
export function reviveRouteData(routeId: string, body: RouterState): unknown {
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
export function readHydrationState(element: HTMLElement | null): { state: HydrationState; body: RouterState } {
  const parsed = hydrationBodySchema.safeParse(JSON.parse(element?.textContent ?? '{}'))
  if (!parsed.success) throw new Error('Malformed hydration data')
  const body = parsed.data
  const loaderData: Record<string, unknown> = {}
  for (const routeId of Object.keys(body.loaderData ?? {})) loaderData[routeId] = reviveRouteData(routeId, body)
  const errors: Record<string, unknown> = {}
  for (const [routeId, value] of Object.entries(body.errors ?? {})) {
    errors[routeId] = value.__type === 'RouteErrorResponse'
      ? new UNSAFE_ErrorResponseImpl(value.status ?? 500, value.statusText ?? '', value.data)
      : new Error(value.message ?? 'Unexpected Server Error')
  }
  return { state: { loaderData, errors: body.errors ? errors : null }, body }
}

const language = z.enum(LANGUAGES)
const rootRoutingSchema = z.object({
  language,
  site: z.looseObject({
    defaultLanguage: language,
    searchRoute: z.string(),
    pathMapping: z.array(z.object({ from: z.string(), to: z.string() })),
  }),
})

/** What the browser needs of the root route's data before anything renders: language and address rules. */
export interface RootRouting { language: Lang; defaultLanguage: Lang; searchRoute: string; pathMapping: { from: string; to: string }[] }

/** The page language and address rules from the hydration data, parsed; a page without them cannot hydrate. */
export function readRootRouting(state: HydrationState): RootRouting {
  const parsed = rootRoutingSchema.safeParse(state.loaderData?.root)
  if (!parsed.success) throw new Error('The page carries no usable root data')
  const { language: lang, site } = parsed.data
  return { language: lang, defaultLanguage: site.defaultLanguage, searchRoute: site.searchRoute, pathMapping: site.pathMapping }
}
