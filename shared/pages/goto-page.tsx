import { useLoaderData } from 'react-router'
import { SiteLink } from '../components/site-link.tsx'
import type { GotoPageData } from '../data/site-data.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { Countdown } from './site/countdown.tsx'

/**
 * `/goto?url=…`: tells the visitor which host they are about to visit, then follows the link after a
 * short countdown. Without JavaScript the Continue link does the same.
 */
export function Component() {
  const { url, host, seconds } = useLoaderData() as GotoPageData
  const { t } = useI18n()
  return (
    <section className="site-goto card" aria-labelledby="site-goto-title">
      <h1 id="site-goto-title" className="site-goto__title">
        {t('leavingSite')}
      </h1>
      {/* Keyed by URL: a new destination restarts the countdown. */}
      <Countdown key={url} seconds={seconds} url={url} />
      <p className="site-goto__host" translate="no">
        {host}
      </p>
      <p className="site-goto__url" translate="no">
        {url}
      </p>
      <div className="site-goto__actions">
        <a className="button" href={url} rel="noopener noreferrer nofollow">
          {t('continueToSite')}
        </a>
        <SiteLink to="/" className="button button--secondary">
          {t('backToHome')}
        </SiteLink>
      </div>
    </section>
  )
}
