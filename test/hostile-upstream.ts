import { expect, vi } from 'vitest'
import type { TestSite, TestSiteOptions } from './harness.ts'

/** A resource id as hostile as upstream text can be: a line break that would start a header, a space, CJK. */
const hostileResource = (n: string) => `r${n}\r\nX-Injected: yes 图片`
/** A page group id with a comma (splits a Cache-Tag) and CJK (past U+00FF). */
const HOSTILE_GROUP = 'g,法律'

/**
 * The demo API behind a stub that hands out hostile ids: every resource id and the legal group's id
 * in the answers, mapped back in the request bodies so the demo still finds what they name.
 */
export const hostileUpstream: NonNullable<TestSiteOptions['upstream']> = async (request, demo) => {
  const body = request.method === 'POST' ? await request.text() : undefined
  const plainBody = body
    ?.replaceAll(JSON.stringify(HOSTILE_GROUP).slice(1, -1), 'g-legal')
    .replace(/r(\d+)\\r\\nX-Injected: yes 图片/g, 'r$1')
  const answer = await demo(
    new Request(request.url, {
      method: request.method,
      headers: request.headers,
      ...(plainBody !== undefined ? { body: plainBody } : {}),
    }),
  )
  const text = (await answer.text())
    .replace(/"id":"r(\d+)"/g, (_match, n: string) => `"id":${JSON.stringify(hostileResource(n))}`)
    .replaceAll('"g-legal"', JSON.stringify(HOSTILE_GROUP))
  const headers = new Headers(answer.headers)
  headers.delete('content-length')
  return new Response(text, { status: answer.status, headers })
}

/** GET over a socket, waiting until nothing renders any more (so the page is kept). */
export async function getKept(site: TestSite, path: string, host: string) {
  // Each site's own language, so no language cookie makes the answer private.
  const headers = { 'accept-encoding': 'identity', cookie: host === 'land.localhost' ? 'lang=en' : 'lang=zh' }
  const response = await site.request(path, { host, via: 'listener', headers })
  const text = await response.text()
  await vi.waitFor(() => expect(site.htmlCache?.inFlight).toBe(0))
  return { response, text }
}

/** No header was injected, and the tag headers are printable ASCII: no hostile id went out raw. */
export function expectHeaderSafe(response: Response) {
  expect(response.headers.get('x-injected')).toBeNull()
  for (const name of ['cache-tag', 'surrogate-key']) {
    const value = response.headers.get(name) ?? ''
    expect(value).toMatch(/^[\x21-\x7e ,]+$/)
    expect(value).not.toMatch(/图|法/)
  }
}
