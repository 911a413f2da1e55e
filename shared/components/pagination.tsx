import { useSearchParams } from 'react-router'
import { useI18n } from '../i18n/i18n-context.tsx'
import { MAX_PAGE } from '../rules/page-number.ts'
import { SiteLink } from './site-link.tsx'

type PaginationProps = {
  page: number
  pages: number
} & (
  | {
      /** Router path of the list; page links add `?page=N` and keep the other query parameters. */
      basePath: string
      pathFor?: undefined
    }
  | {
      /** For lists whose page number is a path segment (`/res/new/:category/:page`, `/feedback/:p`). */
      pathFor: (page: number) => string
      basePath?: undefined
    }
)

/** Page numbers to show: the first, the last and two either side of the current one; null is a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages))
  const sorted = [...shown].sort((a, b) => a - b)
  const out: (number | null)[] = []
  for (const n of sorted) {
    const previous = out[out.length - 1]
    if (typeof previous === 'number' && n - previous > 1) out.push(n - previous === 2 ? previous + 1 : null)
    out.push(n)
  }
  return out
}

/**
 * The one pagination of the site: numbered page links with previous and next; the current page
 * carries aria-current. Hidden for one page.
 */
export function Pagination(props: PaginationProps) {
  const { page, basePath, pathFor } = props
  const { t } = useI18n()
  const [params] = useSearchParams()
  const pages = Math.min(props.pages, MAX_PAGE)
  if (pages <= 1) return null
  const hrefFor =
    pathFor ??
    ((n: number) => {
      const next = new URLSearchParams(params)
      if (n === 1) next.delete('page')
      else next.set('page', String(n))
      const query = next.toString()
      return query ? `${basePath ?? ''}?${query}` : (basePath ?? '/')
    })
  return (
    <nav className="res-pagination" aria-label={t('pageOf', { page, pages })}>
      {page > 1 ? (
        <SiteLink to={hrefFor(page - 1)} className="res-pagination__step" rel="prev">
          {t('previousPage')}
        </SiteLink>
      ) : (
        <span className="res-pagination__step" aria-disabled="true">
          {t('previousPage')}
        </span>
      )}
      <ol className="res-pagination__pages">
        {pageWindow(page, pages).map((n, i) => (
          <li key={n ?? `gap-${i}`}>
            {n === null ? (
              <span className="res-pagination__gap" aria-hidden="true">
                …
              </span>
            ) : n === page ? (
              <SiteLink to={hrefFor(n)} className="res-pagination__page" aria-current="page">
                {n}
              </SiteLink>
            ) : (
              <SiteLink to={hrefFor(n)} className="res-pagination__page">
                {n}
              </SiteLink>
            )}
          </li>
        ))}
      </ol>
      {page < pages ? (
        <SiteLink to={hrefFor(page + 1)} className="res-pagination__step" rel="next">
          {t('nextPage')}
        </SiteLink>
      ) : (
        <span className="res-pagination__step" aria-disabled="true">
          {t('nextPage')}
        </span>
      )}
    </nav>
  )
}
