import { useLoaderData } from 'react-router'
import { SiteLink } from '../components/site-link.tsx'
import { tagPath, type TagPageData, type TagsPageData } from '../data/resource-data.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { Pagination } from '../components/pagination.tsx'
import { pageCount } from '../rules/page-number.ts'
import { ResourceGrid } from './resource/resource-card.tsx'
import { PageHeading, ResourceLayout } from './resource/resource-layout.tsx'

/** `/res_tags` (every tag) and `/res_tags/:tag` (one tag's resources), with the streamed aside. */
export function Component() {
  const data = useLoaderData() as TagsPageData | TagPageData
  return data.kind === 'tags' ? <AllTags data={data} /> : <OneTag data={data} />
}

function AllTags({ data }: { data: TagsPageData }) {
  const { t, format } = useI18n()
  return (
    <ResourceLayout data={data}>
      <PageHeading title={t('tags')} lead={t('resultsCount', { count: data.total })} />
      {data.tags.length === 0 ? (
        <p className="empty-state">{t('noResults')}</p>
      ) : (
        <ul className="chip-row">
          {data.tags.map((tag) => (
            <li key={tag.slug}>
              <SiteLink to={tagPath(tag.slug)} className="res-tag-cloud__tag">
                <span>{tag.name}</span>
                {tag.count !== undefined ? (
                  <span className="res-tag-cloud__count">{format.count(tag.count)}</span>
                ) : null}
              </SiteLink>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={data.page} pages={pageCount(data.total, data.pageSize)} basePath="/res_tags" />
    </ResourceLayout>
  )
}

function OneTag({ data }: { data: TagPageData }) {
  const { t } = useI18n()
  const { tag } = data
  return (
    <ResourceLayout data={data}>
      <PageHeading title={tag.name} lead={tag.description || t('resultsCount', { count: data.total })}>
        <SiteLink to="/res_tags" className="res-heading__back">
          {t('tags')}
        </SiteLink>
      </PageHeading>
      <ResourceGrid rows={data.rows} eagerFirstRow />
      <Pagination page={data.page} pages={pageCount(data.total, data.pageSize)} basePath={tagPath(tag.slug)} />
    </ResourceLayout>
  )
}
