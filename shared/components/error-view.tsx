import { useI18n } from '../i18n/i18n-context.tsx'
import type { Translate } from '../i18n/translator.ts'
import { SiteLink } from './site-link.tsx'

/** The visible part of an error page: 404 shows Page Not Found, anything else Internal Server Error (SPEC §2). */
export function ErrorView({ status, message, withHomeLink = true }: { status: number; message: string | null; withHomeLink?: boolean }) {
  const { t } = useI18n()
  const { heading, lead } = errorTexts(status, t)
  return (
    <section className="error-page" data-status={status}>
      <p className="error-code">{status}</p>
      <h1>{message ?? heading}</h1>
      {lead ? <p>{lead}</p> : null}
      {withHomeLink ? <SiteLink to="/" className="button">{t('backToHome')}</SiteLink> : null}
    </section>
  )
}

/** Heading and lead of an error page by status; a payload that could not be fetched has its own text. */
function errorTexts(status: number, t: Translate): { heading: string; lead: string } {
  switch (status) {
    case 404:
      return { heading: t('pageNotFound'), lead: t('pageNotFoundLead') }
    case 405:
      return { heading: t('methodNotAllowed'), lead: t('methodNotAllowedLead') }
    case 400:
      return { heading: t('invalidLink'), lead: '' }
    case 503:
      return { heading: t('fetchFailed'), lead: '' }
    default:
      return { heading: t('internalServerError'), lead: t('internalServerErrorLead') }
  }
}

/** The document title of an error page; the server uses the same rule for the first render. */
export function errorTitle(status: number, message: string | null): string {
  if (message) return message
  if (status === 404) return 'Page Not Found'
  if (status === 405) return 'Method Not Allowed'
  if (status === 400) return 'Bad Request'
  return 'Internal Server Error'
}
