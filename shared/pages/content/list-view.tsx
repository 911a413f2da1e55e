import type { ListBody, ListItemView } from '../../data/content-data.ts'
import { Pagination } from '../../components/pagination.tsx'
import { SiteLink } from '../../components/site-link.tsx'
import { useI18n } from '../../i18n/i18n-context.tsx'
import { isoDate } from '../../i18n/formatters.ts'
import { SiteImage } from '../../components/site-image.tsx'

/** A list page in its style: 1 image-and-text cards, 2 image tiles, 3 a text list; paged when long. */
export function ListView({ body }: { body: ListBody }) {
  const { t } = useI18n()
  if (body.items.length === 0) return <p className="content-empty muted">{t('noResults')}</p>
  return (
    <>
      <ul className={`content-list content-list--style-${body.style}`}>
        {body.items.map((item) => (
          <li key={item.routerPath}>
            <ListItem item={item} style={body.style} />
          </li>
        ))}
      </ul>
      {body.pageBase ? <Pagination page={body.page} pages={body.pages} pathFor={pagePathOf(body.pageBase)} /> : null}
    </>
  )
}

function ListItem({ item, style }: { item: ListItemView; style: 1 | 2 | 3 }) {
  const { format } = useI18n()
  const date =
    item.updatedAt > 0 ? (
      <time className="muted" dateTime={isoDate(item.updatedAt)}>
        {format.date(item.updatedAt)}
      </time>
    ) : null
  if (style === 3) {
    return (
      <SiteLink to={item.routerPath} className="content-list__text">
        <span className="content-list__title">{item.title}</span>
        {item.description ? <span className="content-list__description muted">{item.description}</span> : null}
        {date}
      </SiteLink>
    )
  }
  return (
    <SiteLink to={item.routerPath} className="content-list__card card card--interactive">
      <span className="content-list__media">
        {item.cover ? (
          <SiteImage
            src={item.cover}
            preset="thumbnail"
            alt=""
            width={480}
            height={270}
            sizes="(max-width: 640px) 100vw, 320px"
          />
        ) : (
          <span className="content-list__initial" aria-hidden="true">
            {Array.from(item.title)[0] ?? ''}
          </span>
        )}
      </span>
      <span className="content-list__body">
        <span className="content-list__title">{item.title}</span>
        {style === 1 && item.description ? (
          <span className="content-list__description muted">{item.description}</span>
        ) : null}
        {style === 1 ? date : null}
      </span>
    </SiteLink>
  )
}

/** Page 1 of a list page is the page's own address; later pages add a segment. */
function pagePathOf(base: string): (page: number) => string {
  return (page) => (page === 1 ? base : `${base}/${page}`)
}
