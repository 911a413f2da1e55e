import { useLoaderData, useMatches } from 'react-router'
import { SearchBar } from '../components/search-bar.tsx'
import type { SearchPageData } from '../data/resource-data.ts'
import { Highlight } from '../components/highlight.tsx'
import { SiteLink } from '../components/site-link.tsx'
import type { ListItemView } from '../data/content-data.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { Pagination } from '../components/pagination.tsx'
import { pageCount } from '../rules/page-number.ts'
import { ResourceGrid } from './resource/resource-card.tsx'
import { PageHeading, ResourceLayout } from './resource/resource-layout.tsx'

/**
 * `/s` and `/sa`: the search form, the resource results grid, the site's matching pages beside them
 * (when there are any) and the streamed aside.
 */
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
          {/* "Nothing found" only when neither section has anything */}
          {data.rows.length > 0 || data.pages.length === 0 ? (
            <ResourceGrid rows={data.rows} highlight={data.query} eagerFirstRow />
          ) : null}
          <Pagination page={data.page} pages={pageCount(data.total, data.pageSize)} basePath={basePath} />
          {data.pages.length > 0 ? <PageResults items={data.pages} query={data.query} /> : null}
        </>
      )}
    </ResourceLayout>
  )
}

/** The site's pages that match: title and description, the term marked. */
function PageResults({ items, query }: { items: ListItemView[]; query: string }) {
  const { t } = useI18n()
  return (
    <section className="search-pages" aria-labelledby="search-pages-title">
      <h2 id="search-pages-title" className="search-pages__title">
        {t('matchingPages')}
      </h2>
      <ul className="search-pages__list">
        {items.map((item) => (
          <li key={item.routerPath}>
            <SiteLink to={item.routerPath} className="search-pages__link">
              <span className="search-pages__name">
                <Highlight text={item.title} term={query} />
              </span>
              {item.description ? (
                <span className="search-pages__description muted">
                  <Highlight text={item.description} term={query} />
                </span>
              ) : null}
            </SiteLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
