import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { wechatHeadScript } from './wechat-link.ts'

const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40 NetType/WIFI'
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'

describe('the in-app-browser screen in the HTML', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  const answer = (host: string, userAgent: string) =>
    site.request('/links', { host, headers: { 'user-agent': userAgent } })
  const page = async (host: string, userAgent: string) => (await answer(host, userAgent)).text()

  it.each([
    ['res.localhost', 0],
    ['nav.localhost', 1],
  ] as const)(
    '%s: the same HTML for every User-Agent, with the style %s screen and head script',
    async (host, style) => {
      const response = await answer(host, WECHAT)
      const wechat = await response.text()
      // One page for everyone: a shared cache may hand it to any browser.
      expect((await page(host, DESKTOP)) === wechat).toBe(true)
      const head = wechat.slice(0, wechat.indexOf('</head>'))
      const script = `<script>${wechatHeadScript(style)}</script>`
      expect(head).toContain(script)
      // Allowed by its hash in the page's CSP, or the browser would refuse to run it.
      const hash = createHash('sha256').update(wechatHeadScript(style)).digest('base64')
      expect(response.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`)
      // The head script runs before any stylesheet or module: nothing paints before the class is set.
      expect(head.indexOf('<style ')).toBeGreaterThan(0)
      expect(head.indexOf(script)).toBeLessThan(head.indexOf('<style '))
      expect(wechat).toContain(`class="wx-screen wx-screen--style-${style}"`)
    },
  )

  it('leaves both out where the site switches the screen off', async () => {
    const html = await page('land.localhost', WECHAT)
    // The stylesheet still has the screen's rules; the page has no screen.
    expect(html).not.toContain('class="wx-screen')
    expect(html).not.toContain('micromessenger')
  })
})
