import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import {
  type AnswerPolicy,
  cachingHeaders,
  isShareable,
  NOT_KEPT,
  PRIVATE,
  privateAnswer,
  UNDECIDED,
  varyOf,
} from '../http/answer-policy.ts'
import { ifNoneMatchMatches, notModifiedHeaders } from '../http/conditional-request.ts'
import { nextNonce } from '../http/security-policy.ts'
import { type AnswerWriting, isCompressible, scriptPolicyLine, varyLine } from './policy-lines.ts'

/** Headers a policy owns: whatever a route left of them is replaced by the policy's own. */
const POLICY_OWNED = ['cache-control', 'cdn-cache-control', 'cache-tag', 'surrogate-key']

/**
 * The policy an answer is written with: the one its route decided (`c.var.answer`), the same-origin
 * API's, or HTTP's defaults; then two rules no route can undo: an error (4xx/5xx, the startup
 * screen included) is kept by nobody, so an outage is not cached beyond it, and an answer that sets
 * a cookie is private (a shared cache must never hand one visitor's cookie to another).
 */
function finalPolicy(decided: AnswerPolicy | undefined, api: boolean, status: number, setsCookie: boolean) {
  const policy = decided ?? (api ? PRIVATE : UNDECIDED)
  if (setsCookie) return privateAnswer(policy)
  if (status >= 400 && policy.keeping !== 'private') return { ...NOT_KEPT, scripts: policy.scripts, ...varyOf(policy) }
  return policy
}

/**
 * Writes `Vary` on `headers` from `policy` (policy-lines.ts `varyLine`), replacing whatever was
 * there: a body of a compressible type may be compressed, and one already coded was negotiated.
 */
function writeVary(headers: Headers, policy: AnswerPolicy, writing: AnswerWriting): void {
  const coded = isCompressible(headers.get('content-type')) || headers.has('content-encoding')
  const vary = varyLine(policy.vary, { coded }, writing)
  if (vary === undefined) headers.delete('vary')
  else headers.set('vary', vary)
}

/**
 * Writes `policy` on `headers`: `Vary`, the security headers, the script policy, Cache-Control, a
 * CDN's lifetimes and tags and the entity tag where the answer is shareable (none of them elsewhere).
 */
function writePolicy(
  headers: Headers,
  policy: AnswerPolicy,
  status: number,
  writing: AnswerWriting,
  nonce: string,
): void {
  const { security } = writing
  writeVary(headers, policy, writing)
  for (const name of POLICY_OWNED) headers.delete(name)
  // A private answer is never confirmed by its tag (an image's own tag stays on a shared one).
  if (!isShareable(policy, status)) headers.delete('etag')
  for (const [name, value] of Object.entries(security.fixed)) headers.set(name, value)
  headers.set('content-security-policy', scriptPolicyLine(policy, status, nonce))
  for (const [name, value] of Object.entries(cachingHeaders(policy, status))) headers.set(name, value)
}

/**
 * The one writer of the app's answers: each route decides its answer's policy as a value
 * (`c.set('answer', …)`, http/answer-policy.ts) and this writes it, then answers `If-None-Match`
 * with `304 Not Modified` for a shareable GET or HEAD whose tag matches (RFC 9110 §13.1.2): no body,
 * and the headers notModifiedHeaders keeps, so no script policy. A page answered from the HTML cache
 * comes with its headers written from its prepared block (answer/page-answer.ts), the hit writer's,
 * and is left as it is. For operators: docs/conditional-requests.md.
 *
 * Not hono's `etag` middleware: it hashes each response's bytes (a page's differ by nonce, so its tag
 * would change on every answer), and it cannot serve the hits answered on Node's response.
 */
export function answerWriter(writing: AnswerWriting): MiddlewareHandler<AppEnv> {
  return async function answerWriterMiddleware(c, next) {
    const nonce = nextNonce()
    c.set('cspNonce', nonce)
    await next()
    const decided = c.get('answer')
    if (decided === 'written') return
    const response = c.res
    const headers = response.headers
    const api = (c.env as Partial<AppEnv['Bindings']> | undefined)?.admitted?.api ?? false
    const policy = finalPolicy(decided, api, response.status, headers.has('set-cookie'))
    // A route's own 304 (an image) carries what it chose, but for `Vary`, which names the same variants as its 200.
    if (response.status === 304) return writeVary(headers, policy, writing)
    writePolicy(headers, policy, response.status, writing, nonce)
    const method = c.req.method
    if (policy.etag === undefined || (method !== 'GET' && method !== 'HEAD')) return
    if (!isShareable(policy, response.status) || !ifNoneMatchMatches(c.req.header('if-none-match'), policy.etag)) return
    // A streamed body (a page still rendering) is given up: the client has it already.
    await response.body?.cancel()
    c.res = undefined
    c.res = new Response(null, { status: 304, headers: notModifiedHeaders(headers) })
  }
}
