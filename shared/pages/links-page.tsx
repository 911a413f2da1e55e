import { useLoaderData } from 'react-router'
import type { LinksPageData } from '../data/site-data.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { LinkCard } from './site/link-card.tsx'

/** `/links`: the site's link groups as a grid of cards. */
export function Component() {
  const { groups } = useLoaderData() as LinksPageData
  const { t } = useI18n()
  return (
    <div className="site-links">
      <header className="site-page-header">
        <h1>{t('links')}</h1>
      </header>
      {groups.length === 0 ? <p className="empty-state">{t('noResults')}</p> : null}
      {groups.map((group, index) => (
        <section
          key={`${index}-${group.name}`}
          className="site-links__group"
          aria-labelledby={`site-links-group-${index}`}
        >
          <h2 id={`site-links-group-${index}`} className="site-links__group-name">
            {group.name || t('links')}
          </h2>
          <ul className="grid site-links__grid">
            {group.links.map((link) => (
              <li key={link.url + link.name}>
                <LinkCard link={link} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
