import { afterEach, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { MAX_HEADER_BYTES } from '../lifecycle/http-server.ts'

// Cookies this site did not issue: sibling subdomains are other customers, and their scripts may set
// cookies for the parent domain, which the browser then sends here too. Over https (as a trusted
// proxy reports it), on the real Node server.
const HOST = 'land.localhost'
const HTTPS = { 'x-forwarded-proto': 'https' }
/** What the visitor's own sign-in left: the session cookie this server issues over https. */
const SESSION = '__Host-api_demo_session=mine'

/** `count` cookies of about `size` bytes each, as other sites of the parent domain might set them. */
function foreignCookies(count: number, size: number): string {
  return Array.from({ length: count }, (_, i) => `sibling_${i}=${'x'.repeat(size)}`).join('; ')
}

let site: TestSite | undefined
afterEach(async () => {
  await site?.close()
  site = undefined
})

/** The site over a socket, each upstream call's Cookie header recorded. */
async function start(options: { htmlCache?: boolean } = {}) {
  const cookiesSent: (string | null)[] = []
  site = await startTestSite({
    listen: true,
    app: { trustProxy: 1 },
    ...(options.htmlCache ? { htmlCache: {} } : {}),
    upstream: (request, demo) => {
      cookiesSent.push(request.headers.get('cookie'))
      return demo(request)
    },
  })
  const get = (path: string, cookie?: string) =>
    site!.request(path, {
      host: HOST,
      via: 'listener',
      headers: { ...HTTPS, ...(cookie === undefined ? {} : { cookie }) },
    })
  return { site, cookiesSent, get }
}

describe('cookies from other sites', () => {
  it('renders a page with 20 KiB of foreign cookies, and none of them reaches the upstream', async () => {
    const { cookiesSent, get } = await start()
    const cookie = `${foreignCookies(40, 500)}; api_demo_session=planted; lang=en; ${SESSION}`
    expect(cookie.length).toBeGreaterThan(20 * 1024)
    const page = await get('/', cookie)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('</html>')
    expect(cookiesSent.length).toBeGreaterThan(0)
    expect(cookiesSent.every((sent) => sent === null)).toBe(true)

    // The same header on a call of the same-origin API: only the session this server issued goes on.
    const call = await site!.request('/api/v1/post/create', {
      method: 'POST',
      host: HOST,
      via: 'listener',
      headers: { ...HTTPS, cookie, 'content-type': 'application/json' },
      body: '{}',
    })
    await call.text()
    expect(cookiesSent.at(-1)).toBe('demo_session=mine')
  })

  it('answers 431 only past the raised header limit', async () => {
    const { get } = await start()
    const page = await get('/', foreignCookies(Math.ceil(MAX_HEADER_BYTES / 1000), 1000))
    expect(page.status).toBe(431)
  })

  it('answers a signed-in visitor’s page from the cache, the same shareable copy as anyone’s', async () => {
    const { site, get } = await start({ htmlCache: true })
    const anonymous = await get('/', 'lang=en')
    const anonymousBody = await anonymous.text()
    const calls = [...site.upstreamCalls.values()].reduce((sum, n) => sum + n, 0)
    const signedIn = await get('/', `lang=en; ${SESSION}`)
    expect(signedIn.status).toBe(200)
    expect(await signedIn.text()).toBe(anonymousBody)
    for (const header of ['cache-control', 'etag', 'vary', 'content-security-policy'])
      expect(signedIn.headers.get(header)).toBe(anonymous.headers.get(header))
    expect(signedIn.headers.get('cache-control')).toMatch(/s-maxage=/)
    expect(signedIn.headers.get('set-cookie')).toBeNull()
    // Answered from the HTML cache: no upstream call.
    expect([...site.upstreamCalls.values()].reduce((sum, n) => sum + n, 0)).toBe(calls)
  })
})
