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
    const { status, beforeOpen, body } = await streamThroughGate(`${site.url}/s?query=linux`, { host: 'res.localhost' }, aside, (received) => received.includes('<div id="root">'))
    expect(status).toBe(200)
    expect(beforeOpen).toContain('<div id="root">')
    expect(beforeOpen).toMatch(/linux/i)
    expect(beforeOpen).not.toContain('</html>')
    expect(body).toContain('</html>')
  })

  // The menus' document pages need the site's show paths and then the configs of the pages they
  // name: two upstream round trips that change no markup, so the shell must not wait for them.
  it.each([
    ['a page that never suspends', 'land.localhost', '/disclaimer', ['/c/dev/status.json', '/c/legal/licenses', '/c/press/launch-kit']],
    ['a page with streamed data', 'res.localhost', '/res/hot', []],
  ])('sends the shell of %s before the menus\' document pages are known, and lists them once they are', async (_kind, host, path, documents) => {
    const menuPages = createGate()
    gate = menuPages
    const held: string[] = []
    site = await startTestSite({
      listen: true,
      upstream: async (request, demo) => {
        const apiPath = new URL(request.url).pathname
        const body = (await request.clone().json()) as { page_path?: string }
        // The site config itself (web_get with an empty page_path) is not held.
        if (apiPath === '/v1/site_admin/show_path/get' || (apiPath === '/v1/site_page/web_get' && body.page_path)) {
          held.push(apiPath)
          await menuPages.passed()
        }
        return demo(request)
      },
    })
    const { status, beforeOpen, body } = await streamThroughGate(`${site.url}${path}`, { host }, menuPages, (received) => /<div id="root">[\s\S]*<main/.test(received))
    expect(status).toBe(200)
    expect(held).toContain('/v1/site_admin/show_path/get')
    expect(beforeOpen).toMatch(/<main[^>]*>[\s\S]*<h1/)
    expect(beforeOpen).not.toContain('__hydration')
    const hydration = JSON.parse(/<script id="__hydration" type="application\/json">(.*?)<\/script>/s.exec(body)?.[1] ?? '{}') as { loaderData: { root: { documentPaths: { ok: boolean; value: string[] } } } }
    expect(hydration.loaderData.root.documentPaths.ok).toBe(true)
    expect(hydration.loaderData.root.documentPaths.value.sort()).toEqual(documents)
    expect(body).toContain('</html>')
  })

  it('answers a page that does not suspend in one buffer once the menus\' document pages are cached', async () => {
    site = await startTestSite()
    // The first visit loads them after the page's own data (and streams); later ones find them cached.
    await (await site.request('/disclaimer', { host: 'land.localhost' })).text()
    const response = await site.request('/disclaimer', { host: 'land.localhost' })
    const html = await response.text()
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(html)))
    expect(html).toContain('"documentPaths":{"ok":true,"value":["/c/legal/licenses","/c/dev/status.json","/c/press/launch-kit"]}')
  })

  it('aborts a render that outlives RENDER_TIMEOUT_MS instead of hanging', async () => {
    const { started, aside } = await siteWithGatedAside(300)
    site = started
    // The aside never answers during the request: only the render timeout can finish the page.
    const { status, body } = await streamThroughGate(`${site.url}/s?query=linux`, { host: 'res.localhost' }, aside, () => false)
    expect(status).toBe(200)
    expect(aside.isOpen).toBe(false)
    expect(body).toContain('</html>')
  })
})
