import { notFound } from '../../shared/data/page-errors.ts'
import type { LoaderEnv } from './loader-env.ts'

/** Page numbers above this are refused: no list is that long, and crawlers should not walk forever. */
export const MAX_PAGE = 1000

// Digits only: no sign, leading zero, exponent or blanks, so one page has one address.
const PAGE_NUMBER = /^[1-9]\d{0,3}$/

/** A page number written as a positive integer up to {@link MAX_PAGE}, else null. */
export function toPageNumber(raw: string): number | null {
  if (!PAGE_NUMBER.test(raw)) return null
  const page = Number(raw)
  return page <= MAX_PAGE ? page : null
}

/**
 * A page number from a path segment or the `page` query parameter (SPEC §5: a failed route validation
 * is a 404). Missing or empty means page 1; anything {@link toPageNumber} refuses is a 404.
 */
export function parsePage(raw: string | null | undefined, env: Pick<LoaderEnv, 'browserPath'>): number {
  if (raw === null || raw === undefined || raw === '') return 1
  const page = toPageNumber(raw)
  if (page === null) throw notFound('invalid', env.browserPath)
  return page
}

/** The `page` query parameter of the request, validated as in {@link parsePage}. */
export function pageFromQuery(env: Pick<LoaderEnv, 'browserPath' | 'url'>): number {
  return parsePage(env.url.searchParams.get('page'), env)
}

/** Router path plus `?page=N` when past the first page (canonical links of paginated lists). */
export function withPage(routerPath: string, page: number): string {
  return page > 1 ? `${routerPath}?page=${page}` : routerPath
}
