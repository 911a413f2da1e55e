import { useLoaderData } from 'react-router'
import { SiteLink } from '../components/site-link.tsx'
import { postCategoryPath, type PostPageData } from '../data/post-data.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { safeMediaUrl } from '../rules/safe-url.ts'
import { PostLayout } from './post/post-sidebar.tsx'
import { isoDate } from '../i18n/formatters.ts'
import { SiteImage } from '../components/site-image.tsx'

/** `/post/:id` and `/post-/:path`: one article (its HTML was sanitised by the loader). */
export function Component() {
  const data = useLoaderData() as PostPageData
  const { post } = data
  const { t, format } = useI18n()
  const cover = safeMediaUrl(post.cover) ?? undefined
  const avatar = safeMediaUrl(post.author.avatar) ?? undefined
  return (
    <PostLayout categories={data.categories} selected={post.category.id || null}>
      <article className="detail-panel">
        <div className="post-breadcrumb">
          <ol>
            <li>
              <SiteLink to="/post">{t('posts')}</SiteLink>
            </li>
            {post.category.id ? (
              <li>
                <SiteLink to={postCategoryPath(post.category.id)}>{post.category.name}</SiteLink>
              </li>
            ) : null}
          </ol>
        </div>
        <header className="post-article__header">
          <h1>{post.title}</h1>
          <div className="post-meta">
            {post.author.nick_name ? (
              <span className="post-meta__author">
                {avatar ? <SiteImage src={avatar} preset="avatar" alt="" width={28} height={28} eager /> : null}
                {t('byAuthor', { name: post.author.nick_name })}
              </span>
            ) : null}
            {post.created_at > 0 ? (
              <time dateTime={isoDate(post.created_at)}>
                {t('publishedAt', { date: format.date(post.created_at) })}
              </time>
            ) : null}
            {post.updated_at > post.created_at ? (
              <time dateTime={isoDate(post.updated_at)}>{t('updatedAt', { date: format.date(post.updated_at) })}</time>
            ) : null}
            <span>{t('views', { count: post.view_count })}</span>
          </div>
        </header>
        {cover ? (
          <SiteImage
            className="post-article__cover"
            src={cover}
            preset="cover"
            alt=""
            width={960}
            height={540}
            sizes="(max-width: 1000px) 100vw, 960px"
            priority
          />
        ) : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised on the server (server/page-data/post/post-loader.ts) */}
        <div className="prose post-article__content" dangerouslySetInnerHTML={{ __html: data.html }} />
        {post.tags.length > 0 ? (
          // A heading, not a label on the list: a list is no landmark, and a heading is what a reader
          // moving through the article's parts meets. Seen, the chips speak for themselves.
          <section className="post-article__tags">
            <h2 className="visually-hidden">{t('tags')}</h2>
            <ul className="chip-row">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <SiteLink to={`/search/post?query=${encodeURIComponent(tag)}`} className="tag">
                    {tag}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    </PostLayout>
  )
}
