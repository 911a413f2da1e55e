import { UNSAFE_ErrorResponseImpl, type HydrationState } from 'react-router'
import { readRenderedStrings, type RenderedStrings } from '../shared/i18n/rendered-strings.ts'
import { LANGUAGES, type Lang } from '../shared/types.ts'

// Hand-written parsers: zod, even zod/mini, would add about 7 KiB gzip to every first page load
// for the three shapes the browser reads before anything renders.

type RouteError = { __type?: string; status?: number; statusText?: string; data?: unknown; message?: string } & Record<
  string,
  unknown
>

/** The server's serialised router state (server/render/hydration.ts), as embedded in a page. */
interface RouterState {
  loaderData?: Record<string, unknown>
  errors?: Record<string, RouteError> | null
  deferred?: Record<string, string[]>
}

/**
 * A page payload: the router state with the page's status. `redirect` with `document` marks a page
 * the router does not show (a file, a whole document).
 */
export interface PayloadBody extends RouterState {
  status: number
  redirect?: string
  document?: boolean
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isOptional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value)
const isString = (value: unknown): value is string => typeof value === 'string'
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)
const isRecordOf = (value: unknown, check: (value: unknown) => boolean) =>
  isRecord(value) && Object.values(value).every(check)

function isRouteError(value: unknown): value is RouteError {
  return (
    isRecord(value) &&
    isOptional(value.__type, isString) &&
    isOptional(value.status, isNumber) &&
    isOptional(value.statusText, isString) &&
    isOptional(value.message, isString)
  )
}

/** The router state's fields of `value`, or null when one has the wrong shape. */
function toRouterState(value: Record<string, unknown>): RouterState | null {
  const { loaderData, errors, deferred } = value
  if (!isOptional(loaderData, isRecord)) return null
  if (!(errors === null || isOptional(errors, (errs) => isRecordOf(errs, isRouteError)))) return null
  if (!isOptional(deferred, (lists) => isRecordOf(lists, (keys) => Array.isArray(keys) && keys.every(isString))))
    return null
  const state: RouterState = {}
  if (loaderData !== undefined) state.loaderData = loaderData as Record<string, unknown>
  if (errors !== undefined) state.errors = errors as Record<string, RouteError> | null
  if (deferred !== undefined) state.deferred = deferred as Record<string, string[]>
  return state
}

/** A page payload as the server wrote it, or an error. */
export function parsePayloadBody(value: unknown): PayloadBody {
  const state = isRecord(value) ? toRouterState(value) : null
  if (
    !isRecord(value) ||
    state === null ||
    !isNumber(value.status) ||
    !isOptional(value.redirect, isString) ||
    !isOptional(value.document, (flag) => typeof flag === 'boolean')
  ) {
    throw new Error('Malformed page payload')
  }
  const body: PayloadBody = { status: value.status, ...state }
  if (value.redirect !== undefined) body.redirect = value.redirect as string
  if (value.document !== undefined) body.document = value.document as boolean
  return body
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
export function readHydrationState(element: HTMLElement | null): {
  state: HydrationState
  body: RouterState
  strings: RenderedStrings
} {
  const value: unknown = JSON.parse(element?.textContent ?? '{}')
  const body = isRecord(value) ? toRouterState(value) : null
  if (body === null) throw new Error('Malformed hydration data')
  const loaderData: Record<string, unknown> = {}
  for (const routeId of Object.keys(body.loaderData ?? {})) loaderData[routeId] = reviveRouteData(routeId, body)
  const errors: Record<string, unknown> = {}
  for (const [routeId, value] of Object.entries(body.errors ?? {})) {
    // The class react-router's own hydration revives these with (it has no public constructor), so
    // an error boundary sees the same object as after an error in the browser.
    errors[routeId] =
      value.__type === 'RouteErrorResponse'
        ? new UNSAFE_ErrorResponseImpl(value.status ?? 500, value.statusText ?? '', value.data)
        : new Error(value.message ?? 'Unexpected Server Error')
  }
  const strings = readRenderedStrings(isRecord(value) ? value.strings : undefined)
  return { state: { loaderData, errors: body.errors ? errors : null }, body, strings }
}

const isLanguage = (value: unknown): value is Lang => (LANGUAGES as readonly unknown[]).includes(value)

/** What the browser needs of the root route's data before anything renders: language and address rules. */
export interface RootRouting {
  language: Lang
  defaultLanguage: Lang
  searchRoute: string
  pathMapping: { from: string; to: string }[]
}

/** The page language and address rules from the hydration data, parsed; a page without them cannot hydrate. */
export function readRootRouting(state: HydrationState): RootRouting {
  const root = state.loaderData?.root
  const site = isRecord(root) ? root.site : undefined
  if (
    !isRecord(root) ||
    !isLanguage(root.language) ||
    !isRecord(site) ||
    !isLanguage(site.defaultLanguage) ||
    !isString(site.searchRoute) ||
    !Array.isArray(site.pathMapping) ||
    !site.pathMapping.every((rule) => isRecord(rule) && isString(rule.from) && isString(rule.to))
  ) {
    throw new Error('The page carries no usable root data')
  }
  const pathMapping = (site.pathMapping as { from: string; to: string }[]).map(({ from, to }) => ({ from, to }))
  return { language: root.language, defaultLanguage: site.defaultLanguage, searchRoute: site.searchRoute, pathMapping }
}

/** A route's data's head (PageDataBase.head), as far as the site's scripts go; null without one. */
export function pageHeadOf(data: unknown): { pageType: string | undefined } | null {
  const head = isRecord(data) ? data.head : undefined
  if (!isRecord(head)) return null
  return { pageType: isString(head.pageType) ? head.pageType : undefined }
}
