import type { UgcPostBody } from '../../data/content-data.ts'
import { SiteLink } from '../../components/site-link.tsx'
import { useI18n } from '../../i18n/i18n-context.tsx'
import { PostCards } from './post-cards.tsx'

/** A user-post page: the newest posts of its category, with a link to the whole category. */
export function UgcPostView({ body }: { body: UgcPostBody }) {
  const { t } = useI18n()
  if (body.posts.length === 0) return <p className="content-empty muted">{t('noResults')}</p>
  const more = body.categoryId ? `/pcat/${encodeURIComponent(body.categoryId)}` : '/post'
  return (
    <>
      <PostCards posts={body.posts} />
      {body.total > body.posts.length ? (
        <p className="content-more">
          <SiteLink to={more} className="button button--secondary">
            {t('readMore')}
          </SiteLink>
        </p>
      ) : null}
    </>
  )
}
