import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react'
import { useLocation } from 'react-router'
import type { MenuItem } from '../types.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { EntryIcon } from './entry-icon.tsx'
import { ConfigLink } from './site-link.tsx'
import { useDismiss } from './use-dismiss.ts'

/**
 * The header menu. Entries with children open their submenu on mouse hover and on keyboard focus;
 * on touch the first tap opens it and the second follows the link, since a touch screen has no
 * hover. Escape, a press elsewhere and a navigation close it.
 */
export function SiteMenu({ items }: { items: MenuItem[] }) {
  const { t } = useI18n()
  return (
    <nav className="site-menu" aria-label={t('menu')}>
      <ul>
        {items.map((item) => (
          item.children && item.children.length > 0
            ? <MenuEntryWithSubmenu key={item.name + item.url} item={item} children={item.children} />
            : <li key={item.name + item.url}><ConfigLink url={item.url}><MenuLabel item={item} /></ConfigLink></li>
        ))}
      </ul>
    </nav>
  )
}

function MenuEntryWithSubmenu({ item, children }: { item: MenuItem; children: MenuItem[] }) {
  const [open, setOpen] = useState(false)
  const entry = useRef<HTMLLIElement>(null)
  const submenuId = useId()
  // How the last press began: a touch press on the closed entry opens it instead of navigating.
  const pointerType = useRef('')
  // After Escape, focus returns to the entry's link without reopening the submenu.
  const closedByEscape = useRef(false)
  const location = useLocation()

  useEffect(() => {
    setOpen(false)
  }, [location.pathname, location.search])

  useDismiss(entry, open, (reason) => {
    setOpen(false)
    if (reason === 'escape' && entry.current?.contains(document.activeElement)) {
      closedByEscape.current = true
      entry.current.querySelector<HTMLElement>(':scope > a')?.focus()
    }
  })

  return (
    <li
      ref={entry}
      className="site-menu__parent"
      data-open={open ? 'true' : undefined}
      onPointerDown={(event: PointerEvent) => {
        pointerType.current = event.pointerType
      }}
      onPointerEnter={(event: PointerEvent) => {
        if (event.pointerType === 'mouse') setOpen(true)
      }}
      onPointerLeave={(event: PointerEvent) => {
        if (event.pointerType === 'mouse') setOpen(false)
      }}
      onFocus={(event: FocusEvent) => {
        // Keyboard focus opens the submenu; the focus a tap or click gives a link does not (the tap
        // itself decides, in onClickCapture).
        if (!closedByEscape.current && event.target.matches(':focus-visible')) setOpen(true)
      }}
      onBlur={(event: FocusEvent) => {
        if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return
        closedByEscape.current = false
        if (event.relatedTarget !== null) setOpen(false)
      }}
      onKeyDown={(event: KeyboardEvent) => {
        // The submenu's links follow its entry in the tab order; arrows are a shortcut into it.
        if (event.key === 'ArrowDown' && event.target === entry.current?.querySelector(':scope > a')) {
          event.preventDefault()
          closedByEscape.current = false
          setOpen(true)
          requestAnimationFrame(() => entry.current?.querySelector<HTMLElement>('.site-submenu a')?.focus())
        }
      }}
      onClickCapture={(event: MouseEvent) => {
        const isEntryLink = event.target instanceof Element && event.target.closest('a') === entry.current?.querySelector(':scope > a')
        if (isEntryLink && !open && (pointerType.current === 'touch' || pointerType.current === 'pen')) {
          event.preventDefault()
          setOpen(true)
        }
        pointerType.current = ''
      }}
    >
      <ConfigLink url={item.url} aria-expanded={open} aria-controls={submenuId}><MenuLabel item={item} /></ConfigLink>
      <ul className="site-submenu" id={submenuId}>
        {children.map((child) => (
          <li key={child.name + child.url}><ConfigLink url={child.url}><MenuLabel item={child} /></ConfigLink></li>
        ))}
      </ul>
    </li>
  )
}

/** An entry's name, after its icon when the config gives one (an entry without `icon` shows none). */
function MenuLabel({ item }: { item: MenuItem }) {
  if (!item.icon?.trim()) return <>{item.name}</>
  return <><EntryIcon icon={item.icon} className="site-menu__icon" size={16} />{item.name}</>
}
