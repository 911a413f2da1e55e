import type { FeedbackPageData } from '../../data/site-data.ts'
import { SiteForm } from '../../forms/site-form.tsx'

/** The site's feedback form, with every configured field. */
export function FeedbackForm({ form }: { form: FeedbackPageData['form'] }) {
  return <SiteForm className="card site-feedback-form" formId={form.formId} items={form.items} resultPosition="end" />
}
