import type { FeedbackEntry } from '../../data/site-data.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'
import { isoDate } from '../../i18n/formatters.ts'

/**
 * Feedback messages, newest first as the upstream sends them, each with the site's reply. Visitors
 * write in any language, so each text takes its own direction (dir="auto").
 */
export function FeedbackList({ rows }: { rows: FeedbackEntry[] }) {
  const { t, format } = useI18n()
  if (rows.length === 0) return <p className="empty-state">{t('noResults')}</p>
  return (
    <ol className="site-feedback__list">
      {rows.map((row) => (
        <li key={row.id} className="card site-feedback__item">
          <p className="site-feedback__content" dir="auto">
            {row.content}
          </p>
          <time className="site-feedback__date muted" dateTime={isoDate(row.createdAt)}>
            {format.date(row.createdAt)}
          </time>
          {row.reply ? (
            <div className="site-feedback__reply">
              <p className="site-feedback__reply-label">{t('reply')}</p>
              <p className="site-feedback__reply-text" dir="auto">
                {row.reply}
              </p>
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  )
}
