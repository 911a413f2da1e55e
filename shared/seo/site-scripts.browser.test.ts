import { describe, expect, it } from 'vitest'
import { useBrowserSite } from '../../test/browser/use-browser-site.ts'

// Site code for ugc_post pages only (the post list and the posts), which a stub in front of the
// demo API adds to the site config: its script is the server's to write, never the browser's.
const POST_CODE = ['<script>window.__postCode = (window.__postCode || 0) + 1</script>']

async function withPostCode(request: Request, demo: (request: Request) => Promise<Response>): Promise<Response> {
  const response = await demo(request)
  if (!request.url.endsWith('/v1/site_page/web_get')) return response
  const body = (await response.json()) as {
    data?: { site_config?: { page_config: { global_config: Record<string, unknown> } } }
  }
  const config = body.data?.site_config
  if (config) config.page_config.global_config.customize_code = { ugc_post: { is_enabled: 1, data: POST_CODE } }
  return Response.json(body)
}

describe('site scripts on client navigation', () => {
  const browserSite = useBrowserSite({ upstream: withPostCode })

  it('keeps a page with the same site scripts client-side, and loads one whose scripts differ as a whole document', async () => {
    const documents: string[] = []
    const { page, errors } = await browserSite.open('land.localhost', '/post', {
      locale: 'en-US',
      watch: (page) =>
        page.on('request', (request) => {
          if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname)
        }),
    })
    const runs = () => page.evaluate(() => (window as { __postCode?: number }).__postCode ?? 0)
    expect(await runs()).toBe(1)

    // To a post: the same site scripts (ugc_post), so a client navigation; the script does not run again.
    await page.locator('main a[href^="/post-"]').first().click()
    await page.waitForURL((url) => url.pathname.startsWith('/post-'))
    await page.waitForFunction(() =>
      document.querySelector('link[rel="canonical"]')?.getAttribute('href')?.includes('/post-'),
    )
    expect(documents).toEqual(['/post'])
    expect(await runs()).toBe(1)

    // To the home page (land): it has no post script, so the server writes it as a whole document.
    await page.locator('header a.site-logo').click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    expect(documents).toEqual(['/post', '/'])
    expect(await runs()).toBe(0)

    // And back to a post: its script is the server's again, run once by the new document.
    await page.goBack()
    await page.waitForURL((url) => url.pathname.startsWith('/post-'))
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    expect(await runs()).toBe(1)
    expect(errors).toEqual([])
    await page.close()
  })
})
