import { request as httpRequest } from 'undici'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEMO_PAGES, demoVisitorCookie } from '../../test/demo-pages.ts'
import { startTestSite, type TestSite } from '../../test/harness.ts'

const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'

/**
 * What React writes for a Suspense boundary that is not in place: the pending marker, the template
 * its content replaces, the hidden copy of that content and the scripts that swap it in.
 */
const PENDING_MARKS: [name: string, pattern: RegExp][] = [
  ['pending boundary', /<!--\$\?-->/],
  ['boundary template', /<template id="B:/],
  ['hidden segment', /<div hidden id="S:/],
  ['swap script', /\$RC\(|\$RS\(|\$RX\(/],
]

/** The pending-boundary marks found in a page; none in a complete one. */
function pendingMarks(html: string): string[] {
  return PENDING_MARKS.filter(([, pattern]) => pattern.test(html)).map(([name]) => name)
}

function withoutNonce(html: string): string {
  return html.replace(/ nonce="[^"]*"/g, ' nonce=""')
}

function totalCalls(site: TestSite): number {
  let total = 0
  for (const count of site.upstreamCalls.values()) total += count
  return total
}

describe('a crawler gets every page complete, in document order', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it.each(DEMO_PAGES)('%s%s', async (host, path, status) => {
    const response = await site.request(path, {
      host,
      headers: { cookie: demoVisitorCookie(host, path), 'user-agent': CRAWLER },
    })
    expect(response.status).toBe(status)
    const html = await response.text()
    expect(html).toMatch(/<\/html>$/)
    expect(pendingMarks(html)).toEqual([])
  })

  // The aside of /res/hot is deferred data: the page suspends, and its resolved content is large.
  it('with the deferred aside resolved in place', async () => {
    const html = await (
      await site.request('/res/hot', { headers: { cookie: 'lang=zh', 'user-agent': CRAWLER } })
    ).text()
    const aside = /<aside class="res-aside"[^>]*>.*?<\/aside>/s.exec(html)?.[0] ?? ''
    expect(aside).toMatch(/^<aside class="res-aside"[^>]*><!--\$--><section class="res-aside__block/)
    expect(aside).not.toContain('class="res-aside__loading"')
  })
})

describe('the HTML cache keeps complete pages, so every hit is complete', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite({ htmlCache: {}, listen: true })
  })
  afterAll(() => site.close())

  /** A GET over the site's socket, where stored pages are answered before the app (answer/hit-writer.ts). */
  async function overSocket(host: string, path: string): Promise<{ status: number; html: string }> {
    const answer = await httpRequest(new URL(path, site.url), {
      headers: { host, cookie: demoVisitorCookie(host, path), 'user-agent': BROWSER },
    })
    return { status: answer.statusCode, html: await answer.body.text() }
  }

  it.each(DEMO_PAGES.filter(([, , status]) => status === 200))('%s%s', async (host, path) => {
    const rendered = await overSocket(host, path)
    expect(rendered.status).toBe(200)
    expect(pendingMarks(rendered.html)).toEqual([])
    await vi.waitFor(() => expect(site.htmlCache?.inFlight).toBe(0))
    const calls = totalCalls(site)
    const getSite = vi.spyOn(site.sites, 'getSite')
    try {
      // Answered from the stored page before the app: no tenant step, no upstream call.
      const early = await overSocket(host, path)
      expect(getSite).not.toHaveBeenCalled()
      // Answered from the stored page by the app (the path a request reaching the app takes).
      const late = await site.request(path, {
        host,
        headers: { cookie: demoVisitorCookie(host, path), 'user-agent': BROWSER },
      })
      expect(totalCalls(site)).toBe(calls)
      expect(withoutNonce(early.html)).toBe(withoutNonce(rendered.html))
      expect(withoutNonce(await late.text())).toBe(withoutNonce(rendered.html))
    } finally {
      getSite.mockRestore()
    }
  })
})
