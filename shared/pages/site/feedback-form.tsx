import { useId } from 'react'
import { useSiteHref } from '../../components/site-context.tsx'
import type { FeedbackPageData } from '../../data/site-data.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'

/**
 * The feedback form: a labelled text area and a submit button, posting to the form view's address.
 * It shows no outcome of its own: success or failure is the submission handler's to report.
 */
export function FeedbackForm({ form }: { form: FeedbackPageData['form'] }) {
  const { t } = useI18n()
  const href = useSiteHref()
  const id = useId()
  const fieldId = `${id}-${form.field}`
  return (
    <form className="card site-feedback-form" method="post" action={href('/feedback/sub')}>
      <input type="hidden" name="form_id" value={form.formId} />
      <label className="site-feedback-form__label" htmlFor={fieldId}>
        {t('feedback')}{' '}
        <span className="site-feedback-form__required">({t('required')})</span>
      </label>
      <textarea
        id={fieldId}
        className="site-feedback-form__input"
        name={form.field}
        rows={6}
        dir="auto"
        required
        maxLength={form.maxLength}
      />
      <button type="submit" className="button">{t('submit')}</button>
    </form>
  )
}
