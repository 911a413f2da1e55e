import { notFound } from '../../../shared/data/page-errors.ts'
import {
  postCategoryPath,
  postPath,
  type PostListPageData,
  type PostSearchPageData,
} from '../../../shared/data/post-data.ts'
import { toPostCategoryLink, toPostListItem } from '../../../shared/data/post-views.ts'
import { buildPageHead } from '../../../shared/seo/build-page-head.ts'
import type { PostCategory } from '../../../shared/content-types.ts'
import { postCategoriesSchema, postPageSchema } from '../../upstream/schemas.ts'
import { listLd } from '../../seo/structured-data.ts'
import type { LoaderEnv } from '../loader-env.ts'
import { pageFromQuery, withPage } from '../params.ts'
import { parseQuery } from '../resource/params.ts'

/** Articles per list page: text rows with a cover, so fewer than the resource grid. */
export const POST_PAGE_SIZE = 20

/** The article categories of the sidebar (`/v1/post/category/list`). */
export async function loadPostCategories(env: Pick<LoaderEnv, 'upstream'>): Promise<PostCategory[]> {
  const { rows } = await env.upstream.data('/v1/post/category/list', {}, postCategoriesSchema)
  return rows
}

/**
 * `/post` (every article) and `/pcat/:id` (one category; an id the category list does not hold is a
 * 404). `?page=` selects the page; past the last one is a 404 too.
 */
export async function loadPostList(env: LoaderEnv, withCategory: boolean): Promise<PostListPageData> {
  const categoryId = withCategory ? (env.params.id ?? '').trim() : null
  if (categoryId === '' || (categoryId !== null && categoryId.length > 64)) throw notFound('invalid', env.browserPath)
  const page = pageFromQuery(env)
  const body = { ...(categoryId ? { category_id: categoryId } : {}), page, page_size: POST_PAGE_SIZE }
  const [categories, result] = await Promise.all([
    loadPostCategories(env),
    env.upstream.data('/v1/post/list', body, postPageSchema),
  ])
  const category = categoryId === null ? null : categories.find((c) => c.id === categoryId)
  if (category === undefined) throw notFound('invalid', env.browserPath)
  if (page > 1 && result.rows.length === 0) throw notFound('invalid', env.browserPath)

  const head = buildPageHead({
    site: env.tenant.site,
    tdkKey: category ? 'post_category_page_config' : 'post_page_config',
    values: { categoryName: category?.name ?? '' },
    fallbackTitle: category?.name ?? env.t('posts'),
    fallbackDescription: category?.description,
    urls: env.pageUrls(withPage(category ? postCategoryPath(category.id) : '/post', page)),
    pageType: 'ugc_post',
    jsonLd: [
      listLd(
        env,
        result.rows.map((post) => ({ name: post.title, path: postPath(post) })),
      ),
    ],
  })
  return {
    kind: 'post-list',
    head,
    category,
    categories: categories.map(toPostCategoryLink),
    rows: result.rows.map(toPostListItem),
    page,
    pageSize: POST_PAGE_SIZE,
    total: result.total,
  }
}

/** `/search/post?query=`: article search; an empty query shows the prompt without searching. */
export async function loadPostSearch(env: LoaderEnv): Promise<PostSearchPageData> {
  const query = parseQuery(env.url.searchParams.get('query'))
  const page = pageFromQuery(env)
  const search =
    query === ''
      ? Promise.resolve(null)
      : env.upstream.data('/v1/post/list', { query, page, page_size: POST_PAGE_SIZE }, postPageSchema)
  const [categories, result] = await Promise.all([loadPostCategories(env), search])
  const head = buildPageHead({
    site: env.tenant.site,
    tdkKey: 'post_search_page_config',
    values: { searchTerm: query },
    fallbackTitle: query || env.t('searchPosts'),
    urls: env.pageUrls('/search/post'),
    robots: 'noindex,follow',
    pageType: 'ugc_post',
  })
  return {
    kind: 'post-search',
    head,
    query,
    categories: categories.map(toPostCategoryLink),
    rows: result ? result.rows.map(toPostListItem) : null,
    page,
    pageSize: POST_PAGE_SIZE,
    total: result?.total ?? 0,
  }
}
