import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PublicSite } from '../../../shared/data/public-site.ts'
import type { MenuLink } from '../../../shared/data/public-site.ts'
import { startTestSite, type TestSite } from '../../../test/harness.ts'

const HOSTS = ['res.localhost', 'land.localhost', 'nav.localhost']

function rootOf(html: string): { site: PublicSite } {
  const json = /<script id="__hydration" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1]
  if (!json) throw new Error('no hydration data')
  return (JSON.parse(json) as { loaderData: { root: { site: PublicSite } } }).loaderData.root
}

function urlsOf(items: MenuLink[]): string[] {
  return items.flatMap((item) => [item.url, ...urlsOf(item.children ?? [])])
}

/** The addresses a visitor can reach from a page's header, footer and pendants (in-site ones only). */
function siteLinks(html: string): string[] {
  const { site } = rootOf(html)
  const hrefs = [...html.matchAll(/<(?:header|footer)[\s\S]*?<\/(?:header|footer)>/g)].flatMap((block) =>
    [...block[0].matchAll(/href="([^"]+)"/g)].map((match) => match[1] ?? ''),
  )
  const config = [
    ...urlsOf(site.header.menu),
    ...urlsOf(site.footer.links),
    ...site.pendant.list.flatMap((item) => (item.url ? [item.url] : [])),
  ]
  return [...new Set([...hrefs, ...config])]
    .filter((href) => href.startsWith('/') && !href.startsWith('//'))
    .map((href) => href.replace(/&amp;/g, '&'))
}

describe('every link of the demo sites’ menus and footers', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it.each(HOSTS)('leads somewhere on %s, in every language, from every page those links reach', async (host) => {
    const home = await site.request('/', { host })
    expect(home.status).toBe(200)
    const { site: config } = rootOf(await home.text())
    const starts = [
      '/',
      ...config.languages.filter((language) => language !== config.defaultLanguage).map((language) => `/${language}`),
    ]
    const seen = new Set<string>(starts)
    const queue = [...starts]
    const broken: string[] = []
    while (queue.length > 0 && seen.size < 400) {
      const path = queue.shift()!
      const response = await site.request(path, { host })
      if (response.status >= 400) {
        broken.push(`${path} → ${response.status}`)
        continue
      }
      // Files and whole documents (custom pages) have no frame, hence no links to follow.
      if (!(response.headers.get('content-type') ?? '').startsWith('text/html') || response.status !== 200) continue
      const html = await response.text()
      if (!html.includes('id="__hydration"')) continue
      for (const link of siteLinks(html)) {
        const target = link.replace(/#.*$/, '') || '/'
        if (!seen.has(target)) {
          seen.add(target)
          queue.push(target)
        }
      }
    }
    expect(seen.size).toBeGreaterThan(5)
    expect(broken).toEqual([])
  })
})
