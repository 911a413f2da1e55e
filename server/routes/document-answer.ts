import type { Logger } from 'pino'
import type { StaticHandler } from 'react-router'
import type { AnswerPolicy, VaryingOn } from '../http/answer-policy.ts'
import type { ClientManifest } from '../render/manifest.ts'
import { renderDocument, type RenderDocumentInput } from '../render/render-document.ts'
import type { Tenant } from '../tenant/tenant.ts'

/** The request headers the first-visit language redirect reads (SPEC §2). */
export const LANGUAGE_VARY: readonly VaryingOn[] = ['Accept-Language', 'Cookie']

/**
 * Whether a document answer could have been different for another visitor's Accept-Language or
 * lang cookie: only on a site with several languages, for an unprefixed page (default language)
 * or a redirect (its target may switch to a language prefix). Elsewhere `Vary` stays small, so a
 * CDN keeps one copy per page.
 */
export function dependsOnVisitorLanguage(tenant: Tenant, rendered: { language: string } | null): boolean {
  if (tenant.languages.length < 2) return false
  return rendered === null || rendered.language === tenant.defaultLanguage
}

/** `policy` varying by the language headers when a page in `language` depends on them (dependsOnVisitorLanguage). */
export function withLanguageVary(policy: AnswerPolicy, tenant: Tenant, language: string): AnswerPolicy {
  return dependsOnVisitorLanguage(tenant, { language }) ? { ...policy, vary: LANGUAGE_VARY } : policy
}

/** What rendering any document needs from the app: the routes, the build, the time limit and the metric. */
interface DocumentRenderOptions {
  handler: StaticHandler
  manifest: ClientManifest
  renderTimeoutMs: number
  /** Told when a render is cut short (metrics). */
  onRenderAborted?: (reason: 'timeout' | 'client') => void
  /** Told how the complete copy of a streamed render was made (metrics). */
  onStreamedCopy?: (made: 'splice' | 'render') => void
}

/** A loaded page to render, as its route has it: its answer's headers, the page's language and its address. */
type DocumentAnswer = Omit<
  RenderDocumentInput,
  'handler' | 'manifest' | 'timeoutMs' | 'onAborted' | 'onError' | 'onStreamedCopy'
> & {
  /** The language the page is rendered in (see dependsOnVisitorLanguage). */
  language: string
  log: Logger
  /** The address rendered, for the log. */
  url: string
}

/**
 * The one way a loaded page is rendered to a document response, whichever route answers (a page
 * GET, a re-render for the HTML cache, a form post): its policy's `vary` names the language headers when another
 * visitor's could have changed the answer, a render cut short is counted (`onRenderAborted`), and a
 * render error is logged with its address.
 */
export function renderDocumentAnswer(options: DocumentRenderOptions, page: DocumentAnswer): Promise<Response> {
  const { language, log, url, ...input } = page
  return renderDocument({
    ...input,
    policy: withLanguageVary(input.policy, input.tenant, language),
    handler: options.handler,
    manifest: options.manifest,
    timeoutMs: options.renderTimeoutMs,
    ...(options.onRenderAborted ? { onAborted: options.onRenderAborted } : {}),
    ...(options.onStreamedCopy ? { onStreamedCopy: options.onStreamedCopy } : {}),
    onError: (error) => log.error({ err: error, url }, 'render error'),
  })
}
