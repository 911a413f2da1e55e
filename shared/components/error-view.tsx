import { useI18n } from '../i18n/i18n-context.tsx'
import { SiteLink } from './site-link.tsx'

/** The visible part of an error page: 404 shows Page Not Found, anything else Internal Server Error (SPEC §2). */
export function ErrorView({ status, message, withHomeLink = true }: { status: number; message: string | null; withHomeLink?: boolean }) {
  const { t } = useI18n()
  const heading = status === 404 ? t('pageNotFound') : status === 405 ? t('methodNotAllowed') : status === 400 ? t('invalidLink') : t('internalServerError')
  const lead = status === 404 ? t('pageNotFoundLead') : status === 405 ? t('methodNotAllowedLead') : status === 400 ? '' : t('internalServerErrorLead')
  return (
    <section className="error-page" data-status={status}>
      <p className="error-code">{status}</p>
      <h1>{message ?? heading}</h1>
      {lead ? <p>{lead}</p> : null}
      {withHomeLink ? <SiteLink to="/" className="button">{t('backToHome')}</SiteLink> : null}
    </section>
  )
}

/** The document title of an error page; the server uses the same rule for the first render. */
export function errorTitle(status: number, message: string | null): string {
  if (message) return message
  return status === 404 ? 'Page Not Found' : 'Internal Server Error'
}
