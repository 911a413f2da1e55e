import { Suspense } from 'react'
import { Await } from 'react-router'
import type { ResourceBody, ResourceHotData } from '../../data/content-data.ts'
import { useRootData } from '../../components/site-context.tsx'
import { useI18n } from '../../i18n/i18n-context.tsx'
import { HotSearchChips, ResourceCards } from './resource-cards.tsx'
import { SearchHero } from './search-hero.tsx'

/**
 * A resource page. Mode 1: a search box with the hot list of the configured kind under it. Mode 2: a
 * summary of the site's newest resources in the configured style, with the hot list beside it.
 */
export function ResourceView({
  body,
  title,
  hot,
}: {
  body: ResourceBody
  title: string
  hot: Promise<ResourceHotData> | ResourceHotData | undefined
}) {
  const { site } = useRootData()
  const { t } = useI18n()
  // Await needs a truthy errorElement to swallow a failure; an empty fragment shows nothing.
  const hotList =
    hot === undefined ? null : (
      <Suspense fallback={<p className="muted">{t('loading')}</p>}>
        {/* biome-ignore lint/complexity/noUselessFragments: Await rethrows unless errorElement is truthy (see above) */}
        <Await resolve={hot} errorElement={<></>}>
          {(data: ResourceHotData) =>
            body.hotKind === 1 ? (
              <HotSearchChips items={data.hotSearches} />
            ) : (
              <ResourceCards items={data.hotResources.slice(0, 8)} style={3} />
            )
          }
        </Await>
      </Suspense>
    )
  const hotHeading = body.hotKind === 1 ? t('hotSearches') : t('hotResources')
  if (body.mode === 1) {
    return (
      <SearchHero heading={title || site.name} lead={body.description} placeholder={site.search.placeholder}>
        {hotList ? (
          <div className="content-hero__hot">
            <h2>{hotHeading}</h2>
            {hotList}
          </div>
        ) : null}
      </SearchHero>
    )
  }
  return (
    <div className="content-resource-page">
      <header className="content-header">
        <h1>{title || site.name}</h1>
        {body.description ? <p className="content-lead">{body.description}</p> : null}
      </header>
      <div className="content-with-aside">
        <section aria-labelledby="resource-new-heading">
          <h2 id="resource-new-heading">{t('newResources')}</h2>
          <ResourceCards items={body.resources} style={body.style} eagerFirst={2} />
        </section>
        {hotList ? (
          <aside className="card" aria-labelledby="resource-hot-heading">
            <h2 id="resource-hot-heading">{hotHeading}</h2>
            {hotList}
          </aside>
        ) : null}
      </div>
    </div>
  )
}
