import { useLoaderData } from 'react-router'
import type { PostSearchPageData } from '../data/post-data.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { PostList } from './post/post-list.tsx'
import { PostLayout } from './post/post-sidebar.tsx'
import { Pagination } from './resource/pagination.tsx'

/** `/search/post?query=`: article search results, or the prompt without a query. */
export function Component() {
  const data = useLoaderData() as PostSearchPageData
  const { t } = useI18n()
  return (
    <PostLayout categories={data.categories} selected={null} query={data.query}>
      <header className="post-heading">
        <h1>{data.query ? t('searchResultsFor', { query: data.query }) : t('searchPosts')}</h1>
        <p className="post-heading__lead">
          {data.rows === null ? t('searchEmptyQuery') : t('resultsCount', { count: data.total })}
        </p>
      </header>
      {data.rows === null ? null : (
        <>
          <PostList rows={data.rows} highlight={data.query} />
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} basePath="/search/post" />
        </>
      )}
    </PostLayout>
  )
}
