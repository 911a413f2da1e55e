import type { LandModuleView } from '../../data/content-data.ts'
import { SiteForm } from '../../forms/site-form.tsx'

type FormModule = Extract<LandModuleView, { type: 'form' }>

/** A land `form` module: a configured form whose outcome shows at its end or in a pop-up. */
export function LandForm({ module }: { module: FormModule }) {
  return (
    <SiteForm
      className="land-form card"
      formId={module.formId}
      items={module.items}
      submitText={module.submitText}
      resultText={module.resultText}
      resultPosition={module.resultPosition === 1 ? 'popup' : 'end'}
    />
  )
}
