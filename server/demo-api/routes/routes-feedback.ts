import { z } from 'zod'
import { defineCall, nowSeconds } from '../call.ts'
import { fail, ok, paginate, STATUS } from '../envelope.ts'
import { validateForm } from '../accounts/form-validation.ts'
import { page, pageSize } from '../schemas.ts'

/** The site-wide feedback form (/feedback/sub); its submissions appear in the feedback list. */
const FEEDBACK_FORM_ID = 'feedback'

export const feedbackCalls = [
  defineCall('/v1/feedback/list', z.object({ page, page_size: pageSize }), (body, { tenant }) => {
    const rows = [...tenant.feedback].sort((a, b) => b.created_at - a.created_at)
    return ok(paginate(rows, body.page, body.page_size))
  }),

  defineCall(
    '/v1/feedback/submit',
    z.object({
      form_id: z.string().trim().min(1),
      values: z.record(z.string(), z.union([z.string().max(5000), z.array(z.string().max(500)).max(50)])),
    }),
    (body, ctx) => {
      const { tenant, log } = ctx
      const form = tenant.forms.find((f) => f.form_id === body.form_id)
      if (!form) return fail(STATUS.invalidInput, `form_id: no such form "${body.form_id}"`)
      const problem = validateForm(form.items, body.values)
      if (problem) return fail(STATUS.invalidInput, problem)
      if (form.form_id === FEEDBACK_FORM_ID) {
        const content = body.values.content
        tenant.feedback.push({
          id: `f${1001 + tenant.feedback.length}`,
          content: Array.isArray(content) ? content.join(', ') : (content ?? ''),
          created_at: nowSeconds(ctx),
        })
      }
      // Land-page form answers have no list call; the log is where a person reads them.
      log.info({ site_id: tenant.site.site_id, form_id: form.form_id, values: body.values }, 'form submitted')
      return ok(null)
    },
  ),
]
