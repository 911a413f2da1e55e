import { HtmlValidate } from 'html-validate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PAGES, demoVisitorCookie } from '../../test/demo-pages.ts'
import { startTestSite, type TestSite } from '../../test/harness.ts'

// Standards, accessibility and document rules. SRI is required for other origins only: our own assets
// are same-origin and carry a content hash in their names.
const validator = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:a11y', 'html-validate:document'],
  rules: { 'require-sri': ['error', { target: 'crossorigin' }] },
})

/** Every message html-validate has about `html`, warnings as much as errors: a clean page has none. */
async function problemsIn(html: string): Promise<string[]> {
  const report = await validator.validateString(html)
  return report.results
    .flatMap((result) => result.messages)
    .map((message) => `${message.ruleId}: ${message.message} (${message.selector ?? ''})`)
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
            data: [
              '<meta name="v" content="1"><noscript><img src="https://t.example/p.gif"></noscript><iframe></iframe><p>text<script>var a = "</p>"</script>',
            ],
          }
        }
        return Response.json(body)
      },
    })
  })
  afterAll(() => site.close())

  // Every page kind of the three demo sites, successful and failed.
  it.each(DEMO_PAGES)('%s%s', async (host, path, status) => {
    const response = await site.request(path, { host, headers: { cookie: demoVisitorCookie(host, path) } })
    expect(response.status).toBe(status)
    expect(await problemsIn(await response.text())).toEqual([])
  })

  // A phone gets the same markup (the layout is CSS); checked on each site's home and a list page.
  const PHONE_UA =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
  it.each([
    ['res.localhost', '/'],
    ['res.localhost', '/res/hot'],
    ['land.localhost', '/'],
    ['land.localhost', '/post'],
    ['nav.localhost', '/'],
    ['nav.localhost', '/sp/news'],
  ])('%s%s on a phone', async (host, path) => {
    const response = await site.request(path, {
      host,
      headers: { cookie: demoVisitorCookie(host, path), 'user-agent': PHONE_UA },
    })
    expect(response.status).toBe(200)
    expect(await problemsIn(await response.text())).toEqual([])
  })

  it.each([
    ['an unknown site', 'unknown.localhost', '/'],
    ['a malformed address', 'res.localhost', '/%E0%A4%A'],
  ])('and the plain page of %s', async (_name, host, path) => {
    const response = await site.request(path, { host })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(await problemsIn(await response.text())).toEqual([])
  })
})
