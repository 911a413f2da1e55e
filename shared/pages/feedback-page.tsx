import { useLoaderData } from 'react-router'
import { SiteLink } from '../components/site-link.tsx'
import type { FeedbackPageData } from '../data/site-data.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { FeedbackForm } from './site/feedback-form.tsx'
import { FeedbackList } from './site/feedback-list.tsx'
import { Pagination } from '../components/pagination.tsx'
import { feedbackListPath } from '../data/site-data.ts'

/**
 * `/feedback` and `/feedback/:p`: the messages with the site's replies, next to the form;
 * `/feedback/sub`: the form on its own.
 */
export function Component() {
  const data = useLoaderData() as FeedbackPageData
  const { t } = useI18n()
  const form = <FeedbackForm form={data.form} />
  return (
    <div className={`site-feedback site-feedback--${data.view}`}>
      <header className="site-page-header">
        <h1>{t('feedback')}</h1>
        <p className="muted">{t('feedbackLead')}</p>
      </header>
      {data.view === 'form' ? (
        <>
          {form}
          <p className="site-feedback__back">
            <SiteLink to="/feedback">{t('back')}</SiteLink>
          </p>
        </>
      ) : (
        <div className="site-feedback__layout">
          <div className="site-feedback__main">
            <FeedbackList rows={data.rows} />
            <Pagination page={data.page} pages={data.pages} pathFor={feedbackListPath} />
          </div>
          <aside className="site-feedback__aside" aria-label={t('feedback')}>
            {form}
          </aside>
        </div>
      )}
    </div>
  )
}
