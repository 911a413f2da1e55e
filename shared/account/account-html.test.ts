import { afterEach, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'

// The account slot in the server HTML: present where the site or page has login ways, the same
// markup for every visitor (the signed-in user appears only after hydration), no dialog code.
let site: TestSite | undefined
afterEach(async () => {
  await site?.close()
  site = undefined
})

/** Rewrites the site config's login ways in every web_get answer. */
function withLoginWays(ways: string[]) {
  return async (request: Request, demo: (request: Request) => Promise<Response>) => {
    const response = await demo(request)
    if (!new URL(request.url).pathname.endsWith('/site_page/web_get')) return response
    const body = (await response.json()) as {
      data?: { site_config?: { header_config?: { login_config?: { login_ways: string[] } } } }
    }
    const login = body.data?.site_config?.header_config?.login_config
    if (login) login.login_ways = ways
    return Response.json(body)
  }
}

// Marked as needing the app: a tap before hydration is kept and replayed.
const signIn = /<button type="button" class="account-signin" aria-haspopup="dialog" data-needs-app="sign-in">/

describe('account slot in the server HTML', () => {
  it.each([
    ['land.localhost', 'Sign in'],
    ['res.localhost', '登录'],
  ])('%s shows the sign-in control', async (host, label) => {
    site = await startTestSite()
    const html = await (await site.request('/', { host })).text()
    expect(html).toMatch(signIn)
    expect(html).toContain(`<span class="account-signin__label">${label}</span>`)
    // The body: the head's stylesheet has the slot's rules on every page.
    const body = html.slice(html.indexOf('<body'))
    expect(body).not.toContain('account-menu')
    expect(body).not.toContain('account-dialog')
  })

  it.each([[[]], [['google']]])(
    'has no sign-in control when the login ways are %j (res has no Google client id)',
    async (ways) => {
      site = await startTestSite({ upstream: withLoginWays(ways) })
      const response = await site.request('/', { host: 'res.localhost' })
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(html.slice(html.indexOf('<body'))).not.toContain('account-')
    },
  )

  it('follows a page whose own header has no login ways (page config over site config)', async () => {
    site = await startTestSite({
      upstream: async (request, demo) => {
        const response = await demo(request)
        if (!new URL(request.url).pathname.endsWith('/site_page/web_get')) return response
        const body = (await response.json()) as {
          data?: { site_page_config?: { page_path: string; header_config?: Record<string, unknown> } | null }
        }
        const page = body.data?.site_page_config
        if (page?.page_path === 'about' && page.header_config) page.header_config.login_config = { login_ways: [] }
        return Response.json(body)
      },
    })
    expect(await (await site.request('/c/about')).text()).not.toMatch(signIn)
    expect(await (await site.request('/c/faq')).text()).toMatch(signIn)
  })

  it('is the same HTML for a visitor with a session cookie and one without', async () => {
    site = await startTestSite()
    const strip = (html: string) => html.replace(/nonce="[^"]*"/g, '')
    const anonymous = strip(await (await site.request('/', { host: 'land.localhost' })).text())
    const signedIn = strip(
      await (
        await site.request('/', { host: 'land.localhost', headers: { cookie: 'api_demo_session=abc; lang=en' } })
      ).text(),
    )
    expect(signedIn).toBe(anonymous)
  })
})
