import { useLoaderData } from 'react-router'
import { postCategoryPath, type PostListPageData } from '../data/post-data.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { PostList } from './post/post-list.tsx'
import { PostLayout } from './post/post-sidebar.tsx'
import { Pagination } from '../components/pagination.tsx'
import { pageCount } from '../rules/page-number.ts'
import { WritePostSlot } from '../post-editor/write-post-slot.tsx'

/** `/post` and `/pcat/:id`: a page of articles with the category sidebar. */
export function Component() {
  const data = useLoaderData() as PostListPageData
  const { t } = useI18n()
  const { category } = data
  return (
    <PostLayout categories={data.categories} selected={category?.id ?? null}>
      <header className="post-heading">
        <h1>{category?.name ?? t('posts')}</h1>
        {category?.description ? <p className="post-heading__lead">{category.description}</p> : null}
      </header>
      <WritePostSlot categories={data.categories} categoryId={category?.id ?? ''} />
      <PostList rows={data.rows} />
      <Pagination
        page={data.page}
        pages={pageCount(data.total, data.pageSize)}
        basePath={category ? postCategoryPath(category.id) : '/post'}
      />
    </PostLayout>
  )
}
