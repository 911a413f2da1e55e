import { parseFeed } from 'htmlparser2'
import robotsParser from 'robots-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { readHead } from '../../test/head.ts'
import { sitemapSchemaErrors } from '../../test/sitemap-schema.ts'
import { SITEMAP_LIMITS } from '../seo/sitemap-xml.ts'

const locs = (xml: string) => Array.from(xml.matchAll(/<loc>([^<]*)<\/loc>/g), (match) => match[1]!)
const alternatesOf = (xml: string, loc: string) => {
  const url = new RegExp(`<url><loc>${loc.replace(/[.?*+^$()[\]\\/]/g, '\\$&')}</loc>(.*?)</url>`).exec(xml)?.[1] ?? ''
  return Array.from(url.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g), (match) => ({
    hreflang: match[1]!,
    href: match[2]!,
  }))
}

const sortAlternates = (links: { hreflang: string; href: string }[]) =>
  [...links].sort((a, b) => a.hreflang.localeCompare(b.hreflang))

describe('robots.txt, sitemap.xml and the post feed', () => {
  let site: TestSite
  const get = (path: string, host = 'res.localhost', headers: Record<string, string> = {}) =>
    site.request(path, { host, headers })
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it('robots.txt allows the site, disallows search results in every language and the API, names the sitemap', async () => {
    const response = await get('/robots.txt', 'nav.localhost')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(response.headers.get('cache-control')).toMatch(/public, max-age=\d+/)
    const lines = (await response.text()).split('\n')
    expect(lines.slice(0, 3)).toEqual(['User-agent: *', 'Allow: /', 'Allow: /assets/'])
    for (const path of ['/sa', '/en/sa', '/search/post', '/en/search/post']) {
      expect(lines).toContain(`Disallow: ${path}$`)
      expect(lines).toContain(`Disallow: ${path}?`)
    }
    // The /s of a site whose search route is /sa is no search page, and /sp/… pages stay crawlable.
    expect(lines).not.toContain('Disallow: /s')
    expect(lines.filter((line) => line.startsWith('Disallow: /s') && !/\/(sa|search\/post)[$?]$/.test(line))).toEqual(
      [],
    )
    expect(lines).toContain('Disallow: /api/')
    expect(lines).toContain('Sitemap: http://nav.localhost/sitemap.xml')
  })

  it('robots.txt read by the matching rules crawlers use keeps every payload out, the root one included', async () => {
    const origin = 'http://land.localhost'
    const robots = robotsParser(`${origin}/robots.txt`, await (await get('/robots.txt', 'land.localhost')).text())
    const allowed = (path: string) => robots.isAllowed(`${origin}${path}`, 'Googlebot')
    for (const path of ['/_payload.json', '/zh/_payload.json', '/c/about/_payload.json', '/zh/l/x/_payload.json'])
      expect(allowed(path), path).toBe(false)
    for (const path of ['/', '/zh', '/c/about', '/post-free-fonts', '/sp/x', '/assets/app.js'])
      expect(allowed(path), path).toBe(true)
  })

  it('robots.txt of an alias host names the primary domain sitemap, whatever forwarding headers say', async () => {
    const text = await (
      await get('/robots.txt', 'lumen.localhost', { 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https' })
    ).text()
    expect(text).toContain('Sitemap: http://land.localhost/sitemap.xml')
    expect(text).toContain('Disallow: /s$')
    for (const lang of ['zh', 'fr', 'de', 'ja', 'ar']) expect(text).toContain(`Disallow: /${lang}/s?`)
    expect(text).not.toMatch(/evil|lumen/)
  })

  it('the schema check itself rejects what the protocol forbids', async () => {
    const urlset = (body: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${body}</urlset>`
    expect(await sitemapSchemaErrors(urlset('<url><loc>http://a.example/x</loc></url>'))).toEqual([])
    expect(await sitemapSchemaErrors(urlset('<url><lastmod>2024-01-01</lastmod></url>'))).not.toEqual([])
    expect(
      await sitemapSchemaErrors(
        urlset('<url><loc>http://a.example/x</loc><xhtml:link rel="alternate" hreflang="en"/></url>'),
      ),
    ).not.toEqual([])
    expect(
      await sitemapSchemaErrors(
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap></sitemap></sitemapindex>',
      ),
    ).not.toEqual([])
  })

  it('sitemap.xml is schema-valid and lists pages, posts, categories, tags and lists with alternates, on the tenant only', async () => {
    const response = await get('/sitemap.xml')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const xml = await response.text()
    expect(await sitemapSchemaErrors(xml)).toEqual([])
    const urls = locs(xml)
    for (const url of urls) expect(url).toMatch(/^http:\/\/res\.localhost\//)
    expect(new Set(urls).size).toBe(urls.length)
    for (const url of [
      'http://res.localhost/',
      'http://res.localhost/en',
      'http://res.localhost/c/about',
      'http://res.localhost/articles',
      'http://res.localhost/post-search-tips',
      'http://res.localhost/en/post-search-tips',
      'http://res.localhost/pcat/guide',
      'http://res.localhost/tags',
      'http://res.localhost/tags/open-source',
      'http://res.localhost/res/new',
      'http://res.localhost/res/hot',
      'http://res.localhost/d/vlc-media-player',
      'http://res.localhost/en/d/vlc-media-player',
      'http://res.localhost/rank',
    ])
      expect(urls).toContain(url)
    expect(urls.filter((url) => url.includes('/rank_')).length).toBeGreaterThan(1)
    // The about page names its own canonical address: one page, listed once, with no alternates.
    expect(urls).not.toContain('http://res.localhost/en/c/about')
    expect(alternatesOf(xml, 'http://res.localhost/c/about')).toEqual([])
    // No search results, no interstitials.
    expect(urls.filter((url) => /\/(s|sa|search\/post|goto)(\?|$)/.test(url))).toEqual([])
    expect(alternatesOf(xml, 'http://res.localhost/en/tags/open-source')).toEqual([
      { hreflang: 'zh', href: 'http://res.localhost/tags/open-source' },
      { hreflang: 'en', href: 'http://res.localhost/en/tags/open-source' },
      { hreflang: 'x-default', href: 'http://res.localhost/tags/open-source' },
    ])
    expect(xml).toMatch(
      /<url><loc>http:\/\/res\.localhost\/post-search-tips<\/loc><lastmod>\d{4}-\d\d-\d\dT[^<]+<\/lastmod>/,
    )
  })

  // Every entry is compared with the page it names, as a crawler would: an HTML page that answers 200,
  // whose canonical address is the entry and whose alternates are the entry's.
  it.each(['res.localhost', 'land.localhost', 'nav.localhost'])(
    'every sitemap entry of %s is the canonical address of an HTML page, with the alternates that page lists',
    async (host) => {
      const xml = await (await get('/sitemap.xml', host)).text()
      expect(await sitemapSchemaErrors(xml)).toEqual([])
      const disagreements: string[] = []
      for (const loc of locs(xml)) {
        const url = new URL(loc)
        const response = await get(url.pathname + url.search, url.hostname)
        const type = response.headers.get('content-type') ?? ''
        if (response.status !== 200 || !type.startsWith('text/html')) {
          disagreements.push(`${loc}: ${response.status} ${type}`)
          continue
        }
        const head = readHead(await response.text())
        // A whole document the site wrote (pure_html) carries only what the site put in it: listed
        // once as itself, it must name no other address.
        const whole = head.canonical === undefined && alternatesOf(xml, loc).length === 0
        if (head.canonical !== loc && !whole) disagreements.push(`${loc}: canonical ${head.canonical}`)
        const listed = JSON.stringify(sortAlternates(alternatesOf(xml, loc)))
        const own = JSON.stringify(sortAlternates(head.hreflang))
        if (listed !== own) disagreements.push(`${loc}: alternates ${listed} in the sitemap, ${own} on the page`)
      }
      expect(locs(xml).length).toBeGreaterThan(5)
      expect(disagreements).toEqual([])
    },
    120_000,
  )

  it('the sitemap of an alias host lists the primary domain; a site without posts or resources lists its pages', async () => {
    const xml = await (await get('/sitemap.xml', 'www.nav.localhost')).text()
    expect(await sitemapSchemaErrors(xml)).toEqual([])
    const urls = locs(xml)
    expect(urls.length).toBeGreaterThan(2)
    for (const url of urls) expect(url).toMatch(/^http:\/\/nav\.localhost\//)
    // The mapped address of a mapped page.
    expect(urls).toContain('http://nav.localhost/ai')
  })

  it("splits by default at the protocol's limits (sitemaps.org): 50,000 addresses or 50 MiB a file", () => {
    expect(SITEMAP_LIMITS).toEqual({ maxUrls: 50_000, maxBytes: 50 * 1024 * 1024 })
  })

  it('past the per-file limit, sitemap.xml is an index of schema-valid child sitemaps that together list every URL', async () => {
    const whole = locs(await (await get('/sitemap.xml')).text())
    const small = await startTestSite({ app: { sitemapLimits: { maxUrls: 25, maxBytes: 50 * 1024 * 1024 } } })
    try {
      const index = await (await small.request('/sitemap.xml', { host: 'res.localhost' })).text()
      expect(index).toContain('<sitemapindex')
      expect(await sitemapSchemaErrors(index)).toEqual([])
      const children = locs(index)
      expect(children.length).toBe(Math.ceil(whole.length / 25))
      expect(children[0]).toBe('http://res.localhost/sitemap-1.xml')
      const listed: string[] = []
      for (const child of children) {
        const response = await small.request(new URL(child).pathname, { host: 'res.localhost' })
        expect(response.status).toBe(200)
        const xml = await response.text()
        expect(await sitemapSchemaErrors(xml)).toEqual([])
        expect(locs(xml).length).toBeLessThanOrEqual(25)
        listed.push(...locs(xml))
      }
      expect(listed).toEqual(whole)
      expect((await small.request(`/sitemap-${children.length + 1}.xml`, { host: 'res.localhost' })).status).toBe(404)
    } finally {
      await small.close()
    }
    // One file needs no children.
    expect((await get('/sitemap-1.xml')).status).toBe(404)
  })

  it('answers 503 (never a partial sitemap) when the upstream fails', async () => {
    const failing = await startTestSite({
      upstream: (request, demo) =>
        request.url.endsWith('/v1/post/list') ? new Response('boom', { status: 502 }) : demo(request),
    })
    try {
      const response = await failing.request('/sitemap.xml', { host: 'res.localhost' })
      expect(response.status).toBe(503)
      expect(await response.text()).not.toMatch(/boom|502|upstream/i)
    } finally {
      await failing.close()
    }
  })

  it('the post feed parses, names the site and links every post absolutely, per language and mapping', async () => {
    for (const [path, prefix] of [
      ['/articles/feed.xml', ''],
      ['/en/articles/feed.xml', '/en'],
    ] as const) {
      const response = await get(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
      const xml = await response.text()
      const feed = parseFeed(xml)
      expect(feed?.type).toBe('rss')
      expect(feed?.title).toBe('拾源搜索')
      expect(feed?.link).toBe(`http://res.localhost${prefix}/articles`)
      expect(feed?.items.length).toBeGreaterThan(0)
      for (const item of feed?.items ?? []) {
        expect(item.link).toMatch(new RegExp(`^http://res\\.localhost${prefix}/post-`))
        expect(item.title).toBeTruthy()
        expect(item.pubDate?.getTime()).toBeGreaterThan(0)
      }
      expect(xml).toContain(
        `<atom:link href="http://res.localhost${prefix}/articles/feed.xml" rel="self" type="application/rss+xml"/>`,
      )
    }
  })

  it('the feed follows the page rules: the unmapped form redirects, a disabled language too, the head advertises it', async () => {
    const unmapped = await get('/post/feed.xml')
    expect(unmapped.status).toBe(301)
    expect(unmapped.headers.get('location')).toBe('/articles/feed.xml')
    expect((await get('/ja/articles/feed.xml')).status).toBe(302)
    const land = await get('/fr/post/feed.xml', 'land.localhost')
    expect(land.status).toBe(200)
    expect(parseFeed(await land.text())?.link).toBe('http://land.localhost/fr/post')
    const html = await (await get('/fr', 'land.localhost', { cookie: 'lang=fr' })).text()
    expect(html).toMatch(
      /<link rel="alternate" type="application\/rss\+xml" title="Lumen Notes" href="http:\/\/land\.localhost\/fr\/post\/feed\.xml"/,
    )
  })
})
