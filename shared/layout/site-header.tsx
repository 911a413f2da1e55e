import { useRef, type RefObject, type SyntheticEvent } from 'react'
import type { PublicHeader, PublicSearch } from '../data/public-site.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { SiteLink } from '../components/site-link.tsx'
import { LanguageSwitcher } from '../components/language-switcher.tsx'
import { AccountControl } from '../account/account-control.tsx'
import { SearchBar } from '../components/search-bar.tsx'
import { SiteMenu } from '../components/site-menu.tsx'
import { useRootData } from '../components/site-context.tsx'
import { useDetails } from '../components/use-details.ts'
import { useDismiss } from '../components/use-dismiss.ts'
import { SiteImage } from '../components/site-image.tsx'

/**
 * The site header: logo, menu, search bar, language switcher and account slot (hidden when disabled).
 *
 * Below md (768px) it is one compact row: logo, a search toggle and a menu toggle, each opening
 * its panel under the row. The toggles are native disclosures (`<details name>` holding only their
 * `<summary>`; the stylesheet shows the panel after an open one), so they work before and without
 * scripts, one open at a time; once hydrated, an opened panel takes focus, and Escape, a press
 * elsewhere, tabbing out and a navigation close it. From md up the panels are laid out inline and
 * the toggles are hidden (client/styles/header.css), so the markup is the same on every width and
 * the server never needs to know the screen size.
 */
export function SiteHeader({ header, search }: { header: PublicHeader; search: PublicSearch }) {
  const { site } = useRootData()
  const { t } = useI18n()
  const root = useRef<HTMLElement>(null)
  const searchToggle = useDetails()
  const menuToggle = useDetails()
  const searchPanel = useRef<HTMLDivElement>(null)
  const menuPanel = useRef<HTMLDivElement>(null)

  // A panel the visitor opens takes focus: the search box, or the menu's first entry. One opened
  // before hydration sent its toggle event to no one and keeps the focus it has.
  const focusOnOpen =
    (panelRef: RefObject<HTMLDivElement | null>, selector: string) => (event: SyntheticEvent<HTMLDetailsElement>) => {
      if (event.currentTarget.open) panelRef.current?.querySelector<HTMLElement>(selector)?.focus()
    }

  const closePanels = () => {
    searchToggle.setOpen(false)
    menuToggle.setOpen(false)
  }
  useDismiss(
    root,
    () => searchToggle.isOpen() || menuToggle.isOpen(),
    (reason) => {
      const opener = searchToggle.isOpen() ? searchToggle.ref.current : menuToggle.ref.current
      const hadFocus = root.current?.contains(document.activeElement) ?? false
      closePanels()
      if (reason === 'escape' && hadFocus) opener?.querySelector('summary')?.focus()
    },
    { outer: true },
  )

  if (!header.enabled) return null
  const showSwitcher = site.languages.length > 1
  // The panel holds the menu and the language switcher; without either there is nothing to open.
  const hasMenuPanel = header.menu.length > 0 || showSwitcher

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the header closes its panel; the controls are the buttons inside
    <header
      ref={root}
      className="site-header"
      onBlur={(event) => {
        // Tabbing out of the header closes its panel.
        if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) closePanels()
      }}
    >
      <div className={search.enabled ? 'site-header-inner site-header-inner--search' : 'site-header-inner'}>
        <SiteLink to="/" className="site-logo">
          {header.logo ? <SiteImage src={header.logo} preset="thumbnail" alt="" width={32} height={32} eager /> : null}
          <span>{header.text || site.name}</span>
        </SiteLink>
        {search.enabled ? (
          <details
            ref={searchToggle.ref}
            name="site-header-panel"
            className="site-header-disclosure site-header-disclosure--search"
            onToggle={focusOnOpen(searchPanel, 'input')}
          >
            <summary
              className="site-header-toggle site-header-toggle--search"
              aria-controls="site-header-search"
              aria-label={t('search')}
            >
              <SearchIcon />
            </summary>
          </details>
        ) : null}
        {hasMenuPanel ? (
          <details
            ref={menuToggle.ref}
            name="site-header-panel"
            className="site-header-disclosure site-header-disclosure--menu"
            onToggle={focusOnOpen(menuPanel, 'a[href], summary, button')}
          >
            <summary
              className="site-header-toggle site-header-toggle--menu"
              aria-controls="site-header-menu"
              aria-label={t('menu')}
            >
              <MenuIcon />
            </summary>
          </details>
        ) : null}
        {search.enabled ? (
          <div ref={searchPanel} id="site-header-search" className="site-header-search">
            <SearchBar placeholder={search.placeholder} />
          </div>
        ) : null}
        <div ref={menuPanel} id="site-header-menu" className="site-header-panel">
          {header.menu.length > 0 ? <SiteMenu items={header.menu} /> : null}
          {/* Visitor tools: the language switcher. */}
          <div className="site-header-tools">{showSwitcher ? <LanguageSwitcher /> : null}</div>
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

/** Three bars, or a cross while the menu is open (the stylesheet picks one). */
function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        className="menu-icon__closed"
        d="M4 7h16M4 12h16M4 17h16"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <path
        className="menu-icon__open"
        d="M6 6l12 12M18 6 6 18"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  )
}
