import { notFound } from '../../../shared/data/page-errors.ts'
import { postCategoryPath, postPath, type PostPageData } from '../../../shared/data/post-data.ts'
import { articleLd, isoTime } from '../../../shared/seo/json-ld.ts'
import { buildPageHead } from '../../../shared/seo/build-page-head.ts'
import { postSchema } from '../../upstream/schemas.ts'
import { absoluteHttpUrl } from '../../../shared/rules/safe-url.ts'
import { trailLd } from '../../seo/structured-data.ts'
import type { LoaderEnv } from '../loader-env.ts'
import { orNotFound } from '../or-not-found.ts'
import { toPostCategoryLink, toPostSummary } from '../../../shared/data/post-views.ts'
import { loadPostCategories } from './post-list-loader.ts'

/**
 * `/post/:id` and `/post-/:path`: one article, its markdown body rendered to sanitised HTML here on
 * the server (the page only inserts that string). An article the upstream does not have is a 404.
 */
export async function loadPost(env: LoaderEnv, by: 'id' | 'path'): Promise<PostPageData> {
  const key = (env.params[by] ?? '').trim()
  if (key === '' || key.length > 200) throw notFound('invalid', env.browserPath)
  const [post, categories] = await Promise.all([
    orNotFound(env, env.upstream.data('/v1/post/get', { [by]: key }, postSchema)),
    loadPostCategories(env),
  ])
  const image = absoluteHttpUrl(post.cover, env.absoluteUrl)
  const at = isoTime(post.created_at)
  const published = at ? { at, modified: isoTime(post.updated_at) ?? at } : null
  const head = buildPageHead({
    site: env.tenant.site,
    tdkKey: 'post_detail_page_config',
    values: { articleName: post.title, articleDescription: post.description, categoryName: post.category.name },
    fallbackTitle: post.title,
    fallbackDescription: post.description,
    // Both addresses of an article name one canonical: the readable path when it has one.
    urls: env.pageUrls(postPath(post)),
    ogType: 'article',
    image,
    // The cover is drawn beside the title it illustrates (alt="" there); alone in a preview, the
    // title says what it shows.
    imageAlt: post.title,
    pageType: 'ugc_post',
    ...(published ? { published } : {}),
    jsonLd: [
      published
        ? articleLd({
            headline: post.title,
            description: post.description,
            url: env.absoluteUrl(postPath(post)),
            image,
            published: published.at,
            modified: published.modified,
            author: post.author.nick_name,
            publisher: {
              name: env.tenant.site.base_info.app_name,
              logo: absoluteHttpUrl(env.tenant.site.base_info.logo, env.absoluteUrl),
            },
          })
        : null,
      trailLd(env, [
        [env.t('posts'), '/post'],
        ...(post.category.id && post.category.name
          ? [[post.category.name, postCategoryPath(post.category.id)] as const]
          : []),
        [post.title, postPath(post)],
      ]),
    ],
  })
  return {
    kind: 'post',
    head,
    post: toPostSummary(post),
    html: env.markdown.renderMarkdown(post.content),
    categories: categories.map(toPostCategoryLink),
  }
}
