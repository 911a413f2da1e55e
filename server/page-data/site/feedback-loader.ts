import { notFound } from '../../../shared/data/page-errors.ts'
import { feedbackListPath, type FeedbackEntry, type FeedbackPageData } from '../../../shared/data/site-data.ts'
import { buildPageHead } from '../../../shared/seo/build-page-head.ts'
import type { Feedback } from '../../../shared/content-types.ts'
import { feedbackPageSchema } from '../../upstream/schemas.ts'
import type { LoaderEnv, ServerLoader } from '../loader-env.ts'
import { parsePage } from '../params.ts'
import { pageCount } from '../../../shared/rules/page-number.ts'
import { definedItems, toFormItem } from '../content/land-modules.ts'
import { isLoose } from '../content/readers.ts'

/** Messages per list page. */
const FEEDBACK_PAGE_SIZE = 20

/** The feedback form's id at `/v1/feedback/submit` when the site configures none. */
const DEFAULT_FEEDBACK_FORM_ID = 'feedback'

/**
 * The site's feedback form: its configured items (those that can be rendered), or a message and
 * an optional contact when the site configures none or nothing usable.
 */
function feedbackFormOf(env: LoaderEnv): FeedbackPageData['form'] {
  const config = env.tenant.site.page_config.feedback_config
  const items = config ? definedItems(config.items.filter(isLoose).map(toFormItem)) : []
  if (config && items.some((item) => item.type !== 'text')) return { formId: config.form_id, items }
  return {
    formId: DEFAULT_FEEDBACK_FORM_ID,
    items: [
      { type: 'textarea', field: 'content', label: env.t('feedback'), required: 1, max_length: 500 },
      { type: 'input', field: 'contact', label: env.t('contactOptional'), max_length: 100 },
    ],
  }
}

function toEntry(row: Feedback): FeedbackEntry {
  return { id: row.id, content: row.content, reply: row.reply?.trim() ?? '', createdAt: row.created_at }
}

function head(env: LoaderEnv, routerPath: string): FeedbackPageData['head'] {
  return buildPageHead({ site: env.tenant.site, fallbackTitle: env.t('feedback'), urls: env.pageUrls(routerPath) })
}

async function listPage(env: LoaderEnv, page: number): Promise<FeedbackPageData> {
  const { rows, total } = await env.upstream.data(
    '/v1/feedback/list',
    { page, page_size: FEEDBACK_PAGE_SIZE },
    feedbackPageSchema,
  )
  const pages = pageCount(total, FEEDBACK_PAGE_SIZE)
  // A page past the end names nothing; page 1 always exists (an empty list is still a page).
  if (page > 1 && (page > pages || rows.length === 0)) throw notFound('invalid', env.browserPath)
  return {
    kind: 'feedback',
    view: 'list',
    page,
    pages,
    total,
    rows: rows.map(toEntry),
    form: feedbackFormOf(env),
    head: head(env, feedbackListPath(page)),
  }
}

/** `/feedback`: the first page of messages and the form. */
export const feedback: ServerLoader = async (env) => listPage(env, 1)

/** `/feedback/:p`: a later page of messages; a segment that names no page is a 404 (SPEC §5). */
export const feedbackPage: ServerLoader = async (env) => {
  return listPage(env, parsePage(env.params.p ?? '', env))
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
    form: feedbackFormOf(env),
    head: head(env, '/feedback/sub'),
  }
  return data
}
