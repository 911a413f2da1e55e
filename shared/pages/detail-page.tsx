import { useLoaderData } from 'react-router'
import { SiteLink } from '../components/site-link.tsx'
import { categoryPath, tagPath, type DetailPageData } from '../data/resource-data.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { safeMediaUrl } from '../rules/safe-url.ts'
import { ResourceGrid } from './resource/resource-card.tsx'
import { ResourceLayout } from './resource/resource-layout.tsx'
import { TargetLinks } from './resource/target-links.tsx'
import { isoDate } from '../i18n/formatters.ts'
import { SiteImage } from '../components/site-image.tsx'

/** `/d/:id`: one resource with its links, tags and recommendations, and the streamed aside. */
export function Component() {
  const data = useLoaderData() as DetailPageData
  const { resource, recommend } = data
  const { t, format } = useI18n()
  const image = safeMediaUrl(resource.image) ?? undefined
  return (
    <ResourceLayout data={data}>
      <article className="detail-panel">
        <div className="res-breadcrumb">
          <ol>
            <li>
              <SiteLink to="/">{t('home')}</SiteLink>
            </li>
            {resource.category.key ? (
              <li>
                <SiteLink to={categoryPath(resource.category.key)}>{resource.category.name}</SiteLink>
              </li>
            ) : null}
            <li aria-current="page">{resource.title}</li>
          </ol>
        </div>
        <header className="res-detail__header">
          <h1>{resource.title}</h1>
          <ul className="res-detail__meta">
            {resource.category.key ? (
              <li>
                <SiteLink to={categoryPath(resource.category.key)} className="res-detail__category">
                  {resource.category.name}
                </SiteLink>
              </li>
            ) : null}
            <li>{t('views', { count: resource.view_count })}</li>
            {resource.updated_at > 0 ? (
              <li>
                <time dateTime={isoDate(resource.updated_at)}>
                  {t('updatedAt', { date: format.date(resource.updated_at) })}
                </time>
              </li>
            ) : null}
            {resource.created_at > 0 ? (
              <li>
                <time dateTime={isoDate(resource.created_at)}>
                  {t('publishedAt', { date: format.date(resource.created_at) })}
                </time>
              </li>
            ) : null}
          </ul>
        </header>
        <div className="res-detail__body">
          {image ? (
            <SiteImage
              className="res-detail__image"
              src={image}
              preset="cover"
              alt={resource.title}
              width={640}
              height={360}
              sizes="(max-width: 700px) 100vw, 640px"
              priority
            />
          ) : null}
          {resource.description ? <p className="res-detail__description">{resource.description}</p> : null}
        </div>
        <TargetLinks links={resource.target_urls} docId={resource.id} transferCookies={data.transferCookies} />
        {resource.tags.length > 0 ? (
          <section className="res-detail__section">
            <h2>{t('tags')}</h2>
            <ul className="res-chips">
              {resource.tags.map((tag) => (
                <li key={tag.slug}>
                  <SiteLink to={tagPath(tag.slug)} className="tag">
                    {tag.name}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
      {recommend.length > 0 ? (
        <section className="res-detail__section res-detail__recommend">
          <h2>{t('recommended')}</h2>
          <ResourceGrid rows={recommend} headingLevel={3} />
        </section>
      ) : null}
    </ResourceLayout>
  )
}
