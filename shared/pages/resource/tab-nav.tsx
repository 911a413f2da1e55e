import { SiteLink } from '../../components/site-link.tsx'

export interface Tab {
  key: string
  label: string
  to: string
  count?: number
}

/** A row of link tabs (categories, platforms, list kinds); the selected one carries aria-current. */
export function TabNav({
  label,
  tabs,
  selected,
  size = 'md',
}: {
  label: string
  tabs: Tab[]
  selected: string | null
  size?: 'md' | 'sm'
}) {
  if (tabs.length === 0) return null
  return (
    <nav className={size === 'sm' ? 'res-tabs res-tabs--sm' : 'res-tabs'} aria-label={label}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <SiteLink to={tab.to} className="res-tabs__tab" aria-current={tab.key === selected ? 'page' : undefined}>
              {tab.label}
              {tab.count !== undefined ? <span className="res-tabs__count">{tab.count}</span> : null}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
