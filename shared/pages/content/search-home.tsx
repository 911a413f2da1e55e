import { Suspense, type ReactNode } from 'react'
import { Await } from 'react-router'
import type { SearchHomeData } from '../../data/content-data.ts'
import type { HotQuery } from '../../data/resource-data.ts'
import { SiteLink } from '../../components/site-link.tsx'
import { useI18n } from '../../i18n/i18n-context.tsx'
import { HotSearchChips, ResourceCards } from './resource-cards.tsx'
import { SearchHero } from './search-hero.tsx'

/** The home page in search mode: search box with hot searches, categories, hot and newest resources. */
export function SearchHome({ data }: { data: SearchHomeData }) {
  const { t } = useI18n()
  return (
    <div className="content-home">
      <SearchHero heading={data.siteName} lead={data.description} placeholder={data.placeholder}>
        <Suspense fallback={null}>
          {/* A failed hot-search list simply leaves the space empty. */}
          {/* biome-ignore lint/complexity/noUselessFragments: Await rethrows a failure unless errorElement is truthy; this one shows nothing */}
          <Await resolve={data.hotSearches} errorElement={<></>}>
            {(items: HotQuery[]) =>
              items.length > 0 ? (
                <div className="content-hero__hot">
                  <h2 className="visually-hidden">{t('hotSearches')}</h2>
                  <HotSearchChips items={items.slice(0, 12)} />
                </div>
              ) : null
            }
          </Await>
        </Suspense>
      </SearchHero>
      {data.categories.length > 0 ? (
        <nav className="content-home__categories" aria-label={t('allCategories')}>
          <ul className="content-chips">
            {data.categories.map((category) => (
              <li key={category.key}>
                <SiteLink to={`/res/new/${encodeURIComponent(category.key)}`} className="content-chip">
                  {category.name}
                  {category.count !== null ? <span className="muted"> {category.count}</span> : null}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <HomeSection id="home-hot" title={t('hotResources')} more="/res/hot">
        <ResourceCards items={data.hot} eagerFirst={2} />
      </HomeSection>
      <HomeSection id="home-new" title={t('newResources')} more="/res/new">
        <ResourceCards items={data.newest} />
      </HomeSection>
    </div>
  )
}

/** A titled list whose heading links to the full list. */
function HomeSection({ id, title, more, children }: { id: string; title: string; more: string; children: ReactNode }) {
  return (
    <section className="content-home__section" aria-labelledby={id}>
      <header className="content-section-header">
        <h2 id={id}>
          <SiteLink to={more} className="content-section-header__link">
            {title}
          </SiteLink>
        </h2>
      </header>
      {children}
    </section>
  )
}
