import type { Context, Handler } from 'hono'
import { isbot } from 'isbot'
import type { StaticHandler } from 'react-router'
import { z } from 'zod'
import type { FormResult } from '../../shared/forms/form-result.ts'
import { validateFormValues } from '../../shared/forms/form-validation.ts'
import { FORM_ID_FIELD, toFormValues, type FormValues } from '../../shared/forms/form-values.ts'
import type { AppEnv } from '../app-env.ts'
import { NOT_KEPT } from '../http/answer-policy.ts'
import { UpstreamStatusError } from '../errors.ts'
import { isSameOriginWrite } from '../http/same-origin.ts'
import { htmlError } from '../render/html-error.ts'
import type { ClientManifest } from '../render/manifest.ts'
import type { Markdown } from '../page-data/markdown.ts'
import type { Locales } from '../tenant/locales.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import { renderDocumentAnswer } from './document-answer.ts'
import { redirectOrBadRequest } from './render-outcomes.ts'
import type { CachePolicyLookup } from './page-decision.ts'
import { decideRequest, loadDecidedPage } from './decide-and-load.ts'
import { findPageForm } from './page-forms.ts'

export interface FormPostRouteOptions {
  handler: StaticHandler
  sites: SiteRepository
  locales: Locales
  markdown: Markdown
  manifest: ClientManifest
  renderTimeoutMs: number
  policyOf: CachePolicyLookup
  /** Told when a render is cut short (metrics), as for a page GET. */
  onRenderAborted?: (reason: 'timeout' | 'client') => void
}

const SUBMIT_PATH = '/v1/feedback/submit'
/** API.md: `/v1/feedback/submit` refuses invalid input with status 100 and says why in `info`. */
const INVALID_INPUT_STATUS = 100

type Body = Record<string, string | File | (string | File)[]>

/**
 * A configured form posted without JavaScript (feedback pages, land `form` modules): the page's
 * own address answers the same page with the confirmation, or with the problems and everything
 * the visitor typed kept in the fields. Posts to pages without that form keep answering 405.
 */
export function formPostRoute(options: FormPostRouteOptions): Handler<AppEnv> {
  return async function formPostHandler(c) {
    if (!isSameOriginWrite(c.req.raw.headers, c.get('origin'))) return htmlError('cross-origin-form')
    const body = await readForm(c)
    const formId = typeof body?.[FORM_ID_FIELD] === 'string' ? body[FORM_ID_FIELD] : null
    if (body === null || formId === null) return methodNotAllowed()

    const url = new URL(c.req.url)
    const decision = decideRequest(c, url.pathname, true, options.policyOf)
    if (decision.kind !== 'render') return redirectOrBadRequest(decision)
    const outcome = await loadDecidedPage(c, options, decision, 'document')
    if (outcome.kind !== 'loaded') return redirectOrBadRequest(outcome)
    const { context } = outcome
    const leaf = context.matches[context.matches.length - 1]
    const data = leaf && !context.errors ? context.loaderData[leaf.route.id] : undefined
    const items = findPageForm(data, formId)
    if (leaf === undefined || items === null) return methodNotAllowed()

    const values = toFormValues(items, (field) => entriesOf(body[field]))
    const { result, status } = await submitForm(c, options.sites, formId, values, validateFormValues(items, values))
    return renderDocumentAnswer(options, {
      context: {
        ...context,
        statusCode: status,
        loaderData: { ...context.loaderData, [leaf.route.id]: { ...(data as object), formResult: result } },
      },
      tenant: outcome.tenant,
      locale: outcome.locale,
      language: decision.language,
      headers: new Headers(),
      // A form's outcome is its visitor's alone, now.
      policy: NOT_KEPT,
      onPolicy: (policy) => c.set('answer', policy),
      method: 'GET',
      complete: isbot(c.req.header('user-agent') ?? ''),
      signal: c.req.raw.signal,
      nonce: c.get('cspNonce'),
      log: c.get('log'),
      url: c.req.url,
    })
  }
}

async function submitForm(
  c: Context<AppEnv>,
  sites: SiteRepository,
  formId: string,
  values: FormValues,
  problems: ReturnType<typeof validateFormValues>,
): Promise<{ result: FormResult; status: number }> {
  if (problems.length > 0) return { result: { formId, outcome: 'invalid', values, problems }, status: 422 }
  try {
    await sites.submit(
      c.get('tenant').host,
      SUBMIT_PATH,
      { form_id: formId, values },
      z.unknown(),
      c.get('upstreamContext'),
    )
    return { result: { formId, outcome: 'sent' }, status: 200 }
  } catch (error) {
    if (error instanceof UpstreamStatusError && error.status === INVALID_INPUT_STATUS) {
      return { result: { formId, outcome: 'failed', values, message: error.info || null }, status: 422 }
    }
    c.get('log').error({ err: error, url: c.req.url, formId }, 'form submission failed')
    return { result: { formId, outcome: 'failed', values, message: null }, status: 502 }
  }
}

/** The posted fields, or null when the body is not a form (a JSON post is not a page form). */
async function readForm(c: Context<AppEnv>): Promise<Body | null> {
  const type = c.req.header('content-type') ?? ''
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return null
  try {
    return (await c.req.parseBody({ all: true })) as Body
  } catch {
    return null
  }
}

/** Every entry of one field as text; a file counts by its name (the upstream takes text only). */
function entriesOf(value: Body[string] | undefined): string[] {
  if (value === undefined) return []
  return (Array.isArray(value) ? value : [value]).map((entry) => (typeof entry === 'string' ? entry : entry.name))
}

function methodNotAllowed(): Response {
  return htmlError('get-and-head-only')
}
