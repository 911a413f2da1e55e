import type { LandPostView } from '../../data/content-data.ts'
import { SiteLink } from '../../components/site-link.tsx'
import { isoDate } from '../../i18n/formatters.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'
import { SiteImage } from '../../components/site-image.tsx'

/** Post cards linking to each post's page (by its readable path when it has one). */
export function PostCards({ posts }: { posts: LandPostView[] }) {
  const { format } = useI18n()
  return (
    <ul className="content-posts grid">
      {posts.map((post) => (
        <li key={post.id}>
          <SiteLink
            to={post.path ? `/post-/${encodeURIComponent(post.path)}` : `/post/${encodeURIComponent(post.id)}`}
            className="content-post card card--interactive"
          >
            {post.cover ? (
              <SiteImage
                className="content-post__cover"
                src={post.cover}
                preset="thumbnail"
                alt=""
                width={480}
                height={270}
                sizes="(max-width: 640px) 100vw, 320px"
              />
            ) : null}
            <span className="content-post__title">{post.title}</span>
            {post.description ? <span className="content-post__description muted">{post.description}</span> : null}
            {post.createdAt > 0 ? (
              <time className="content-post__date muted" dateTime={isoDate(post.createdAt)}>
                {format.date(post.createdAt)}
              </time>
            ) : null}
          </SiteLink>
        </li>
      ))}
    </ul>
  )
}
