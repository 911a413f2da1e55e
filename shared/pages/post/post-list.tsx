import { Highlight } from '../../components/highlight.tsx'
import { SiteLink } from '../../components/site-link.tsx'
import { postCategoryPath, postPath, type PostListItem } from '../../data/post-data.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'
import { safeMediaUrl } from '../../rules/safe-url.ts'
import { isoDate } from '../../i18n/formatters.ts'
import { SiteImage } from '../../components/site-image.tsx'

/** One article in a list: cover, title (the article link), description and meta line. */
function PostItem({ post, highlight, eager }: { post: PostListItem; highlight?: string | undefined; eager: boolean }) {
  const { t, format } = useI18n()
  const to = postPath(post)
  const cover = safeMediaUrl(post.cover) ?? undefined
  return (
    <article className={cover ? 'post-item' : 'post-item post-item--plain'}>
      {cover ? (
        <SiteLink to={to} className="post-item__cover" tabIndex={-1} aria-hidden="true">
          <SiteImage
            src={cover}
            preset="thumbnail"
            alt=""
            width={240}
            height={135}
            sizes="(max-width: 640px) 100vw, 240px"
            eager={eager}
          />
        </SiteLink>
      ) : null}
      <div className="post-item__body">
        <h2 className="post-item__title">
          <SiteLink to={to}>
            <Highlight text={post.title} term={highlight} />
          </SiteLink>
        </h2>
        {post.description ? (
          <p className="post-item__description">
            <Highlight text={post.description} term={highlight} />
          </p>
        ) : null}
        <p className="post-meta">
          {post.category.id ? (
            <SiteLink to={postCategoryPath(post.category.id)} className="post-meta__category">
              {post.category.name}
            </SiteLink>
          ) : null}
          {post.author.nick_name ? <span>{t('byAuthor', { name: post.author.nick_name })}</span> : null}
          {post.created_at > 0 ? <time dateTime={isoDate(post.created_at)}>{format.date(post.created_at)}</time> : null}
          <span>{t('views', { count: post.view_count })}</span>
        </p>
      </div>
    </article>
  )
}

/** Articles whose covers load at once: those a phone shows without scrolling. */
const EAGER_POSTS = 2

/** A list of articles, or the "nothing found" note. */
export function PostList({ rows, highlight }: { rows: PostListItem[]; highlight?: string }) {
  const { t } = useI18n()
  if (rows.length === 0) return <p className="empty-state">{t('noResults')}</p>
  return (
    <ul className="post-list">
      {rows.map((post, index) => (
        <li key={post.id}>
          <PostItem post={post} highlight={highlight} eager={index < EAGER_POSTS} />
        </li>
      ))}
    </ul>
  )
}
