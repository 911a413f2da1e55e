import { isRouteErrorResponse } from 'react-router'
import { langCookie } from '../../shared/rules/lang-cookie.ts'
import type { Lang } from '../../shared/types.ts'
import type { AppEnv } from '../app-env.ts'
import { type AnswerPolicy, PRIVATE, sharedFile } from '../http/answer-policy.ts'
import { htmlError } from '../render/html-error.ts'
import { LANGUAGE_VARY } from './document-answer.ts'

// What a page request ends with besides a page (page-render.ts, payload.ts, form-post.ts): a redirect,
// a malformed address, loader failures worth logging, the route name metrics count it under.

/** The response for a request that does not render: a redirect or a malformed address. */
export function redirectOrBadRequest(
  outcome: { kind: 'bad-request' } | { kind: 'redirect'; status: 301 | 302; location: string; setLangCookie?: Lang },
): Response {
  if (outcome.kind === 'bad-request') {
    return htmlError('bad-address')
  }
  const headers = new Headers({ location: outcome.location })
  if (outcome.setLangCookie) headers.append('set-cookie', langCookie(outcome.setLangCookie))
  return new Response(null, { status: outcome.status, headers })
}

/**
 * A 302 chosen from the visitor's language must not be cached for other visitors; a 301 may be, for
 * an hour. `varyByLanguage`: another visitor's language could have sent it elsewhere (dependsOnVisitorLanguage).
 */
export function redirectPolicy(outcome: { status: 301 | 302 }, varyByLanguage: boolean): AnswerPolicy {
  const policy = outcome.status === 302 ? PRIVATE : sharedFile('public, max-age=3600')
  return varyByLanguage ? { ...policy, vary: LANGUAGE_VARY } : policy
}

/** The metrics route name of a loaded page: the id of the deepest matched route. */
export function leafRouteId(context: { matches: { route: { id: string } }[] }): string {
  return context.matches[context.matches.length - 1]?.route.id ?? 'unmatched'
}

/** Loader failures other than deliberate 4xx responses are bugs or upstream trouble: log them. */
export function logUnexpected(
  log: AppEnv['Variables']['log'],
  errors: Record<string, unknown> | null | undefined,
  url: string,
) {
  if (!errors) return
  for (const error of Object.values(errors)) {
    if (!isRouteErrorResponse(error)) log.error({ err: error, url }, 'page data failed')
  }
}
