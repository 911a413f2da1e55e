import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { ifNoneMatchMatches, isShareable, notModifiedHeaders } from '../http/conditional-request.ts'

/**
 * `If-None-Match` for every answer whose route gave it an `ETag` (pages from the HTML cache,
 * payloads, robots.txt, sitemaps, the feed): a GET or HEAD whose tag matches gets `304 Not Modified`
 * with no body and the headers of notModifiedHeaders. It sits outside the security headers, so a
 * 304 carries no Content-Security-Policy, and outside the cache rules, so it judges the final
 * `Cache-Control`: a private answer (a cookie, `private`, `no-store`) loses its tag and is never
 * answered 304. The same decisions answer cache hits before the app (answer/hit-writer.ts). For
 * operators: docs/conditional-requests.md.
 *
 * Not hono's `etag` middleware: it hashes each response's bytes (a page's differ by nonce, so its tag
 * would change on every answer, and hashing per hit costs what the stored tag saves), and it cannot
 * serve the hits answered on Node's response.
 */
export function conditionalGet(): MiddlewareHandler<AppEnv> {
  return async function conditionalGetMiddleware(c, next) {
    await next()
    const method = c.req.method
    if (method !== 'GET' && method !== 'HEAD') return
    const response = c.res
    const etag = response.headers.get('etag')
    if (etag === null) return
    if (!isShareable(response.status, response.headers.get('cache-control'), response.headers.has('set-cookie'))) {
      // An error or a private answer is not one to revalidate; a route's own 304 (images) stays as it is.
      if (response.status !== 304) response.headers.delete('etag')
      return
    }
    if (!ifNoneMatchMatches(c.req.header('if-none-match'), etag)) return
    // A streamed body (a page still rendering) is given up: the client has it already.
    await response.body?.cancel()
    c.res = undefined
    c.res = new Response(null, { status: 304, headers: notModifiedHeaders(response.headers) })
  }
}
