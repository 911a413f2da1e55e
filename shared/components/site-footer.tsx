import type { PublicFooter } from '../data/public-site.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { ConfigLink } from './site-link.tsx'

/** The site footer: links, friendly links and the statement (hidden when disabled). */
export function SiteFooter({ footer }: { footer: PublicFooter }) {
  const { t } = useI18n()
  if (!footer.enabled) return null
  return (
    <footer className="site-footer">
      {footer.links.length > 0 ? (
        <nav aria-label={t('links')}>
          <ul className="footer-links">
            {footer.links.map((item) => (
              <li key={item.name + item.url}>
                <ConfigLink url={item.url}>{item.name}</ConfigLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {footer.friendshipLinks.length > 0 ? (
        <div className="friendship-links">
          <span>{t('friendshipLinks')}:</span>
          <ul>
            {footer.friendshipLinks.map((link) => (
              <li key={link.name + link.url}>
                <ConfigLink url={link.url}>{link.name}</ConfigLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {footer.statement ? <p className="footer-statement">{footer.statement}</p> : null}
    </footer>
  )
}
