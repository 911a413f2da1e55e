import { Suspense } from 'react'
import { Await } from 'react-router'
import type { RssBody, RssColumnView, RssHotView } from '../../data/content-data.ts'
import { SiteLink } from '../../components/site-link.tsx'
import { useI18n } from '../../i18n/i18n-context.tsx'
import { isoDate } from '../../i18n/formatters.ts'
import { recordRssClick } from '../../rss/record-click.ts'
import { SiteImage } from '../../components/site-image.tsx'

/** An RSS page: the hot list (streamed) and one column of newest documents per source. */
export function RssView({ body, hot }: { body: RssBody; hot: Promise<RssHotView[]> | RssHotView[] | undefined }) {
  const { t } = useI18n()
  const selected = body.selectedSource !== null
  return (
    <div className={selected ? 'content-rss content-rss--single' : 'content-rss'}>
      {selected && body.sourceBase ? (
        <p>
          <SiteLink to={body.sourceBase} className="content-back">
            ← {t('back')}
          </SiteLink>
        </p>
      ) : null}
      <div className="content-rss__layout">
        <div className="content-rss__columns">
          {body.columns.length === 0 ? <p className="content-empty muted">{t('noResults')}</p> : null}
          {body.columns.map((column) => (
            <RssColumn
              key={column.id}
              column={column}
              pagePath={body.pagePath}
              readAt={body.readAt}
              sourcePath={!selected && body.sourceBase ? `${body.sourceBase}/${encodeURIComponent(column.id)}` : null}
            />
          ))}
        </div>
        {hot !== undefined && !selected ? (
          <aside className="content-rss__hot card" aria-labelledby="rss-hot-heading">
            <h2 id="rss-hot-heading">{t('rankings')}</h2>
            <Suspense fallback={<p className="muted">{t('loading')}</p>}>
              <Await resolve={hot} errorElement={<p className="muted">{t('noResults')}</p>}>
                {(rows: RssHotView[]) => <RssHotList rows={rows} pagePath={body.pagePath} />}
              </Await>
            </Suspense>
          </aside>
        ) : null}
      </div>
    </div>
  )
}

/**
 * Counts a visit of an item link: a click or keyboard activation fires `click`, a middle click
 * `auxclick`. The link itself navigates as usual, never waiting for the count.
 */
function clickRecorder(pagePath: string, title: string, link: string, rssName: string) {
  const record = () => recordRssClick({ page_path: pagePath, title, link, rss_name: rssName })
  return { onClick: record, onAuxClick: (event: React.MouseEvent) => (event.button === 1 ? record() : undefined) }
}

function RssColumn({
  column,
  sourcePath,
  readAt,
  pagePath,
}: {
  column: RssColumnView
  sourcePath: string | null
  readAt: number
  pagePath: string
}) {
  const { t, format } = useI18n()
  return (
    <section className="content-rss__column card" aria-labelledby={`rss-${column.id}`}>
      <header className="content-rss__source">
        {column.logo ? <SiteImage src={column.logo} preset="avatar" alt="" width={32} height={32} /> : null}
        <div>
          <h2 id={`rss-${column.id}`}>{column.name}</h2>
          {column.description ? <p className="muted">{column.description}</p> : null}
        </div>
      </header>
      {column.docs.length === 0 ? (
        <p className="muted">{t('noResults')}</p>
      ) : (
        <ol className="content-rss__docs">
          {column.docs.map((doc, index) => (
            <li key={`${index}-${doc.title}`} className="content-rss__doc">
              {doc.link ? (
                <a
                  href={doc.link}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  {...clickRecorder(pagePath, doc.title, doc.link, column.name)}
                >
                  {doc.title}
                </a>
              ) : (
                <span>{doc.title}</span>
              )}
              {doc.publishedAt > 0 ? (
                <time className="muted" dateTime={isoDate(doc.publishedAt)}>
                  {format.relative(doc.publishedAt, readAt)}
                </time>
              ) : doc.publishLabel ? (
                <span className="muted">{doc.publishLabel}</span>
              ) : null}
              {doc.summary ? <p className="content-rss__summary muted">{doc.summary}</p> : null}
            </li>
          ))}
        </ol>
      )}
      {sourcePath && column.total > column.docs.length ? (
        <p className="content-rss__more">
          <SiteLink to={sourcePath}>{t('readMore')} →</SiteLink>
        </p>
      ) : null}
    </section>
  )
}

function RssHotList({ rows, pagePath }: { rows: RssHotView[]; pagePath: string }) {
  const { t } = useI18n()
  if (rows.length === 0) return <p className="muted">{t('noResults')}</p>
  return (
    <ol className="content-rank">
      {rows.map((row, index) => (
        <li key={row.link}>
          <span className="content-rank__index" aria-hidden="true">
            {index + 1}
          </span>
          <a
            href={row.link}
            target="_blank"
            rel="noopener noreferrer nofollow"
            {...clickRecorder(pagePath, row.title, row.link, row.source)}
          >
            {row.title}
          </a>
          {row.source ? <span className="muted">{row.source}</span> : null}
        </li>
      ))}
    </ol>
  )
}
