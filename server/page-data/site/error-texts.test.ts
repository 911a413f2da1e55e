import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../../test/harness.ts'

// SPEC §8 across the demo sites, in each site's default language and a prefixed one: an unmatched
// address answers 404 'Page not found: {path}', a failed route validation 404 'Page Not Found: {path}'
// (the two spellings differ on purpose), and the fixed pages keep their status, all inside the site's
// chrome, in the page language, with the same markup on a phone.
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'

const SITES = [
  {
    host: 'res.localhost',
    lang: 'zh',
    cookie: 'lang=zh',
    prefix: '/en',
    prefixLang: 'en',
    invalid: ['/d/no-such-resource', '/res/new/no-such-category', '/pcat/no-such', '/c/no-such-page'],
  },
  {
    host: 'land.localhost',
    lang: 'en',
    cookie: 'lang=en',
    prefix: '/de',
    prefixLang: 'de',
    invalid: ['/post/no-such-post', '/c/legal/no-such', '/sp/no-such', '/pcat/no-such'],
  },
  {
    host: 'nav.localhost',
    lang: 'zh-TW',
    cookie: 'lang=zh-TW',
    prefix: '/en',
    prefixLang: 'en',
    invalid: ['/nav/no-such', '/post-no-such', '/res_tags/no-such-tag', '/c/guide/no-such'],
  },
]

const CASES = SITES.flatMap((s) => [
  ...['/no/such/page', `${s.prefix}/no/such/page`].map((path) => [s.host, path, 'Page not found'] as const),
  ...s.invalid.flatMap((path) => [
    [s.host, path, 'Page Not Found'] as const,
    [s.host, `${s.prefix}${path}`, 'Page Not Found'] as const,
  ]),
])
const siteOf = (host: string) => SITES.find((s) => s.host === host)!

const mainOf = (html: string) => /<main[^>]*>[\s\S]*<\/main>/.exec(html)?.[0] ?? ''
const htmlLangOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1]

describe('SPEC §8 error texts on every demo site', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it.each(CASES)('%s%s → 404 "%s: {path}"', async (host, path, text) => {
    const { cookie, prefix, prefixLang, lang } = siteOf(host)
    const get = (userAgent: string) => site.request(path, { host, headers: { cookie, 'user-agent': userAgent } })
    const response = await get(DESKTOP_UA)
    expect(response.status).toBe(404)
    const html = await response.text()
    const message = `${text}: ${path}`
    expect(/<title>(.*?)<\/title>/.exec(html)?.[1]).toBe(message)
    expect(mainOf(html)).toContain(`<h1>Page Not Found</h1><p class="error-detail">${message}</p>`)
    expect(htmlLangOf(html)).toBe(path.startsWith(`${prefix}/`) ? prefixLang : lang)
    expect(html).toContain('class="site-header"')
    expect(html).toContain('class="site-footer"')
    // The payload a client-side navigation asks for carries the same status and text.
    const payload = await site.request(`${path.replace(/\/$/, '')}/_payload.json`, { host, headers: { cookie } })
    expect(payload.status).toBe(404)
    expect(await payload.text()).toContain(message)
    // A phone gets the same page.
    expect(mainOf(await (await get(PHONE_UA)).text())).toBe(mainOf(html))
  })

  it.each(
    SITES.flatMap((s) =>
      (
        [
          [404, 'Page Not Found'],
          [405, 'Method Not Allowed'],
          [500, 'Internal Server Error'],
        ] as const
      ).map(([status, heading]) => [s.host, status, heading] as const),
    ),
  )('%s/%s: the fixed page with its status, in the site chrome and language', async (host, status, heading) => {
    const { cookie, lang } = siteOf(host)
    const response = await site.request(`/${status}`, { host, headers: { cookie } })
    expect(response.status).toBe(status)
    const html = await response.text()
    expect(/<title>(.*?)<\/title>/.exec(html)?.[1]).toBe(heading)
    expect(mainOf(html)).toContain(`<p class="error-code">${status}</p><h1>${heading}</h1>`)
    expect(htmlLangOf(html)).toBe(lang)
    expect(html).toContain('class="site-header"')
  })
})
