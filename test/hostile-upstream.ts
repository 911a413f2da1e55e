import type { TestSiteOptions } from './harness.ts'

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
