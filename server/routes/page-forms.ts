import type { ContentPageData } from '../../shared/data/content-data.ts'
import type { FeedbackPageData } from '../../shared/data/site-data.ts'
import type { FormItem } from '../../shared/content-types.ts'

/**
 * The items of form `formId` on a page, from the page's loader data: the feedback form of the
 * feedback pages, or a `form` module of a landing page. Null when the page has no such form.
 */
export function findPageForm(data: unknown, formId: string): FormItem[] | null {
  if (data === null || typeof data !== 'object') return null
  const page = data as Partial<FeedbackPageData> | Partial<ContentPageData>
  if (page.kind === 'feedback') {
    const form = (page as FeedbackPageData).form
    return form.formId === formId ? form.items : null
  }
  if (page.kind === 'content') {
    const body = (page as ContentPageData).body
    if (body.kind !== 'land') return null
    for (const module of body.modules) {
      if (module.type === 'form' && module.formId === formId) return module.items
    }
  }
  return null
}
