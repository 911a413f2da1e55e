import { afterEach } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'

interface Seen {
  path: string
  search: string
  headers: Headers
  body: string
}
type Answer = (seen: Seen) => Response | Promise<Response>

export const HOST = 'res.localhost'
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

export function proxiedCalls(test: TestSite): number {
  return [...test.upstreamCalls.entries()]
    .filter(([path]) => !path.startsWith('/v1/site_'))
    .reduce((sum, [, n]) => sum + n, 0)
}

export function upstreamCalls(test: TestSite): number {
  return [...test.upstreamCalls.values()].reduce((sum, n) => sum + n, 0)
}

/** The test's site, started by `start` and closed after each test. Call it at the top of a test file. */
export function useProxySite() {
  let site: TestSite | undefined
  afterEach(async () => {
    await site?.close()
    site = undefined
  })

  /**
   * The app with the demo API behind a stub on 127.0.0.1: site config calls reach the demo, proxied
   * calls are recorded and answered by `answer` (the demo's answer when it is not given).
   */
  async function start(answer?: Answer, options: { listen?: boolean; trustProxy?: number } = {}) {
    const seen: Seen[] = []
    site = await startTestSite({
      listen: options.listen ?? false,
      app: { trustProxy: options.trustProxy ?? 0 },
      upstream: async (request, demo) => {
        const url = new URL(request.url)
        if (url.pathname.startsWith('/v1/site_page/') || url.pathname.startsWith('/v1/site_admin/'))
          return demo(request)
        const body = await request.text()
        const entry = { path: url.pathname, search: url.search, headers: request.headers, body }
        seen.push(entry)
        if (answer) return answer(entry)
        return demo(new Request(request.url, { method: 'POST', headers: request.headers, body }))
      },
    })
    return { site, seen }
  }

  function post(path: string, body: unknown = {}, headers: Record<string, string> = {}, host = HOST) {
    return site!.request(path, {
      method: 'POST',
      host,
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  }

  return { start, post }
}
