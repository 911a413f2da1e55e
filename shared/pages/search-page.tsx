import { useLoaderData, useMatches } from 'react-router'
import { SearchBar } from '../components/search-bar.tsx'
import type { SearchPageData } from '../data/resource-data.ts'
import { Highlight } from '../components/highlight.tsx'
import { SiteLink } from '../components/site-link.tsx'
import type { ListItemView } from '../data/content-data.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { Pagination } from './resource/pagination.tsx'
import { ResourceGrid } from './resource/resource-card.tsx'
import { PageHeading, ResourceLayout } from './resource/resource-layout.tsx'

/** `/s` and `/sa`: the search form, the results grid and the streamed aside. */
export function Component() {
  const data = useLoaderData() as SearchPageData
  const { t } = useI18n()
  const matches = useMatches()
  // `/sa` pages through `/sa`; the site's own search route is `/s` to the router.
  const basePath = matches[matches.length - 1]?.id === 'sa' ? '/sa' : '/s'
  const title = data.query ? t('searchResultsFor', { query: data.query }) : t('search')
  const lead = data.rows === null ? t('searchEmptyQuery') : t('resultsCount', { count: data.total })
  return (
    <ResourceLayout data={data}>
      <PageHeading title={title} lead={lead}>
        <div className="res-search-form">
          {/* keyed by the query so the box shows the current term after a client-side search */}
          <SearchBar key={data.query} placeholder="" />
        </div>
      </PageHeading>
      {data.rows === null ? null : (
        <>
          {data.pages ? <PageResults items={data.pages} query={data.query} /> : <ResourceGrid rows={data.rows} highlight={data.query} />}
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} basePath={basePath} />
        </>
      )}
    </ResourceLayout>
  )
}

/** Matching pages of a site that searches its pages: title and description, the term marked. */
function PageResults({ items, query }: { items: ListItemView[]; query: string }) {
  const { t } = useI18n()
  if (items.length === 0) return <p className="empty-state">{t('noResults')}</p>
  return (
    <ul className="content-list content-list--style-3">
      {items.map((item) => (
        <li key={item.routerPath}>
          <SiteLink to={item.routerPath} className="content-list__text">
            <span className="content-list__title"><Highlight text={item.title} term={query} /></span>
            {item.description ? <span className="content-list__description muted"><Highlight text={item.description} term={query} /></span> : null}
          </SiteLink>
        </li>
      ))}
    </ul>
  )
}
