import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'

const HOSTS = ['res.localhost', 'land.localhost', 'nav.localhost']
const PAGES_PER_HOST = 60

/** In-site addresses a page links to (anchors only, fragments dropped). */
function linksOf(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="(\/[^"/][^"]*|\/)"/g)].map(
    (match) => (match[1] ?? '/').replace(/&amp;/g, '&').replace(/#.*$/, '') || '/',
  )
}

// Every page kind of every demo site, reached by following links from each home: pictures are
// addresses of files, never inline data: URIs that weigh down the HTML and the hydration data.
describe('pages of the demo sites', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it.each(HOSTS)('carry no inline pictures on %s', async (host) => {
    const seen = new Set<string>(['/'])
    const queue = ['/']
    const offenders: string[] = []
    let pages = 0
    let pictures = 0
    while (queue.length > 0 && pages < PAGES_PER_HOST) {
      const path = queue.shift()!
      const response = await site.request(path, { host })
      if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) continue
      const html = await response.text()
      if (!html.includes('id="__hydration"')) continue
      pages += 1
      if (/data:image/i.test(html)) offenders.push(path)
      pictures += [...html.matchAll(/\/media\/[^"&]+\.(?:webp|svg)/g)].length
      for (const link of linksOf(html)) {
        if (!seen.has(link) && !link.startsWith('/_') && !link.startsWith('/goto')) {
          seen.add(link)
          queue.push(link)
        }
      }
    }
    expect(pages).toBeGreaterThan(8)
    expect(pictures).toBeGreaterThan(10)
    expect(offenders).toEqual([])
  })

  // Before, the pictures were inline: the home was 129 KiB and a 60-result search 144 KiB.
  it.each([
    ['the res home', '/', 75_000],
    ['a 60-result search', '/s?query=a', 85_000],
  ])('keeps %s light', async (_what, path, limit) => {
    const response = await site.request(path, { host: 'res.localhost', headers: { cookie: 'lang=zh' } })
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).not.toMatch(/data:image/i)
    // Markup and data only: the page kind's stylesheets travel inline in the head, the same on every page of the kind.
    const withoutSheets = html.replaceAll(/<style [^>]*data-styles="[\w-]+"[^>]*>[^<]*<\/style>/g, '')
    expect(html.length - withoutSheets.length).toBeGreaterThan(20_000)
    expect(Buffer.byteLength(withoutSheets)).toBeLessThan(limit)
  })
})
