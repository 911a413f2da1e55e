import { plainErrorPage, startupScreen } from './fallback-pages.ts'

/** Every HTML error the server answers without a site frame, with its status and wording. */
const HTML_ERRORS = {
  'bad-host': { status: 400, title: 'Bad Request', lead: 'The Host header is not valid.' },
  'bad-address': { status: 400, title: 'Bad Request', lead: 'The address is not valid.' },
  'cross-origin-form': { status: 403, title: 'Forbidden', lead: 'This form can only be sent from its own page.' },
  'unknown-site': { status: 404, title: 'Site not found', lead: 'No website is configured for this address.' },
  'no-such-file': { status: 404, title: 'Not Found', lead: 'There is no such file.' },
  'get-and-head-only': { status: 405, title: 'Method Not Allowed', lead: 'This address only answers GET and HEAD.' },
  'body-too-large': { status: 413, title: 'Payload Too Large', lead: 'The request body is too large.' },
  internal: {
    status: 500,
    title: 'Internal Server Error',
    lead: 'Something went wrong. Please try again in a moment.',
  },
} as const satisfies Record<string, { status: number; title: string; lead: string }>

export type HtmlErrorKind = keyof typeof HTML_ERRORS

/** Error answers are never stored: an outage or a refusal must not outlive its cause in a cache. */
const HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }

/**
 * The HTML answer for a refused or failed request that has no site frame to render in (a bad Host,
 * an unknown site, a wrong method…): the one way these pages are built, so each case has one
 * status, one wording and the same headers wherever it is answered.
 */
export function htmlError(kind: HtmlErrorKind): Response {
  const { status, title, lead } = HTML_ERRORS[kind]
  const headers: Record<string, string> = status === 405 ? { ...HEADERS, allow: 'GET, HEAD' } : { ...HEADERS }
  return new Response(plainErrorPage(status, title, lead), { status, headers })
}

/**
 * SPEC §2: the startup screen when no site config could be loaded, 503 with a retry hint. The
 * script in it carries the response's CSP nonce.
 */
export function htmlStartupScreen(nonce: string): Response {
  return new Response(startupScreen(nonce), { status: 503, headers: { ...HEADERS, 'retry-after': '3' } })
}
