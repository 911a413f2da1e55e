import { useState, type FormEvent, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { SiteLink } from '../../components/site-link.tsx'
import { useSiteHref } from '../../components/site-context.tsx'
import { postCategoryPath } from '../../data/post-data.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'
import type { PostCategory } from '../../content-types.ts'

/** The article search box: a plain GET form that navigates client-side when scripts run. */
function PostSearchForm({ query = '' }: { query?: string }) {
  const { t } = useI18n()
  const href = useSiteHref()
  const navigate = useNavigate()
  const [value, setValue] = useState(query)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = value.trim()
    if (trimmed !== '') void navigate(`/search/post?query=${encodeURIComponent(trimmed)}`)
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is newer than the browsers the bundle targets (Safari 16.4, Chrome 111)
    <form className="post-search" role="search" action={href('/search/post')} method="get" onSubmit={onSubmit}>
      <label className="visually-hidden" htmlFor="post-search-query">
        {t('searchPosts')}
      </label>
      <input
        id="post-search-query"
        type="search"
        name="query"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t('searchPosts')}
        maxLength={100}
      />
      <button type="submit" className="button">
        {t('search')}
      </button>
    </form>
  )
}

/** Article categories; the current one carries aria-current. */
function PostCategories({ categories, selected }: { categories: PostCategory[]; selected: string | null }) {
  const { t } = useI18n()
  if (categories.length === 0) return null
  return (
    <nav className="post-categories" aria-label={t('postCategories')}>
      <h2 className="post-side__title">{t('postCategories')}</h2>
      <ul>
        <li>
          <SiteLink to="/post" aria-current={selected === null ? 'page' : undefined}>
            {t('allCategories')}
          </SiteLink>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <SiteLink to={postCategoryPath(category.id)} aria-current={category.id === selected ? 'page' : undefined}>
              <span>{category.name}</span>
              {category.count !== undefined ? <span className="post-categories__count">{category.count}</span> : null}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** Article pages: content, then a sidebar with search and categories (below the content on small screens). */
export function PostLayout({
  categories,
  selected,
  query,
  children,
}: {
  categories: PostCategory[]
  selected: string | null
  query?: string
  children: ReactNode
}) {
  const { t } = useI18n()
  return (
    <div className="post-layout">
      <div className="post-layout__main">{children}</div>
      <aside className="post-side" aria-label={t('postCategories')}>
        <PostSearchForm key={query ?? ''} {...(query !== undefined ? { query } : {})} />
        <PostCategories categories={categories} selected={selected} />
      </aside>
    </div>
  )
}
