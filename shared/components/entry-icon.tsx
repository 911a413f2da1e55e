import type { ReactElement } from 'react'
import { iconOf, type BuiltinIcon } from '../rules/icon-of.ts'
import { SiteImage } from './site-image.tsx'

// Line icons on a 24-unit grid, drawn in the text colour: what an `icon` name in a site config means.
const PATHS: Readonly<Record<BuiltinIcon, ReactElement>> = {
  help: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14" />
      <path d="M12 17.5v.01" />
    </>
  ),
  wechat: (
    <>
      <path d="M9.5 4C5.9 4 3 6.4 3 9.4c0 1.7.9 3.2 2.4 4.2L5 16l2.6-1.4c.6.2 1.2.3 1.9.3" />
      <path d="M15 9.5c3.3 0 6 2.2 6 4.9 0 1.5-.8 2.8-2.1 3.7l.4 2-2.3-1.2c-.6.2-1.3.3-2 .3-3.3 0-6-2.2-6-4.8s2.7-4.9 6-4.9Z" />
    </>
  ),
  qq: (
    <>
      <path d="M12 3c-3 0-5 2.4-5 5.5v2L5.5 14c-.5 1.2-.3 2.3.4 2.3.4 0 .9-.5 1.3-1.1.3 1 .9 1.9 1.7 2.5-1 .4-1.7 1-1.7 1.6 0 1 1.8 1.7 4 1.7h1.6c2.2 0 4-.7 4-1.7 0-.6-.7-1.2-1.7-1.6.8-.6 1.4-1.5 1.7-2.5.4.6.9 1.1 1.3 1.1.7 0 .9-1.1.4-2.3L17 10.5v-2C17 5.4 15 3 12 3Z" />
    </>
  ),
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
    </>
  ),
  phone: (
    <path d="M5 4h3.5l1.5 4-2 1.5a11 11 0 0 0 6.5 6.5l1.5-2 4 1.5V19a1.5 1.5 0 0 1-1.5 1.5A16.5 16.5 0 0 1 3.5 5.5 1.5 1.5 0 0 1 5 4Z" />
  ),
  service: (
    <>
      <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
      <rect x="3" y="13" width="4" height="6" rx="1.5" />
      <rect x="17" y="13" width="4" height="6" rx="1.5" />
      <path d="M19 19c0 1.5-2 2.5-5 2.5" />
    </>
  ),
  feedback: (
    <>
      <path d="M4 5h16v11H9l-5 4Z" />
      <path d="M8 9h8M8 12.5h5" />
    </>
  ),
  qrcode: (
    <>
      <rect x="4" y="4" width="6" height="6" />
      <rect x="14" y="4" width="6" height="6" />
      <rect x="4" y="14" width="6" height="6" />
      <path d="M14 14h2v2h-2zM18 18h2v2h-2zM14 19v1M19 14h1" />
    </>
  ),
  home: (
    <>
      <path d="m3.5 11 8.5-7 8.5 7" />
      <path d="M6 9.5V20h12V9.5" />
      <path d="M10 20v-5h4v5" />
    </>
  ),
  search: (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </>
  ),
  top: (
    <>
      <path d="M5 4h14" />
      <path d="M12 20V8" />
      <path d="m6.5 13.5 5.5-5.5 5.5 5.5" />
    </>
  ),
}

interface EntryIconProps {
  /** The entry's `icon` value from the site config: an image address or an icon name. */
  icon: string
  className: string
  /** Width and height in CSS pixels. */
  size: number
}

/**
 * The icon of a pendant item or menu entry: its image when the value is an image address, the
 * built-in icon a known name stands for, else the default marker (shared/rules/icon-of.ts). All of
 * them decorate a named entry, so none is announced.
 */
export function EntryIcon({ icon, className, size }: EntryIconProps) {
  const choice = iconOf(icon)
  if (choice.kind === 'image')
    return <SiteImage className={className} src={choice.src} preset="avatar" alt="" width={size} height={size} eager />
  if (choice.kind === 'builtin') {
    return (
      <svg
        className={`${className} entry-icon`}
        data-icon={choice.name}
        viewBox="0 0 24 24"
        width={size}
        height={size}
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {PATHS[choice.name]}
      </svg>
    )
  }
  return (
    <span className={`${className} entry-icon entry-icon--marker`} aria-hidden="true">
      •
    </span>
  )
}
