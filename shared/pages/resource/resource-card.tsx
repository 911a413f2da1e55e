import { Highlight } from '../../components/highlight.tsx'
import { SiteLink } from '../../components/site-link.tsx'
import { categoryPath, detailPath, tagPath, type ResourceSummary } from '../../data/resource-data.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'
import { safeMediaUrl } from '../../rules/safe-url.ts'
import { isoDate } from '../../i18n/formatters.ts'
import { SiteImage } from '../../components/site-image.tsx'

interface ResourceCardProps {
  resource: ResourceSummary
  /** The card title's heading level, so headings stay in order under the page's own. */
  headingLevel?: 2 | 3
  /** In the first row of the page's main grid: the image loads at once (it may be the LCP). */
  eagerImage?: boolean
  /** A search term to mark in the title and description. */
  highlight?: string | undefined
}

/**
 * One resource in a grid: cover, title (the detail link), short description, category, tags and
 * the last update. The cover repeats the title link, so it is hidden from assistive technology.
 */
function ResourceCard({ resource, headingLevel = 2, highlight, eagerImage = false }: ResourceCardProps) {
  const { format } = useI18n()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const to = detailPath(resource.seo_title)
  const image = safeMediaUrl(resource.image) ?? undefined
  const date = resource.date
  return (
    <article className="res-card">
      <SiteLink to={to} className="res-card__media" tabIndex={-1} aria-hidden="true">
        {image ? (
          <SiteImage
            src={image}
            preset="thumbnail"
            alt=""
            width={320}
            height={180}
            sizes="(max-width: 640px) 100vw, 320px"
            eager={eagerImage}
          />
        ) : (
          <span className="res-card__placeholder">{Array.from(resource.title)[0] ?? ''}</span>
        )}
      </SiteLink>
      <div className="res-card__body">
        <Heading className="res-card__title">
          <SiteLink to={to}>
            <Highlight text={resource.title} term={highlight} />
          </SiteLink>
        </Heading>
        {resource.description ? (
          <p className="res-card__description">
            <Highlight text={resource.description} term={highlight} />
          </p>
        ) : null}
        {resource.tags.length > 0 ? (
          // No name of its own: a list is no landmark, and the card's heading already says whose tags these are.
          <ul className="res-card__tags">
            {resource.tags.map((tag) => (
              <li key={tag.slug}>
                <SiteLink to={tagPath(tag.slug)} className="tag">
                  {tag.name}
                </SiteLink>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="res-card__meta">
          {resource.category.key ? (
            <SiteLink to={categoryPath(resource.category.key)} className="res-card__category">
              {resource.category.name}
            </SiteLink>
          ) : null}
          {date > 0 ? <time dateTime={isoDate(date)}>{format.date(date)}</time> : null}
        </div>
      </div>
    </article>
  )
}

/** Cards of a page's main grid whose images load at once: the first row on wide screens. */
const EAGER_CARDS = 4

/**
 * A responsive grid of resource cards, or the "nothing found" note when empty. The page's main grid
 * sets `eagerFirstRow`; a grid further down the page loads every image lazily.
 */
export function ResourceGrid({
  rows,
  headingLevel = 2,
  highlight,
  eagerFirstRow = false,
}: {
  rows: ResourceSummary[]
  headingLevel?: 2 | 3
  highlight?: string
  eagerFirstRow?: boolean
}) {
  const { t } = useI18n()
  if (rows.length === 0) return <p className="empty-state">{t('noResults')}</p>
  return (
    <ul className="res-grid">
      {rows.map((resource, index) => (
        <li key={resource.id}>
          <ResourceCard
            resource={resource}
            headingLevel={headingLevel}
            highlight={highlight}
            eagerImage={eagerFirstRow && index < EAGER_CARDS}
          />
        </li>
      ))}
    </ul>
  )
}
