import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import type { PublicHeader, PublicSearch } from '../data/public-site.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { SiteLink } from '../components/site-link.tsx'
import { LanguageSwitcher } from '../components/language-switcher.tsx'
import { AccountControl } from '../account/account-control.tsx'
import { SearchBar } from '../components/search-bar.tsx'
import { SiteMenu } from '../components/site-menu.tsx'
import { useRootData } from '../components/site-context.tsx'
import { useDismiss } from '../components/use-dismiss.ts'
import { SiteImage } from '../components/site-image.tsx'

type Panel = 'menu' | 'search' | null

/**
 * The site header: logo, menu, search bar, language switcher and account slot (hidden when disabled).
 *
 * Below md (768px) it is one compact row: logo, a search button and a menu button, each opening
 * its panel under the row as a disclosure (only one at a time). From md up the panels are laid
 * out inline and the buttons are hidden (client/styles/header.css), so the markup is the same on
 * every width and the server never needs to know the screen size.
 */
export function SiteHeader({ header, search }: { header: PublicHeader; search: PublicSearch }) {
  const { site } = useRootData()
  const { t } = useI18n()
  const [panel, setPanel] = useState<Panel>(null)
  const root = useRef<HTMLElement>(null)
  const menuButton = useRef<HTMLButtonElement>(null)
  const searchButton = useRef<HTMLButtonElement>(null)
  const menuPanel = useRef<HTMLDivElement>(null)
  const searchPanel = useRef<HTMLDivElement>(null)
  const location = useLocation()

  useEffect(() => {
    setPanel(null)
  }, [location.pathname, location.search])

  // An opened panel takes focus: the search box, or the menu's first entry.
  const opened = useRef<Panel>(null)
  useEffect(() => {
    if (panel === opened.current) return
    opened.current = panel
    if (panel === 'search') searchPanel.current?.querySelector<HTMLElement>('input')?.focus()
    if (panel === 'menu') menuPanel.current?.querySelector<HTMLElement>('a[href], summary, button')?.focus()
  }, [panel])

  useDismiss(root, panel !== null, (reason) => {
    const button = panel === 'search' ? searchButton.current : menuButton.current
    const hadFocus = root.current?.contains(document.activeElement) ?? false
    setPanel(null)
    if (reason === 'escape' && hadFocus) button?.focus()
  }, { outer: true })

  if (!header.enabled) return null
  const showSwitcher = site.languages.length > 1
  // The panel holds the menu and the language switcher; without either there is nothing to open.
  const hasMenuPanel = header.menu.length > 0 || showSwitcher
  const toggle = (which: Exclude<Panel, null>) => setPanel((current) => (current === which ? null : which))

  return (
    <header
      ref={root}
      className="site-header"
      onBlur={(event) => {
        // Tabbing out of the header closes its panel.
        if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) setPanel(null)
      }}
    >
      <div className={search.enabled ? 'site-header-inner site-header-inner--search' : 'site-header-inner'}>
        <SiteLink to="/" className="site-logo">
          {header.logo ? <SiteImage src={header.logo} preset="thumbnail" alt="" width={32} height={32} eager /> : null}
          <span>{header.text || site.name}</span>
        </SiteLink>
        {search.enabled ? (
          <button
            ref={searchButton}
            type="button"
            className="site-header-toggle site-header-toggle--search"
            aria-expanded={panel === 'search'}
            aria-controls="site-header-search"
            aria-label={t('search')}
            onClick={() => toggle('search')}
          >
            <SearchIcon />
          </button>
        ) : null}
        {hasMenuPanel ? (
          <button
            ref={menuButton}
            type="button"
            className="site-header-toggle site-header-toggle--menu"
            aria-expanded={panel === 'menu'}
            aria-controls="site-header-menu"
            aria-label={t('menu')}
            onClick={() => toggle('menu')}
          >
            <MenuIcon open={panel === 'menu'} />
          </button>
        ) : null}
        {search.enabled ? (
          <div ref={searchPanel} id="site-header-search" className="site-header-search" data-open={panel === 'search' ? 'true' : undefined}>
            <SearchBar placeholder={search.placeholder} />
          </div>
        ) : null}
        <div ref={menuPanel} id="site-header-menu" className="site-header-panel" data-open={panel === 'menu' ? 'true' : undefined}>
          {header.menu.length > 0 ? <SiteMenu items={header.menu} /> : null}
          {/* Visitor tools: the language switcher. */}
          <div className="site-header-tools">
            {showSwitcher ? <LanguageSwitcher /> : null}
          </div>
        </div>
        {/* Outside the panels, so signing in is one tap away on a phone too. */}
        <AccountControl header={header} />
      </div>
    </header>
  )
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m16 16 4.5 4.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {open
        ? <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        : <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  )
}
