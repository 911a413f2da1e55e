import type { ResourceCardView } from '../../data/content-data.ts'
import type { HotQuery } from '../../data/resource-data.ts'
import { SiteLink } from '../../components/site-link.tsx'
import { useI18n } from '../../i18n/i18n-context.tsx'
import { isoDate } from '../../i18n/formatters.ts'
import { SiteImage } from '../../components/site-image.tsx'

/**
 * Resource cards in one of the three list styles: 1 image and text, 2 image, 3 text. The page's
 * main list sets `eagerFirst`: those images load at once (the first is the phone's LCP candidate),
 * the rest lazily.
 */
export function ResourceCards({
  items,
  style = 1,
  eagerFirst = 0,
}: {
  items: ResourceCardView[]
  style?: 1 | 2 | 3
  eagerFirst?: number
}) {
  const { t, format } = useI18n()
  if (items.length === 0) return <p className="content-empty muted">{t('noResults')}</p>
  return (
    <ul className={`content-resources content-resources--style-${style}`}>
      {items.map((item, index) => (
        <li key={item.seoTitle}>
          <SiteLink to={`/d/${encodeURIComponent(item.seoTitle)}`} className="content-resource card card--interactive">
            {style !== 3 ? (
              <span className="content-resource__media">
                {item.image ? (
                  <SiteImage
                    src={item.image}
                    preset="thumbnail"
                    alt=""
                    width={480}
                    height={270}
                    sizes="(max-width: 640px) 100vw, 320px"
                    eager={index < eagerFirst}
                    priority={index === 0 && eagerFirst > 0}
                  />
                ) : (
                  <span className="content-resource__initial" aria-hidden="true">
                    {Array.from(item.title)[0] ?? ''}
                  </span>
                )}
              </span>
            ) : null}
            <span className="content-resource__body">
              <span className="content-resource__title">{item.title}</span>
              {style !== 2 && item.description ? (
                <span className="content-resource__description">{item.description}</span>
              ) : null}
              <span className="content-resource__meta muted">
                {item.category ? <span className="tag">{item.category.name}</span> : null}
                <span>{t('views', { count: item.viewCount })}</span>
                {item.updatedAt > 0 ? (
                  <time dateTime={isoDate(item.updatedAt)}>{format.date(item.updatedAt)}</time>
                ) : null}
              </span>
            </span>
          </SiteLink>
        </li>
      ))}
    </ul>
  )
}

/** Hot searches as chips linking to the search page. */
export function HotSearchChips({ items }: { items: HotQuery[] }) {
  if (items.length === 0) return null
  return (
    <ul className="content-chips">
      {items.map((item) => (
        <li key={item.query}>
          <SiteLink to={`/s?query=${encodeURIComponent(item.query)}`} className="tag">
            {item.query}
          </SiteLink>
        </li>
      ))}
    </ul>
  )
}
