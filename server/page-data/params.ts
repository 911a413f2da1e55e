import { notFound } from '../../shared/data/page-errors.ts'
import { toPageNumber } from '../../shared/rules/page-number.ts'
import type { LoaderEnv } from './loader-env.ts'

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
