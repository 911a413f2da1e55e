import { notFound } from '../../shared/data/page-errors.ts'
import { toPageNumber } from '../../shared/rules/page-number.ts'
import type { LoaderEnv } from './loader-env.ts'

/**
 * The one reading of a page number in an address, a path segment or the `page` query parameter
 * (SPEC §5: a failed route validation is a 404). None given means page 1; anything
 * {@link toPageNumber} refuses (an empty segment among them) is a 404.
 */
export function parsePage(raw: string | null | undefined, env: Pick<LoaderEnv, 'browserPath'>): number {
  const page = raw === null || raw === undefined ? 1 : toPageNumber(raw)
  if (page === null) throw notFound('invalid', env.browserPath)
  return page
}

/** The `page` query parameter of the request, read as in {@link parsePage}. */
export function pageFromQuery(env: Pick<LoaderEnv, 'browserPath' | 'url'>): number {
  // `?page=` (a form's empty field) is the first page, like no parameter at all.
  return parsePage(env.url.searchParams.get('page') || null, env)
}

/** Router path plus `?page=N` when past the first page (canonical links of paginated lists). */
export function withPage(routerPath: string, page: number): string {
  return page > 1 ? `${routerPath}?page=${page}` : routerPath
}
