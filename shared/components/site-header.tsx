import type { PublicHeader, PublicSearch } from '../data/public-site.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { ConfigLink, SiteLink } from './site-link.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import { SearchBar } from './search-bar.tsx'
import { useRootData } from './site-context.tsx'
import { SiteImage } from './site-image.tsx'

/** The site header: logo, menu, search bar and language switcher (hidden when disabled). */
export function SiteHeader({ header, search }: { header: PublicHeader; search: PublicSearch }) {
  const { site } = useRootData()
  const { t } = useI18n()
  if (!header.enabled) return null
  return (
    <header className="site-header">
      <a className="skip-link" href="#content">{t('skipToContent')}</a>
      <div className="site-header-inner">
        <SiteLink to="/" className="site-logo">
          {header.logo ? <SiteImage src={header.logo} preset="thumbnail" alt="" width={32} height={32} eager /> : null}
          <span>{header.text || site.name}</span>
        </SiteLink>
        <nav className="site-menu" aria-label={t('menu')}>
          <ul>
            {header.menu.map((item) => (
              <li key={item.name + item.url}>
                <ConfigLink url={item.url}>{item.name}</ConfigLink>
                {item.children && item.children.length > 0 ? (
                  <ul className="site-submenu">
                    {item.children.map((child) => (
                      <li key={child.name + child.url}><ConfigLink url={child.url}>{child.name}</ConfigLink></li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
        {search.enabled ? <SearchBar placeholder={search.placeholder} /> : null}
        <LanguageSwitcher />
      </div>
    </header>
  )
}
