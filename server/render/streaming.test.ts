import { afterEach, describe, expect, it } from 'vitest'
import { createGate, streamThroughGate, type Gate } from '../../test/gate.ts'
import { startTestSite, type TestSite } from '../../test/harness.ts'

describe('streaming render', () => {
  let site: TestSite | undefined
  let gate: Gate | undefined
  afterEach(async () => {
    gate?.open()
    await site?.close()
    site = undefined
  })

  function siteWithGatedAside(renderTimeoutMs?: number) {
    const aside = createGate()
    gate = aside
    return startTestSite({
      listen: true,
      ...(renderTimeoutMs ? { renderTimeoutMs } : {}),
      upstream: async (request, demo) => {
        if (new URL(request.url).pathname === '/v1/resource/aside') await aside.passed()
        return demo(request)
      },
    }).then((started) => ({ started, aside }))
  }

  it('sends the shell with the results before slow secondary data resolves', async () => {
    const { started, aside } = await siteWithGatedAside()
    site = started
    const { status, beforeOpen, body } = await streamThroughGate(
      `${site.url}/s?query=linux`,
      { host: 'res.localhost' },
      aside,
      (received) => received.includes('<div id="root">'),
    )
    expect(status).toBe(200)
    expect(beforeOpen).toContain('<div id="root">')
    expect(beforeOpen).toMatch(/linux/i)
    expect(beforeOpen).not.toContain('</html>')
    expect(body).toContain('</html>')
  })

  it("answers a page that does not suspend in one buffer on a new tenant's first visit, loading no page its menus link to", async () => {
    const pagesAsked: string[] = []
    site = await startTestSite({
      upstream: async (request, demo) => {
        const apiPath = new URL(request.url).pathname
        const body = (await request.clone().json()) as { page_path?: string }
        if (apiPath === '/v1/site_admin/show_path/get' || (apiPath === '/v1/site_page/web_get' && body.page_path))
          pagesAsked.push(`${apiPath} ${body.page_path ?? ''}`)
        return demo(request)
      },
    })
    // The footer links to file and whole-document pages (/c/dev/status.json, /c/press/launch-kit):
    // their payloads tell the browser to load them as documents, so this page need not know.
    const response = await site.request('/disclaimer', { host: 'land.localhost' })
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).toContain('href="/c/dev/status.json"')
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(html)))
    expect(pagesAsked).toEqual([])
  })

  it('aborts a render that outlives RENDER_TIMEOUT_MS instead of hanging', async () => {
    const { started, aside } = await siteWithGatedAside(300)
    site = started
    // The aside never answers during the request: only the render timeout can finish the page.
    const { status, body } = await streamThroughGate(
      `${site.url}/s?query=linux`,
      { host: 'res.localhost' },
      aside,
      () => false,
    )
    expect(status).toBe(200)
    expect(aside.isOpen).toBe(false)
    expect(body).toContain('</html>')
  })
})
