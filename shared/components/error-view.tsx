import { useI18n } from '../i18n/i18n-context.tsx'
import type { Translate } from '../i18n/translator.ts'
import { SiteLink } from './site-link.tsx'

/**
 * The visible part of an error page. The heading follows SPEC §2: a 404 says "Page Not Found",
 * anything unexpected "Internal Server Error" (405 and 400 name themselves). The route's own
 * message (SPEC §8 'Page not found: {path}', 'Page Not Found: {path}') and a localised explanation
 * follow it.
 */
export function ErrorView({
  status,
  message,
  withHomeLink = true,
}: {
  status: number
  message: string | null
  withHomeLink?: boolean
}) {
  const { t } = useI18n()
  const heading = errorTitle(status, null)
  return (
    <section className="error-page" data-status={status}>
      <p className="error-code">{status}</p>
      <h1>{heading}</h1>
      {message && message !== heading ? <p className="error-detail">{message}</p> : null}
      <p>{errorLead(status, t)}</p>
      {withHomeLink ? (
        <SiteLink to="/" className="button">
          {t('backToHome')}
        </SiteLink>
      ) : null}
    </section>
  )
}

/** The localised explanation under the heading; a payload that could not be fetched has its own. */
function errorLead(status: number, t: Translate): string {
  switch (status) {
    case 404:
      return t('pageNotFoundLead')
    case 405:
      return t('methodNotAllowedLead')
    case 400:
      return t('invalidLink')
    case 503:
      return t('fetchFailed')
    default:
      return t('internalServerErrorLead')
  }
}

/** The document title of an error page (the route's message when it has one); the server uses the same rule. */
export function errorTitle(status: number, message: string | null): string {
  if (message) return message
  if (status === 404) return 'Page Not Found'
  if (status === 405) return 'Method Not Allowed'
  if (status === 400) return 'Bad Request'
  return 'Internal Server Error'
}
