import { useEffect, useId, useState } from 'react'
import type { PendantLink, PublicPendant } from '../data/public-site.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { ConfigLink } from './site-link.tsx'
import { EntryIcon } from './entry-icon.tsx'
import { SiteImage } from './site-image.tsx'

/** Scroll distance after which the back-to-top button appears. */
const BACK_TO_TOP_AFTER_PX = 400

/**
 * The pendant (SPEC §1): floating items at the side of the page, each a link or a button with a
 * tooltip or a hover picture (e.g. a QR code) that also opens on keyboard focus, and a
 * back-to-top button once the visitor has scrolled. Page pendants override the site's per the
 * merge rule (server/page-data/content/merge-blocks.ts).
 */
export function SitePendant({ pendant }: { pendant: PublicPendant }) {
  const { t } = useI18n()
  const scrolled = useScrolledPast(BACK_TO_TOP_AFTER_PX)
  if (!pendant.enabled) return null
  return (
    <aside className="pendant" aria-label={t('contactUs')}>
      <ul className="pendant__list">
        {pendant.list.map((item, index) => (
          <PendantItem key={`${item.text}-${index}`} item={item} />
        ))}
        <li className={`pendant__item pendant__top${scrolled ? ' is-visible' : ''}`}>
          <button
            type="button"
            className="pendant__button"
            onClick={backToTop}
            aria-label={t('backToTop')}
            tabIndex={scrolled ? 0 : -1}
            aria-hidden={!scrolled}
          >
            <span aria-hidden="true" className="pendant__arrow">
              ↑
            </span>
            <span className="pendant__tip" role="tooltip">
              {t('backToTop')}
            </span>
          </button>
        </li>
      </ul>
    </aside>
  )
}

function PendantItem({ item }: { item: PendantLink }) {
  const tipId = useId()
  const icon = <EntryIcon icon={item.icon} className="pendant__icon" size={24} />
  // The picture (or the text) shows beside the item on hover and on keyboard focus.
  // A link names itself; its tip only repeats the text for sighted visitors.
  const hidden = item.url ? { 'aria-hidden': true } : {}
  const tip = item.img ? (
    <span className="pendant__tip pendant__tip--image" id={tipId} role="tooltip" {...hidden}>
      <SiteImage src={item.img} preset="thumbnail" alt="" width={140} height={140} />
      <span>{item.text}</span>
    </span>
  ) : (
    <span className="pendant__tip" id={tipId} role="tooltip" {...hidden}>
      {item.text}
    </span>
  )
  return (
    <li className="pendant__item">
      {item.url ? (
        <ConfigLink url={item.url} className="pendant__button">
          {icon}
          <span className="visually-hidden">{item.text}</span>
          {tip}
        </ConfigLink>
      ) : (
        <button
          type="button"
          className="pendant__button"
          aria-label={item.text}
          aria-describedby={item.img ? tipId : undefined}
        >
          {icon}
          {tip}
        </button>
      )}
    </li>
  )
}

function useScrolledPast(distance: number): boolean {
  const [past, setPast] = useState(false)
  useEffect(() => {
    let frame = 0
    const check = () => {
      frame = 0
      setPast(window.scrollY > distance)
    }
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(check)
    }
    check()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame !== 0) cancelAnimationFrame(frame)
    }
  }, [distance])
  return past
}

function backToTop() {
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
  window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' })
  // Keyboard users continue from the top of the page, not from the vanished button.
  document.querySelector<HTMLElement>('.skip-link, main#content')?.focus({ preventScroll: true })
}
