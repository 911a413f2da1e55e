import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MODULE_TYPES } from '../../../shared/content-types.ts'
import { startTestSite, type TestSite } from '../../../test/harness.ts'

// End-to-end: the real app against the demo API. land.localhost (English) has a landing home and a
// custom page of every content type; nav.localhost (zh-TW) has nav, ai, rss and list pages;
// res.localhost (zh) has the search-mode home.

function titleOf(html: string): string {
  return /<title>(.*?)<\/title>/s.exec(html)?.[1] ?? ''
}

function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]
}

/** The page content (between the header and the footer of the frame). */
function mainOf(html: string): string {
  return /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? ''
}

describe('content pages end to end', () => {
  let site: TestSite
  const get = async (host: string, path: string) => {
    const response = await site.request(path, { host })
    return { status: response.status, headers: response.headers, html: await response.text() }
  }
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  describe('land.localhost', () => {
    const host = 'land.localhost'

    it('renders the landing home in place with every module type, hidden modules left out', async () => {
      const { status, html } = await get(host, '/')
      expect(status).toBe(200)
      expect(titleOf(html)).toBe('Lumen Notes - Calm, offline-first notes')
      expect(canonicalOf(html)).toBe('http://land.localhost/')
      const main = mainOf(html)
      expect(main).toContain('<h1>Notes that stay out of your way</h1>')
      for (const type of MODULE_TYPES) expect(main).toContain(`data-module="${type}"`)
      expect(main).not.toContain('Coming soon: collaborative editing')
      expect(main).toContain('id="pricing"')
      expect(main).toContain('SPRING25')
      expect(main).toContain('<del><code class="land-code__value">BLACKFRIDAY</code></del>')
      expect(main).toContain('<summary>Is Lumen really free?</summary>')
      expect(main).toContain('Lumen 3.0: publishing for everyone')
      expect(main).toMatch(/<video[^>]*poster="http:\/\/[^"]+\/media\/clip-\d-poster\.[0-9a-f]{10}\.webp"/)
    })

    it('renders the contact form with a labelled control per item', async () => {
      const main = mainOf((await get(host, '/')).html)
      expect(main).toContain('<input type="hidden" name="form:id" value="contact-sales"/>')
      // Posted, never sent by GET: what the visitor types stays out of the address.
      expect(main).toMatch(/<form class="site-form[^"]*"[^>]* method="post"/)
      for (const label of [
        'Your name',
        'Work e-mail',
        'Team size',
        'Message',
        'Attachment (PDF, optional)',
        'Screenshot (optional)',
      ]) {
        expect(main).toMatch(
          new RegExp(`<label class="site-form__label" for="[^"]+">${label.replace(/[()]/g, '\\$&')}`),
        )
      }
      expect(main).toMatch(/<input type="email"(?=[^>]*name="email")(?=[^>]*required="")[^>]*>/)
      expect(main).toMatch(/<select(?=[^>]*name="team_size")(?=[^>]*required="")[^>]*>/)
      expect(main).toMatch(/<legend class="site-form__label">Interested in<\/legend>/)
      expect(main).toMatch(/<input type="file"(?=[^>]*name="screenshot")(?=[^>]*accept="image\/\*")[^>]*>/)
      expect(main).toContain('<button type="submit" class="button">Send message</button>')
    })

    it.each([
      ['/c/legal/privacy', '<strong>Your account</strong>', 'Privacy policy - Lumen Notes'],
      ['/c/legal/terms', '<h2>Acceptable use</h2>', 'Terms of service - Lumen Notes'],
    ])('renders the custom page %s', async (path, text, title) => {
      const { status, html } = await get(host, path)
      expect(status).toBe(200)
      expect(titleOf(html)).toBe(title)
      const main = mainOf(html)
      expect(main).toContain(text)
      expect(main).not.toMatch(/<script|<style|onclick/i)
      // One h1 per page, whether the content brings its own or not.
      expect(main.match(/<h1[\s>]/g)).toHaveLength(1)
    })

    it.each([
      ['/c/legal/licenses', 'text/plain; charset=utf-8', 'SQLite             Public domain'],
      ['/c/dev/embed.js', 'text/javascript; charset=utf-8', '<script src="/c/dev/embed.js" defer></script>'],
      ['/c/dev/status.json', 'application/json; charset=utf-8', '"status": "operational"'],
      ['/c/dev/brand.css', 'text/css; charset=utf-8', '--lumen-accent: #4f46e5;'],
      ['/c/dev/feed.xml', 'application/xml; charset=utf-8', '<rss version="2.0">'],
    ])('serves the custom page %s as a file of its own type, without the site frame', async (path, mediaType, text) => {
      const response = await site.request(path, { host })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe(mediaType)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      const body = await response.text()
      expect(body).toContain(text)
      expect(body).not.toMatch(/site-header|__hydration|<!DOCTYPE/)
      const head = await site.request(path, { host, method: 'HEAD' })
      expect(head.headers.get('content-type')).toBe(mediaType)
      expect(await head.text()).toBe('')
    })

    it('serves a whole-document custom page as the site wrote it, without the site frame and unable to run scripts', async () => {
      const response = await site.request('/c/press/launch-kit', { host })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      // Only scripts carrying this response's nonce may run, and the document carries none.
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
      expect(nonce).toBeTruthy()
      const html = await response.text()
      expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/)
      expect(html).toContain('<title>Lumen press kit</title>')
      expect(html).toContain('<h2>Boilerplate</h2>')
      expect(html).not.toMatch(/site-header|__hydration|<script|nonce/)
    })

    // The menus link to these three: a page's hydration data does not say which links lead to
    // documents (that takes each linked page's config), so following one asks its payload.
    it.each(['/c/dev/status.json', '/c/legal/licenses', '/c/press/launch-kit'])(
      'tells client-side navigation to load %s as a document',
      async (path) => {
        const response = await site.request(`${path}/_payload.json`, { host })
        expect(await response.json()).toEqual({ status: 200, redirect: path, document: true })
      },
    )

    it.each(['/doc_handbook', '/doc/handbook'])('renders the handbook outline at %s', async (path) => {
      const { status, html } = await get(host, path)
      expect(status).toBe(200)
      expect(titleOf(html)).toBe('Getting started - Handbook - Lumen Notes')
      expect(canonicalOf(html)).toBe('http://land.localhost/doc/handbook')
      const main = mainOf(html)
      expect(main).toContain(`href="${path}#h1-3-1"`)
      expect(main).toContain('<section id="h1-3-1"')
      expect(main).toContain('Write it down.')
      expect(main).toContain('<td>Use the AppImage or Flatpak</td>')
    })

    it('lets a campaign page replace the site blocks', async () => {
      const { status, html } = await get(host, '/l/campaign/spring-sale')
      expect(status).toBe(200)
      expect(titleOf(html)).toBe('Spring sale – 25% off Lumen Plus')
      expect(canonicalOf(html)).toBe('http://land.localhost/l/campaign/spring-sale')
      expect(html).not.toContain('class="site-header"')
      expect(html).toContain('Offer valid for new Plus subscriptions only.')
      expect(mainOf(html)).toContain('WINTER20')
    })

    it('lists the legal pages on the list page', async () => {
      const main = mainOf((await get(host, '/sp/library')).html)
      expect(main).toContain('href="/c/legal/privacy"')
      expect(main).toContain('Third-party licenses')
      expect(main).not.toContain('href="/c/dev/embed.js"')
    })

    it.each([
      '/c/legal/missing',
      '/c/privacy',
      '/nav/legal/privacy',
      '/sp/legal/privacy',
      '/l/home/x',
      '/doc_missing',
      '/doc/privacy',
      '/sp/x/library/2',
      '/c/legal/privacy/extra',
    ])('answers 404 for %s', async (path) => {
      const { status, html } = await get(host, path)
      expect(status).toBe(404)
      expect(html).toContain('Page ')
    })
  })

  describe('nav.localhost', () => {
    const host = 'nav.localhost'

    it('renders the nav single page as its home', async () => {
      const { status, html } = await get(host, '/')
      expect(status).toBe(200)
      const main = mainOf(html)
      expect(main).toContain('<h1>常用工具</h1>')
      expect(main).toContain('role="tablist"')
      expect(main).toContain(
        '<a class="content-site card card--interactive" href="https://github.com/" target="_blank" rel="noopener noreferrer nofollow">',
      )
    })

    it('renders the AI page at its mapped address with group anchors and its own TDK', async () => {
      const moved = await site.request('/sp/ai-tools', { host })
      expect(moved.status).toBe(301)
      const { status, html } = await get(host, moved.headers.get('location') ?? '')
      expect(status).toBe(200)
      expect(titleOf(html)).toBe('AI 工具集 - 對話、繪圖、寫作、影音一次找齊 - 拾光導航')
      const main = mainOf(html)
      // Ids hold no whitespace; the name's blanks become dashes.
      expect(main).toContain('id="AI-對話"')
      expect(main).toContain(`href="#${encodeURIComponent('AI-對話')}"`)
    })

    it('renders the rss page with one column per source and the hot list', async () => {
      const { status, html } = await get(host, '/sp/news')
      expect(status).toBe(200)
      const main = mainOf(html)
      expect(main).toContain('GitHub 熱門專案')
      expect(main).toContain('Attention Is All You Need')
      // The hot list streams after the shell: the whole response holds it once complete.
      expect(html).toContain('content-rank')
    })

    it('renders the list page of nav pages', async () => {
      const main = mainOf((await get(host, '/sp/collections')).html)
      expect(main).toContain('content-list--style-2')
      expect(main).toContain('href="/nav/dev/frontend"')
    })
  })

  describe('res.localhost', () => {
    const host = 'res.localhost'

    it('renders the search-mode home', async () => {
      const { status, html } = await get(host, '/')
      expect(status).toBe(200)
      expect(titleOf(html)).toBe('拾源搜索 - 免费合法资源搜索')
      const main = mainOf(html)
      expect(main).toContain('<h1 id="content-hero-heading">拾源搜索</h1>')
      expect(main).toMatch(/<form class="content-hero__search" role="search" action="\/s" method="get">/)
      expect(main).toMatch(/href="\/res\/new\/[^"]+"/)
      expect(main).toMatch(/href="\/d\/[^"]+"/)
      expect(main).toContain('热门资源')
      expect(html).toContain('href="/s?query=Python"')
    })

    it('renders a custom page with its own header menu', async () => {
      const { status, html } = await get(host, '/c/about')
      expect(status).toBe(200)
      expect(titleOf(html)).toBe('关于我们 - 拾源搜索')
      expect(html).toContain('返回首页')
      expect(mainOf(html)).toContain('<strong>只收录合法资源</strong>')
    })
  })
})
