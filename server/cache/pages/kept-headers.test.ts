import { getRequestListener } from '@hono/node-server'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createHtmlCache } from './html-cache.ts'
import { UNDECIDED } from '../../http/answer-policy.ts'
import type { Rendered } from './read-render.ts'

// As in production: the Node adapter puts its lightweight Response in place of the global one, whose
// `headers` is the very Headers object it was made with.
beforeAll(() => {
  getRequestListener(() => new Response(null))
})

/**
 * The visitor's response leaves the cache for the middleware around the app, which may still change
 * its headers (a cookie, a policy, a debug header) while the page is read for the cache. The page
 * kept is the render as handed over: what is set on the visitor's response afterwards is that one
 * visitor's, never the next one's.
 */
describe.each([['streamed', () => new Response('<p>page</p>', { status: 200, headers: headers() })]])(
  'a kept page (%s) copies its headers when it is handed over',
  (_label, response) => {
    it('a header set on the visitor response afterwards is not on the next hit', async () => {
      const cache = createHtmlCache({ ttlMs: 10_000, maxBytes: 1024 * 1024, now: () => 1_000 })
      let settle: (complete: boolean) => void = () => {}
      const render = async (): Promise<Rendered> => ({
        response: response(),
        complete: new Promise<boolean>((done) => (settle = done)),
        nonce: undefined,
        routeName: 'page',
        policy: UNDECIDED,
      })
      const answer = await cache.get('h:html:a', render)
      if (answer.kind !== 'rendered') throw new Error('expected a render')
      // Middleware after the route: the visitor's headers change before the page is kept.
      answer.response.headers.set('x-late', 'for this visitor')
      answer.response.headers.set('content-language', 'zh')
      await answer.response.text()
      settle(true)
      await vi.waitFor(() => expect(cache.size).toBe(1))
      const hit = await cache.get('h:html:a', render)
      if (hit.kind !== 'hit') throw new Error('expected a hit')
      expect(Object.fromEntries(hit.page.headers)).toEqual({
        'content-type': 'text/html; charset=utf-8',
        'content-language': 'en',
      })
    })
  },
)

function headers(): Headers {
  return new Headers({ 'content-type': 'text/html; charset=utf-8', 'content-language': 'en' })
}
