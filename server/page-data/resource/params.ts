import { notFound } from '../../../shared/data/page-errors.ts'
import { UpstreamStatusError } from '../../errors.ts'
import type { LoaderEnv } from '../loader-env.ts'

/** Page numbers above this are refused: no list is that long, and crawlers should not walk forever. */
export const MAX_PAGE = 1000

/** Longest search term sent upstream (characters). */
export const MAX_QUERY_LENGTH = 100

const PAGE_NUMBER = /^[1-9]\d{0,3}$/
// Category, pan type and tag keys: letters, digits and a few separators, as the admin creates them.
const FILTER_KEY = /^[\p{L}\p{N}_.-]{1,64}$/u

/**
 * A page number from a path segment or the `page` query parameter (SPEC §5: a failed route validation
 * is a 404). Missing or empty means page 1; anything but a positive integer up to {@link MAX_PAGE} is a 404.
 */
export function parsePage(raw: string | null | undefined, env: Pick<LoaderEnv, 'browserPath'>): number {
  if (raw === null || raw === undefined || raw === '') return 1
  if (!PAGE_NUMBER.test(raw)) throw notFound('invalid', env.browserPath)
  const page = Number(raw)
  if (page > MAX_PAGE) throw notFound('invalid', env.browserPath)
  return page
}

/** The `page` query parameter of the request, validated as in {@link parsePage}. */
export function pageFromQuery(env: Pick<LoaderEnv, 'browserPath' | 'url'>): number {
  return parsePage(env.url.searchParams.get('page'), env)
}

/** A search term: trimmed and cut to {@link MAX_QUERY_LENGTH} characters (whole code points). */
export function parseQuery(raw: string | null): string {
  const trimmed = (raw ?? '').trim()
  const chars = Array.from(trimmed)
  return chars.length <= MAX_QUERY_LENGTH ? trimmed : chars.slice(0, MAX_QUERY_LENGTH).join('').trim()
}

/** An optional filter key from the query string; a malformed one is ignored rather than sent upstream. */
export function parseFilterKey(raw: string | null): string | null {
  const trimmed = (raw ?? '').trim()
  return FILTER_KEY.test(trimmed) ? trimmed : null
}

/**
 * Runs an upstream read whose "no such thing" answer (envelope status 404, API.md) means this address
 * names nothing: that becomes the route 404 'Page Not Found: {path}'. Other failures propagate (→ 500).
 */
export async function orNotFound<T>(env: Pick<LoaderEnv, 'browserPath'>, read: Promise<T>): Promise<T> {
  try {
    return await read
  } catch (error) {
    if (error instanceof UpstreamStatusError && error.status === 404) throw notFound('invalid', env.browserPath)
    throw error
  }
}

/** Router path plus `?page=N` when past the first page (canonical links of paginated lists). */
export function withPage(routerPath: string, page: number): string {
  return page > 1 ? `${routerPath}?page=${page}` : routerPath
}
