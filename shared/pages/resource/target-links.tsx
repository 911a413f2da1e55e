import type { Resource } from '../../content-types.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'
import { CopyButton } from '../../components/copy-button.tsx'
import { safeHttpUrl } from '../../rules/safe-url.ts'
import { pickTransferCookie } from '../../transfer/transfer-rules.ts'
import { TransferSave } from '../../transfer/transfer-save.tsx'

/**
 * The resource's share links: drive type, extraction code, an outbound link and a copy button
 * (link and code together, the way visitors paste them), and "save to my drive" where the site
 * has a drive account for it. Links that are not http(s) are not shown.
 */
export function TargetLinks({
  links,
  docId,
  transferCookies = [],
}: {
  links: Resource['target_urls']
  docId?: string
  transferCookies?: string[]
}) {
  const { t } = useI18n()
  const usable = links.flatMap((link) => {
    const href = safeHttpUrl(link.target_url) ?? undefined
    return href ? [{ ...link, href }] : []
  })
  if (usable.length === 0) return null
  return (
    <section className="res-detail__section">
      <h2>{t('resourceLinks')}</h2>
      <ul className="res-links">
        {usable.map((link, index) => {
          const cookieId = docId === undefined ? null : pickTransferCookie(transferCookies, link.pan_type)
          return (
            <li key={`${link.href}-${index}`} className="res-links__item">
              <div className="res-links__info">
                {link.pan_type ? <span className="res-links__type">{link.pan_type}</span> : null}
                <span className="res-links__url">{link.href}</span>
                {link.code ? <span className="res-links__code">{t('extractionCode', { code: link.code })}</span> : null}
              </div>
              <div className="res-links__actions">
                <a className="button" href={link.href} target="_blank" rel="noopener noreferrer nofollow">
                  {t('openLink')}
                </a>
                <CopyButton
                  text={link.code ? `${link.href} ${t('extractionCode', { code: link.code })}` : link.href}
                  label={t('copyLink')}
                />
              </div>
              {cookieId !== null && docId !== undefined ? (
                <TransferSave url={link.href} cookieId={cookieId} docId={docId} />
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
