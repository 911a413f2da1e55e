import { HtmlValidate, type Message } from 'html-validate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'

// Standards, accessibility and document rules. SRI is required for other origins only: our own assets
// are same-origin and carry a content hash in their names.
const validator = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:a11y', 'html-validate:document'],
  rules: { 'require-sri': ['error', { target: 'crossorigin' }] },
})

const LANGUAGE_COOKIE: Record<string, string> = { 'res.localhost': 'lang=zh', 'land.localhost': 'lang=en', 'nav.localhost': 'lang=zh-TW' }

// Every page kind of the three demo sites, successful and failed (custom pages of a text, script,
// style or data type are served as such, not as HTML, so they are not here).
const PAGES: [host: string, path: string, status: number][] = [
  ['res.localhost', '/', 200],
  ['res.localhost', '/en', 200],
  ['res.localhost', '/d/vlc-media-player', 200],
  ['res.localhost', '/s', 200],
  ['res.localhost', '/s?query=linux', 200],
  ['res.localhost', '/sa?query=nothing-matches-this', 200],
  ['res.localhost', '/rank', 200],
  ['res.localhost', '/rank_site', 200],
  ['res.localhost', '/rank_site/software', 200],
  ['res.localhost', '/rank_site/software/open-source', 200],
  ['res.localhost', '/res/hot', 200],
  ['res.localhost', '/res/new', 200],
  ['res.localhost', '/res/hot/software', 200],
  ['res.localhost', '/res/new/ebook', 200],
  ['res.localhost', '/res/new/ebook/1', 200],
  ['res.localhost', '/tags', 200],
  ['res.localhost', '/tags/open-source', 200],
  ['res.localhost', '/articles', 200],
  ['res.localhost', '/pcat/guide', 200],
  ['res.localhost', '/post-search-tips', 200],
  ['res.localhost', '/search/post?query=搜索', 200],
  ['res.localhost', '/c/about', 200],
  ['res.localhost', '/c/help/faq', 200],
  ['res.localhost', '/doc_guide', 200],
  ['res.localhost', '/sp/topics', 200],
  ['res.localhost', '/disclaimer', 200],
  ['res.localhost', '/announcement', 200],
  ['res.localhost', '/links', 200],
  ['res.localhost', '/feedback', 200],
  ['res.localhost', '/feedback/sub', 200],
  ['res.localhost', '/goto?url=https%3A%2F%2Fexample.com%2F', 200],
  ['res.localhost', '/goto?url=javascript%3Aalert(1)', 400],
  ['res.localhost', '/no/such/page', 404],
  ['res.localhost', '/d/no-such-resource', 404],
  ['res.localhost', '/404', 404],
  ['res.localhost', '/405', 405],
  ['res.localhost', '/500', 500],
  ['land.localhost', '/', 200],
  ['land.localhost', '/doc_handbook', 200],
  ['land.localhost', '/l/campaign/spring-sale', 200],
  ['land.localhost', '/sp/library', 200],
  ['land.localhost', '/ar', 200],
  ['land.localhost', '/l/home', 200],
  ['land.localhost', '/c/legal/privacy', 200],
  ['land.localhost', '/c/legal/terms', 200],
  ['land.localhost', '/c/press/launch-kit', 200],
  ['land.localhost', '/post', 200],
  ['land.localhost', '/pcat/guides', 200],
  ['land.localhost', '/post/p1001', 200],
  ['land.localhost', '/post-lumen-3', 200],
  ['land.localhost', '/search/post?query=sync', 200],
  ['land.localhost', '/s?query=lumen', 200],
  ['land.localhost', '/res/hot', 200],
  ['land.localhost', '/res/new/downloads', 200],
  ['land.localhost', '/d/lumen-macos', 200],
  ['land.localhost', '/announcement', 200],
  ['land.localhost', '/disclaimer', 200],
  ['land.localhost', '/links', 200],
  ['land.localhost', '/feedback', 200],
  ['land.localhost', '/no/such/page', 404],
  ['nav.localhost', '/', 200],
  ['nav.localhost', '/ai', 200],
  ['nav.localhost', '/nav/dev/frontend', 200],
  ['nav.localhost', '/sp/news', 200],
  ['nav.localhost', '/sa?query=ai', 200],
  ['nav.localhost', '/nav/tools', 200],
  ['nav.localhost', '/sp/collections', 200],
  ['nav.localhost', '/c/about', 200],
  ['nav.localhost', '/c/guide/submit', 200],
  ['nav.localhost', '/post', 200],
  ['nav.localhost', '/pcat/reviews', 200],
  ['nav.localhost', '/post-ai-chat-compare', 200],
  ['nav.localhost', '/search/post?query=AI', 200],
  ['nav.localhost', '/res_tags', 200],
  ['nav.localhost', '/res_tags/ai', 200],
  ['nav.localhost', '/d/ai-prompt-pack', 200],
  ['nav.localhost', '/announcement', 200],
  ['nav.localhost', '/disclaimer', 200],
  ['nav.localhost', '/links', 200],
  ['nav.localhost', '/feedback', 200],
  ['nav.localhost', '/en', 200],
  ['nav.localhost', '/no/such/page', 404],
]

