import { useMatches } from 'react-router'
import type { FieldProblem } from './form-validation.ts'
import type { FormValues } from './form-values.ts'

/**
 * The outcome of a form posted without JavaScript, rendered into the same page (and its hydration
 * data, so the browser shows the same): a confirmation, or the problems with what the visitor
 * typed kept in the fields.
 */
export type FormResult =
  | { formId: string; outcome: 'sent' }
  | { formId: string; outcome: 'invalid'; values: FormValues; problems: FieldProblem[] }
  /** `message`: the upstream's own explanation of refused input, or null for a failure to send. */
  | { formId: string; outcome: 'failed'; values: FormValues; message: string | null }

/** Page data that may carry the outcome of a posted form (server/routes/form-post.ts adds it to the page's own route data). */
interface WithFormResult {
  formResult?: FormResult
}

/** The result of form `formId` posted with this page, if any. */
export function useFormResult(formId: string): FormResult | null {
  const matches = useMatches()
  const leaf = matches[matches.length - 1]?.data as WithFormResult | null | undefined
  const result = leaf?.formResult
  return result !== undefined && result.formId === formId ? result : null
}
