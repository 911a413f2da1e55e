import { SiteLink } from '../../components/site-link.tsx'
import { feedbackListPath } from '../../data/site-data.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'

/** Previous / next links of the feedback list, with the position in between. Hidden for one page. */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useI18n()
  if (pages <= 1) return null
  const position = t('pageOf', { page, pages })
  return (
    <nav className="site-pagination" aria-label={position}>
      {page > 1 ? (
        <SiteLink to={feedbackListPath(page - 1)} className="button button--secondary" rel="prev">{t('previousPage')}</SiteLink>
      ) : (
        <span className="button button--secondary" aria-disabled="true">{t('previousPage')}</span>
      )}
      <span className="site-pagination__position">{position}</span>
      {page < pages ? (
        <SiteLink to={feedbackListPath(page + 1)} className="button button--secondary" rel="next">{t('nextPage')}</SiteLink>
      ) : (
        <span className="button button--secondary" aria-disabled="true">{t('nextPage')}</span>
      )}
    </nav>
  )
}
