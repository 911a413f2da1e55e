import { useId, useRef, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react'
import type { MenuLink } from '../data/public-site.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { EntryIcon } from './entry-icon.tsx'
import { ConfigLink } from './site-link.tsx'
import { useDetails } from './use-details.ts'
import { useDismiss } from './use-dismiss.ts'

/**
 * The header menu. An entry with children is a native disclosure (`<details>`/`<summary>`): a tap,
 * a click or Enter opens its submenu without navigating, with or without scripts, and the
 * submenu's first link is the entry's own page. Once hydrated, a mouse pointing at the entry opens
 * it as the stylesheet does before, and Escape, a press elsewhere and a navigation close it.
 */
export function SiteMenu({ items }: { items: MenuLink[] }) {
  const { t } = useI18n()
  return (
    <nav className="site-menu" aria-label={t('menu')}>
      <ul>
        {items.map((item) =>
          item.children && item.children.length > 0 ? (
            <MenuEntryWithSubmenu key={item.name + item.url} item={item} submenu={item.children} />
          ) : (
            <li key={item.name + item.url}>
              <ConfigLink url={item.url}>
                <MenuLabel item={item} />
              </ConfigLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  )
}

function MenuEntryWithSubmenu({ item, submenu }: { item: MenuLink; submenu: MenuLink[] }) {
  const details = useDetails()
  const entry = useRef<HTMLLIElement>(null)
  const submenuId = useId()
  // Opened by a mouse pointing at it: leaving closes it again, unless a click kept it open.
  const openedByHover = useRef(false)

  useDismiss(entry, details.isOpen, (reason) => {
    details.setOpen(false)
    if (reason === 'escape' && entry.current?.contains(document.activeElement))
      entry.current.querySelector<HTMLElement>('summary')?.focus()
  })

  return (
    <li
      ref={entry}
      className="site-menu__parent"
      onPointerEnter={(event: PointerEvent) => {
        if (event.pointerType !== 'mouse' || details.isOpen()) return
        openedByHover.current = true
        details.setOpen(true)
      }}
      onPointerLeave={(event: PointerEvent) => {
        if (event.pointerType !== 'mouse' || !openedByHover.current) return
        openedByHover.current = false
        details.setOpen(false)
      }}
      onBlur={(event: FocusEvent) => {
        // Tabbing out of the entry closes its submenu.
        if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget))
          details.setOpen(false)
      }}
      onKeyDown={(event: KeyboardEvent) => {
        // The submenu's links follow its entry in the tab order; ArrowDown is a shortcut into it.
        if (event.key === 'ArrowDown' && event.target instanceof HTMLElement && event.target.tagName === 'SUMMARY') {
          event.preventDefault()
          details.setOpen(true)
          requestAnimationFrame(() => entry.current?.querySelector<HTMLElement>('.site-submenu a')?.focus())
        }
      }}
    >
      <details ref={details.ref}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a <summary> is the native control of its <details>, not a static element */}
        <summary
          aria-controls={submenuId}
          onClick={(event: MouseEvent) => {
            // A click on an entry the mouse opened keeps it open instead of closing it under the pointer.
            if (!openedByHover.current) return
            openedByHover.current = false
            event.preventDefault()
          }}
        >
          <MenuLabel item={item} />
        </summary>
      </details>
      <ul className="site-submenu" id={submenuId}>
        {/* The entry's own page, unless its submenu already lists it. */}
        {item.url && !submenu.some((child) => child.url === item.url) ? (
          <li className="site-submenu__self">
            <ConfigLink url={item.url}>
              <MenuLabel item={item} />
            </ConfigLink>
          </li>
        ) : null}
        {submenu.map((child) => (
          <li key={child.name + child.url}>
            <ConfigLink url={child.url}>
              <MenuLabel item={child} />
            </ConfigLink>
          </li>
        ))}
      </ul>
    </li>
  )
}

/** An entry's name, after its icon when the config gives one (an entry without `icon` shows none). */
function MenuLabel({ item }: { item: MenuLink }) {
  if (!item.icon?.trim()) return <>{item.name}</>
  return (
    <>
      <EntryIcon icon={item.icon} className="site-menu__icon" size={16} />
      {item.name}
    </>
  )
}
