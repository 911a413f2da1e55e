import { notFound } from '../../../shared/data/page-errors.ts'
import { tagPath, type TagPageData, type TagsPageData } from '../../../shared/data/resource-data.ts'
import { buildPageHead } from '../../../shared/seo/build-page-head.ts'
import { tagListSchema, tagResourcesSchema } from '../../upstream/schemas.ts'
import { listLd, resourceListLd } from '../../seo/structured-data.ts'
import type { LoaderEnv } from '../loader-env.ts'
import { orNotFound } from '../or-not-found.ts'
import { pageFromQuery, withPage } from '../params.ts'
import { toResourceSummary, toTagCount } from '../../../shared/data/resource-views.ts'
import { deferredAside } from './aside.ts'
import { LIST_PAGE_SIZE } from './list-loader.ts'
import { parseFilterKey } from './params.ts'

/** Tags per page of the tag index: they are small chips, so a page holds many. */
export const TAGS_PAGE_SIZE = 100

/** `/res_tags`: every tag, paginated. */
export async function loadTagsPage(env: LoaderEnv): Promise<TagsPageData> {
  const page = pageFromQuery(env)
  const aside = deferredAside(env)
  const result = await env.upstream.data('/v1/resource/tags', { page, page_size: TAGS_PAGE_SIZE }, tagListSchema)
  if (page > 1 && result.rows.length === 0) throw notFound('invalid', env.browserPath)
  const head = buildPageHead({
    site: env.tenant.site,
    tdkKey: 'res_tags_page_config',
    fallbackTitle: env.t('tags'),
    urls: env.pageUrls(withPage('/res_tags', page)),
    pageType: 'resource',
    jsonLd: [
      listLd(
        env,
        result.rows.map((tag) => ({ name: tag.name, path: tagPath(tag.slug) })),
      ),
    ],
  })
  return {
    kind: 'tags',
    head,
    tags: result.rows.map(toTagCount),
    page,
    pageSize: TAGS_PAGE_SIZE,
    total: result.total,
    ...aside,
  }
}

/** `/res_tags/:tag`: the tag and its resources. A tag the upstream does not know is a 404. */
export async function loadTagPage(env: LoaderEnv): Promise<TagPageData> {
  const slug = parseFilterKey(env.params.tag ?? '')
  if (slug === null) throw notFound('invalid', env.browserPath)
  const page = pageFromQuery(env)
  const aside = deferredAside(env)
  const body = { tag: slug, page, page_size: LIST_PAGE_SIZE }
  const result = await orNotFound(env, env.upstream.data('/v1/resource/tags', body, tagResourcesSchema))
  if (page > 1 && result.rows.length === 0) throw notFound('invalid', env.browserPath)
  const { tag } = result
  const head = buildPageHead({
    site: env.tenant.site,
    tdkKey: 'res_tag_page_config',
    values: { tagName: tag.name, tagDescription: tag.description ?? '' },
    fallbackTitle: tag.name,
    fallbackDescription: tag.description,
    urls: env.pageUrls(withPage(tagPath(tag.slug || slug), page)),
    pageType: 'resource',
    jsonLd: [resourceListLd(env, result.rows)],
  })
  return {
    kind: 'tag',
    head,
    tag,
    rows: result.rows.map(toResourceSummary),
    page,
    pageSize: LIST_PAGE_SIZE,
    total: result.total,
    ...aside,
  }
}
