import { useRef, useState, type KeyboardEvent } from 'react'
import type { NavBody, NavSiteView, NavTabView } from '../../data/content-data.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'
import { toFragmentId } from '../../routing/fragment-id.ts'
import { SiteImage } from '../../components/site-image.tsx'

/** Navigation and AI-tools pages: an intro, a jump list of groups, and per group its tabs of site cards. */
export function NavView({ body }: { body: NavBody }) {
  const { t } = useI18n()
  const ids = groupIds(body.groups.map((group) => group.name))
  return (
    <div className={`content-nav content-nav--${body.variant}`}>
      {body.intro ? <p className="content-lead">{body.intro}</p> : null}
      {body.groups.length > 1 ? (
        <nav className="content-jump" aria-label={t('tableOfContents')}>
          <ul className="content-chips">
            {body.groups.map((group, index) => (
              <li key={index}>
                <a className="tag" href={`#${encodeURIComponent(ids[index] ?? '')}`}>
                  {group.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {body.groups.length === 0 ? <p className="content-empty muted">{t('noResults')}</p> : null}
      {body.groups.map((group, index) => (
        <section
          key={index}
          id={ids[index]}
          className="content-nav__group"
          aria-labelledby={`nav-group-${index}-title`}
        >
          <h2 id={`nav-group-${index}-title`}>{group.name}</h2>
          {group.tabs.length === 1 && group.tabs[0] ? (
            <TabPanelContent tab={group.tabs[0]} showName />
          ) : (
            <Tabs tabs={group.tabs} idBase={`nav-group-${index}`} />
          )}
        </section>
      ))}
    </div>
  )
}

/**
 * Each group is addressable by its name (menus link to `/sp/ai-tools#AI 對話`, which the scroll manager
 * finds as `AI-對話`: an id may hold no whitespace); an empty or repeated name falls back to `nav-group-N`.
 */
function groupIds(names: string[]): string[] {
  const seen = new Set<string>()
  return names.map((name, index) => {
    const fragment = toFragmentId(name)
    const id = fragment !== '' && !seen.has(fragment) ? fragment : `nav-group-${index}`
    seen.add(id)
    return id
  })
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs). Every panel is
 * in the server HTML; the first one is shown until the visitor picks another.
 */
function Tabs({ tabs, idBase }: { tabs: NavTabView[]; idBase: string }) {
  const [active, setActive] = useState(0)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const select = (index: number) => {
    const next = (index + tabs.length) % tabs.length
    setActive(next)
    buttons.current[next]?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
    const moves: Record<string, number> = {
      ArrowRight: rtl ? active - 1 : active + 1,
      ArrowLeft: rtl ? active + 1 : active - 1,
      Home: 0,
      End: tabs.length - 1,
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    select(target)
  }
  return (
    <div className="content-tabs">
      <div className="content-tabs__list" role="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={index}
            ref={(element) => {
              buttons.current[index] = element
            }}
            type="button"
            role="tab"
            id={`${idBase}-t${index}`}
            aria-selected={index === active}
            aria-controls={`${idBase}-p${index}`}
            tabIndex={index === active ? 0 : -1}
            className="content-tabs__tab"
            onClick={() => setActive(index)}
          >
            {tab.name}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={index}
          role="tabpanel"
          id={`${idBase}-p${index}`}
          aria-labelledby={`${idBase}-t${index}`}
          hidden={index !== active}
          className="content-tabs__panel"
        >
          <TabPanelContent tab={tab} />
        </div>
      ))}
    </div>
  )
}

function TabPanelContent({ tab, showName = false }: { tab: NavTabView; showName?: boolean }) {
  return (
    <>
      {showName && tab.name ? <h3 className="content-nav__tab-name">{tab.name}</h3> : null}
      <ul className="content-nav__sites grid">
        {tab.sites.map((site, index) => (
          <li key={index}>
            <SiteCard site={site} />
          </li>
        ))}
      </ul>
    </>
  )
}

function SiteCard({ site }: { site: NavSiteView }) {
  const { t } = useI18n()
  const inner = (
    <>
      <span className="content-site__head">
        {site.icon ? (
          <SiteImage className="content-site__icon" src={site.icon} preset="avatar" alt="" width={40} height={40} />
        ) : (
          <span className="content-site__icon content-site__icon--letter" aria-hidden="true">
            {Array.from(site.title)[0] ?? ''}
          </span>
        )}
        <span className="content-site__title">{site.title}</span>
        {site.pricing ? <span className="content-site__pricing">{site.pricing}</span> : null}
      </span>
      {site.description ? <span className="content-site__description">{site.description}</span> : null}
      {site.tags.length > 0 ? (
        <span className="content-site__tags">
          {site.tags.map((tag) => (
            <span key={tag} className="tag">
              {tag}
            </span>
          ))}
        </span>
      ) : null}
      {site.url ? (
        <span className="content-site__visit" aria-hidden="true">
          {t('visitSite')} ↗
        </span>
      ) : null}
    </>
  )
  if (!site.url) return <div className="content-site card">{inner}</div>
  return (
    <a
      className="content-site card card--interactive"
      href={site.url}
      target="_blank"
      rel="noopener noreferrer nofollow"
    >
      {inner}
    </a>
  )
}
