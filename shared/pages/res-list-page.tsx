import { useLoaderData } from 'react-router'
import { categoryPath, type ResListPageData } from '../data/resource-data.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { Pagination } from '../components/pagination.tsx'
import { pageCount } from '../rules/page-number.ts'
import { ResourceGrid } from './resource/resource-card.tsx'
import { PageHeading, ResourceLayout } from './resource/resource-layout.tsx'
import { TabNav, type Tab } from './resource/tab-nav.tsx'

// Tab key of "every category" (category keys are never empty).
const ALL = ''

/** `/res…`: newest or hottest resources, category tabs, pagination and the streamed aside. */
export function Component() {
  const data = useLoaderData() as ResListPageData
  const { t } = useI18n()
  const { list, category } = data
  const listName = t(list === 'new' ? 'newResources' : 'hotResources')
  const base = (kind: 'new' | 'hot') => (category ? categoryPath(category.key, kind) : `/res/${kind}`)
  const kindTabs: Tab[] = [
    { key: 'new', label: t('newResources'), to: base('new') },
    { key: 'hot', label: t('hotResources'), to: base('hot') },
  ]
  const categoryTabs: Tab[] = [
    { key: ALL, label: t('allCategories'), to: `/res/${list}` },
    ...data.categories.map((c) => ({
      key: c.key,
      label: c.name,
      to: categoryPath(c.key, list),
      ...(c.count !== undefined ? { count: c.count } : {}),
    })),
  ]
  // The newest resources of a category page through path segments (`/res/new/:category/:page`).
  const pathFor =
    list === 'new' && category
      ? (page: number) => (page === 1 ? categoryPath(category.key) : `${categoryPath(category.key)}/${page}`)
      : undefined
  return (
    <ResourceLayout data={data}>
      <PageHeading title={category ? `${category.name} · ${listName}` : listName}>
        <TabNav label={`${t('newResources')} / ${t('hotResources')}`} tabs={kindTabs} selected={list} />
      </PageHeading>
      <TabNav label={t('category')} tabs={categoryTabs} selected={category?.key ?? ALL} size="sm" />
      <ResourceGrid rows={data.rows} eagerFirstRow />
      {pathFor ? (
        <Pagination page={data.page} pages={pageCount(data.total, data.pageSize)} pathFor={pathFor} />
      ) : (
        <Pagination page={data.page} pages={pageCount(data.total, data.pageSize)} basePath={base(list)} />
      )}
    </ResourceLayout>
  )
}
