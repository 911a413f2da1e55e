import { data, isRouteErrorResponse } from 'react-router'

/** The body of an error response thrown by a loader. */
export interface PageErrorData {
  message: string
}

/**
 * 404 for an address no route matches (SPEC §8: 'Page not found: {path}'), or whose route
 * validation failed ('Page Not Found: {path}') — the two texts differ on purpose.
 */
export function notFound(reason: 'unmatched' | 'invalid', path: string) {
  const message = reason === 'unmatched' ? `Page not found: ${path}` : `Page Not Found: ${path}`
  return data<PageErrorData>({ message }, { status: 404 })
}

/** A 400 for input that can never be valid, such as an unsafe outbound link. */
export function badRequest(message: string) {
  return data<PageErrorData>({ message }, { status: 400 })
}

/** Status and visitor-safe message of anything a route threw. Unknown errors never show details. */
export function describeRouteError(error: unknown): { status: number; message: string | null } {
  if (isRouteErrorResponse(error)) {
    const body = error.data as Partial<PageErrorData> | undefined
    return { status: error.status, message: typeof body?.message === 'string' ? body.message : null }
  }
  return { status: 500, message: null }
}
