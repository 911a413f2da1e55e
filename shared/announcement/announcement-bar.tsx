import { writeStorage } from '../browser/storage.ts'
import { SiteLink } from '../components/site-link.tsx'
import { useI18n } from '../i18n/i18n-context.tsx'
import {
  ANNOUNCEMENT_DISMISSED_CLASS,
  ANNOUNCEMENT_DISMISSED_KEY,
  announcementFingerprint,
  announcementLine,
} from './announcement-rules.ts'

/**
 * The site announcement as a bar above the header, linking to `/announcement`. It is in the HTML
 * for everyone; when this very content was dismissed, a head script hides it before the first
 * paint, and dismissing it marks `<html>` the same way.
 */
export function AnnouncementBar({ content }: { content: string }) {
  const { t } = useI18n()
  const line = announcementLine(content)
  if (line === '') return null
  const dismiss = () => {
    writeStorage(ANNOUNCEMENT_DISMISSED_KEY, announcementFingerprint(content))
    document.documentElement.classList.add(ANNOUNCEMENT_DISMISSED_CLASS)
  }
  return (
    <section className="announcement-bar" aria-label={t('announcement')}>
      <SiteLink to="/announcement" className="announcement-bar__link">
        <span className="announcement-bar__label">{t('announcement')}</span>
        <span className="announcement-bar__text" dir="auto">
          {line}
        </span>
      </SiteLink>
      <button
        type="button"
        className="announcement-bar__close"
        onClick={dismiss}
        aria-label={t('dismiss')}
        title={t('dismiss')}
      >
        <span aria-hidden="true">×</span>
      </button>
    </section>
  )
}
