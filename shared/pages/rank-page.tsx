import { useLoaderData } from 'react-router'
import { SiteLink } from '../components/site-link.tsx'
import { detailPath, rankPath, searchPath, type RankPageData } from '../data/resource-data.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import type { RankRow } from '../content-types.ts'
import { PageHeading, ResourceLayout } from './resource/resource-layout.tsx'
import { TabNav, type Tab } from './resource/tab-nav.tsx'

const ALL = ''

/** Where a ranked title leads: its detail page when the site has it, else a search for it. */
function rowTarget(row: RankRow): string {
  return row.seo_title ? detailPath(row.seo_title) : searchPath(row.query || row.title)
}

/** `/rank…`: platform, category and tag navigation over a ranked table, and the streamed aside. */
export function Component() {
  const data = useLoaderData() as RankPageData
  const { t, format } = useI18n()
  const platform = data.platforms.find((p) => p.key === data.platform)
  const category = platform?.categories.find((c) => c.key === data.category)
  const tag = category?.tags.find((x) => x.key === data.tag)
  const title = [platform?.name, category?.name, tag?.name].filter(Boolean).join(' · ')

  const platformTabs: Tab[] = data.platforms.map((p) => ({ key: p.key, label: p.name, to: rankPath(p.key) }))
  const categoryTabs: Tab[] =
    platform && platform.categories.length > 0
      ? [
          { key: ALL, label: t('allCategories'), to: rankPath(platform.key) },
          ...platform.categories.map((c) => ({ key: c.key, label: c.name, to: rankPath(platform.key, c.key) })),
        ]
      : []
  const tagTabs: Tab[] =
    platform && category && category.tags.length > 0
      ? [
          { key: ALL, label: category.name, to: rankPath(platform.key, category.key) },
          ...category.tags.map((x) => ({ key: x.key, label: x.name, to: rankPath(platform.key, category.key, x.key) })),
        ]
      : []

  return (
    <ResourceLayout data={data}>
      <PageHeading title={title ? `${t('rankings')} · ${title}` : t('rankings')}>
        <TabNav label={t('rankings')} tabs={platformTabs} selected={data.platform} />
      </PageHeading>
      <TabNav label={t('category')} tabs={categoryTabs} selected={data.category ?? ALL} size="sm" />
      <TabNav label={t('tags')} tabs={tagTabs} selected={data.tag ?? ALL} size="sm" />
      {data.rows.length === 0 ? (
        <p className="empty-state">{t('noResults')}</p>
      ) : (
        <ol className="res-rank">
          {data.rows.map((row) => (
            <li key={`${row.index}-${row.title}`} className="res-rank__row">
              <span className={row.index <= 3 ? 'res-rank__index res-rank__index--top' : 'res-rank__index'}>
                <span className="visually-hidden">{t('rank')} </span>
                {row.index}
              </span>
              <SiteLink to={rowTarget(row)} className="res-rank__title">
                {row.title}
              </SiteLink>
              <span className="res-rank__score">
                <span className="visually-hidden">{t('score')} </span>
                {format.count(row.score)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </ResourceLayout>
  )
}