function describeErrors(messages: Message[]): string[] {
  return messages.map((message) => `${message.ruleId}: ${message.message} (${message.selector ?? ''})`)
}

describe('every rendered page kind passes html-validate', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite({
      // Hostile site code, too: what survives must still be valid HTML.
      upstream: async (request, demo) => {
        const response = await demo(request)
        if (!request.url.endsWith('/v1/site_page/web_get')) return response
        const body = (await response.json()) as { data?: { site_config?: { seo_config: { customize_code: unknown } } } }
        if (body.data?.site_config) {
          body.data.site_config.seo_config.customize_code = {
            model: 1,
            data: ['<meta name="v" content="1"><noscript><img src="https://t.example/p.gif"></noscript><iframe></iframe><p>text<script>var a = "</p>"</script>'],
          }
        }
        return Response.json(body)
      },
    })
  })
  afterAll(() => site.close())

  it.each(PAGES)('%s%s', async (host, path, status) => {
    const response = await site.request(path, { host, headers: { cookie: path === '/ar' ? 'lang=ar' : path === '/en' ? 'lang=en' : LANGUAGE_COOKIE[host]! } })
    expect(response.status).toBe(status)
    const report = await validator.validateString(await response.text())
    expect(describeErrors(report.results.flatMap((result) => result.messages).filter((message) => message.severity === 2))).toEqual([])
  })

  // A phone gets the same markup (the layout is CSS); checked on each site's home and a list page.
  const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
  it.each([
    ['res.localhost', '/'], ['res.localhost', '/res/hot'], ['land.localhost', '/'], ['land.localhost', '/post'], ['nav.localhost', '/'], ['nav.localhost', '/sp/news'],
  ])('%s%s on a phone', async (host, path) => {
    const response = await site.request(path, { host, headers: { cookie: LANGUAGE_COOKIE[host]!, 'user-agent': PHONE_UA } })
    expect(response.status).toBe(200)
    const report = await validator.validateString(await response.text())
    expect(describeErrors(report.results.flatMap((result) => result.messages).filter((message) => message.severity === 2))).toEqual([])
  })

  it.each([
    ['an unknown site', 'unknown.localhost', '/'],
    ['a malformed address', 'res.localhost', '/%E0%A4%A'],
  ])('and the plain page of %s', async (_name, host, path) => {
    const response = await site.request(path, { host })
    expect(response.status).toBeGreaterThanOrEqual(400)
    const report = await validator.validateString(await response.text())
    expect(describeErrors(report.results.flatMap((result) => result.messages).filter((message) => message.severity === 2))).toEqual([])
  })
})
