import { notFound } from '../../../shared/data/page-errors.ts'
import { feedbackListPath, type FeedbackEntry, type FeedbackPageData } from '../../../shared/data/site-data.ts'
import { buildPageHead } from '../../../shared/seo/page-head.ts'
import type { Feedback } from '../../../shared/types.ts'
import { feedbackPageSchema } from '../../upstream/schemas.ts'
import type { LoaderEnv, ServerLoader } from '../loader-env.ts'
import { toPageNumber } from '../params.ts'

/** Messages per list page. */
export const FEEDBACK_PAGE_SIZE = 20

/** The site-wide feedback form: its id and field at `/v1/feedback/submit`, and the field's limit. */
export const FEEDBACK_FORM = { formId: 'feedback', field: 'content', maxLength: 500 } as const

function toEntry(row: Feedback): FeedbackEntry {
  return { id: row.id, content: row.content, reply: row.reply?.trim() ?? '', createdAt: row.created_at }
}

function head(env: LoaderEnv, routerPath: string): FeedbackPageData['head'] {
  return buildPageHead({ site: env.tenant.site, fallbackTitle: env.t('feedback'), urls: env.pageUrls(routerPath) })
}

async function listPage(env: LoaderEnv, page: number): Promise<FeedbackPageData> {
  const { rows, total } = await env.upstream.data('/v1/feedback/list', { page, page_size: FEEDBACK_PAGE_SIZE }, feedbackPageSchema)
  const pages = Math.max(1, Math.ceil(total / FEEDBACK_PAGE_SIZE))
  // A page past the end names nothing; page 1 always exists (an empty list is still a page).
  if (page > 1 && (page > pages || rows.length === 0)) throw notFound('invalid', env.browserPath)
  return {
    kind: 'feedback',
    view: 'list',
    page,
    pages,
    total,
    rows: rows.map(toEntry),
    form: FEEDBACK_FORM,
    head: head(env, feedbackListPath(page)),
  }
}

/** `/feedback`: the first page of messages and the form. */
export const feedback: ServerLoader = async (env) => listPage(env, 1)

/** `/feedback/:p`: a later page of messages; a segment that names no page is a 404 (SPEC §5). */
export const feedbackPage: ServerLoader = async (env) => {
  const page = toPageNumber(env.params.p ?? '')
  if (page === null) throw notFound('invalid', env.browserPath)
  return listPage(env, page)
}

/** `/feedback/sub`: the form on its own; no list is loaded. */
export const feedbackForm: ServerLoader = async (env) => {
  const data: FeedbackPageData = {
    kind: 'feedback',
    view: 'form',
    page: 1,
    pages: 1,
    total: 0,
    rows: [],
    form: FEEDBACK_FORM,
    head: head(env, '/feedback/sub'),
  }
  return data
}
