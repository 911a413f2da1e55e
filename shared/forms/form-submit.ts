import { ApiCallError, postApi } from '../api/post-api.ts'
import type { FormResult } from './form-result.ts'
import type { FormValues } from './form-values.ts'

export { validateFormValues } from './form-validation.ts'

/** `/v1/feedback/submit` through the site's API proxy. */
const SUBMIT_PATH = 'feedback/submit'
/** The upstream's status for refused input (API.md `/v1/feedback/submit`); its `info` says why. */
const INVALID_INPUT_STATUS = 100

/**
 * Sends a checked form through the API proxy (site-form.tsx loads this with the first submit):
 * sent, or failed with the upstream's reason for refused input (null when it could not be sent).
 */
export async function sendForm(formId: string, values: FormValues): Promise<FormResult> {
  try {
    const reply = await postApi(SUBMIT_PATH, { form_id: formId, values })
    if (reply.status === 0) return { formId, outcome: 'sent' }
    return {
      formId,
      outcome: 'failed',
      values,
      message: reply.status === INVALID_INPUT_STATUS && reply.info ? reply.info : null,
    }
  } catch (error) {
    if (!(error instanceof ApiCallError)) throw error
    return { formId, outcome: 'failed', values, message: null }
  }
}
