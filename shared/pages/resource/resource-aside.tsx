import { Suspense } from 'react'
import { Await } from 'react-router'
import { SiteLink } from '../../components/site-link.tsx'
import {
  detailPath,
  searchPath,
  tagPath,
  type AsideData,
  type AsideResource,
  type AsideSection,
} from '../../data/resource-data.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'
import type { MessageKey } from '../../i18n/locales/en.ts'
import type { AsideKind } from '../../types.ts'
import { safeMediaUrl } from '../../rules/safe-url.ts'
import { isoDate } from '../../i18n/formatters.ts'
import { SiteImage } from '../../components/site-image.tsx'

const DEFAULT_TITLES: Record<AsideKind, MessageKey> = {
  search: 'hotSearches',
  hot: 'hotResources',
  newest: 'newest',
  res_tag: 'tags',
  contact: 'contactUs',
}

/**
 * The resource sidebar. Which blocks it has is known at once (placeholders show meanwhile); their
 * content arrives later (a deferred loader field), so the page shell streams without waiting for it.
 * A failed load shows nothing.
 */
export function ResourceAside({ sections, aside }: { sections: AsideSection[]; aside: Promise<AsideData> }) {
  const { t } = useI18n()
  if (sections.length === 0) return null
  return (
    // Named: a page can hold several complementary landmarks (this one, the pendant).
    <aside className="res-aside" aria-label={t('recommended')}>
      <Suspense fallback={<AsideSkeleton sections={sections} />}>
        <Await resolve={aside} errorElement={<AsideUnavailable />}>
          {(data: AsideData) =>
            sections.map((section) => <AsideBlock key={section.kind} section={section} data={data} />)
          }
        </Await>
      </Suspense>
    </aside>
  )
}

function useSectionTitle(section: AsideSection): string {
  const { t } = useI18n()
  return section.label || t(DEFAULT_TITLES[section.kind])
}

/** Headings with placeholder lines while the content loads. */
function AsideSkeleton({ sections }: { sections: AsideSection[] }) {
  const { t } = useI18n()
  return (
    <div className="res-aside__loading" aria-busy="true">
      <span className="visually-hidden">{t('loading')}</span>
      {sections.map((section) => (
        <div key={section.kind} className="res-aside__block res-aside__block--skeleton" aria-hidden="true">
          <span className="res-aside__bar res-aside__bar--title" />
          <span className="res-aside__bar" />
          <span className="res-aside__bar" />
          <span className="res-aside__bar res-aside__bar--short" />
        </div>
      ))}
    </div>
  )
}

// Await needs a truthy element for its error branch; the aside is optional, so it simply stays empty.
function AsideUnavailable() {
  return null
}

function AsideBlock({ section, data }: { section: AsideSection; data: AsideData }) {
  const title = useSectionTitle(section)
  switch (section.kind) {
    case 'search':
      return data.search.length > 0 ? <HotSearches title={title} data={data} /> : null
    case 'hot':
      return data.hot.length > 0 ? <ResourceLinks title={title} rows={data.hot} ranked /> : null
    case 'newest':
      return data.newest.length > 0 ? <ResourceLinks title={title} rows={data.newest} /> : null
    case 'res_tag':
      return data.res_tag.length > 0 ? <TagCloud title={title} data={data} /> : null
    case 'contact':
      return data.contact ? <ContactBlock title={title} contact={data.contact} /> : null
  }
}

function HotSearches({ title, data }: { title: string; data: AsideData }) {
  return (
    <section className="res-aside__block">
      <h2 className="res-aside__title">{title}</h2>
      <ul className="chip-row">
        {data.search.map((hit) => (
          <li key={hit.query}>
            <SiteLink to={searchPath(hit.query)} className="res-aside__chip">
              {hit.query}
            </SiteLink>
          </li>
        ))}
      </ul>
    </section>
  )
}

function ResourceLinks({ title, rows, ranked = false }: { title: string; rows: AsideResource[]; ranked?: boolean }) {
  const { t, format } = useI18n()
  return (
    <section className="res-aside__block">
      <h2 className="res-aside__title">{title}</h2>
      <ol className={ranked ? 'res-aside__list res-aside__list--ranked' : 'res-aside__list'}>
        {rows.map((resource) => (
          <li key={resource.id}>
            <SiteLink to={detailPath(resource.seo_title)} className="res-aside__link">
              {resource.title}
            </SiteLink>
            <span className="res-aside__meta">
              {resource.view_count !== undefined ? t('views', { count: resource.view_count }) : null}
              {resource.created_at !== undefined ? (
                <time dateTime={isoDate(resource.created_at)}>{format.date(resource.created_at)}</time>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}

function TagCloud({ title, data }: { title: string; data: AsideData }) {
  return (
    <section className="res-aside__block">
      <h2 className="res-aside__title">
        <SiteLink to="/res_tags">{title}</SiteLink>
      </h2>
      <ul className="chip-row">
        {data.res_tag.map((tag) => (
          <li key={tag.slug}>
            <SiteLink to={tagPath(tag.slug)} className="tag">
              {tag.name}
            </SiteLink>
          </li>
        ))}
      </ul>
    </section>
  )
}

function ContactBlock({ title, contact }: { title: string; contact: NonNullable<AsideData['contact']> }) {
  const image = safeMediaUrl(contact.img) ?? undefined
  return (
    <section className="res-aside__block res-aside__contact">
      <h2 className="res-aside__title">{title}</h2>
      {contact.title && contact.title !== title ? <p className="res-aside__contact-name">{contact.title}</p> : null}
      {image ? (
        <SiteImage src={image} preset="thumbnail" alt={contact.title || title} width={160} height={160} />
      ) : null}
      {contact.tips ? <p className="res-aside__tips">{contact.tips}</p> : null}
    </section>
  )
}
