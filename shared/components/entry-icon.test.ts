import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'

// Rendered through the app: the demo land site's config with icon values of every kind in its
// pendant and menu (site configs hold icon names such as `help` beside image addresses).
const ICONS = ['help', 'wechat', 'top', 'https://cdn.example/icons/a.png', '/static/b.svg', 'rocket', 'icons/c.png']

async function withIcons(request: Request, demo: (request: Request) => Promise<Response>): Promise<Response> {
  const response = await demo(request)
  if (new URL(request.url).pathname !== '/v1/site_page/web_get') return response
  const body = (await response.json()) as {
    data: { site_config: { pendant_config: { list: unknown[] }; header_config: { menu: unknown[] } } }
  }
  const site = body.data.site_config
  site.pendant_config.list = ICONS.map((icon, i) => ({ is_show: 1, icon, text: `Item ${i}`, url: `/c/about#${i}` }))
  site.header_config.menu = ICONS.map((icon, i) => ({ name: `Entry ${i}`, url: `/c/about#m${i}`, icon, is_show: 1 }))
  return Response.json(body)
}

describe('entry icons', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite({ upstream: withIcons })
  })
  afterAll(() => site.close())

  it('draws names as built-in icons, shows image addresses as images and anything else as the marker', async () => {
    const html = await (
      await site.request('/c/about', { host: 'land.localhost', headers: { 'accept-language': 'en' } })
    ).text()
    const pendant = /<aside class="pendant"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? ''
    const menu = /<nav class="site-menu"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? ''
    for (const [block, className] of [
      [pendant, 'pendant__icon'],
      [menu, 'site-menu__icon'],
    ] as const) {
      const icons = [...block.matchAll(/<(img|svg|span) class="([^"]*)"([^>]*)>/g)].filter((m) =>
        m[2]!.split(' ').includes(className),
      )
      expect(
        icons.map((m) =>
          m[1] === 'svg'
            ? `svg:${/data-icon="([^"]+)"/.exec(m[3]!)?.[1]}`
            : m[1] === 'img'
              ? `img:${/src="([^"]+)"/.exec(m[3]!)?.[1]}`
              : 'marker',
        ),
      ).toEqual([
        'svg:help',
        'svg:wechat',
        'svg:top',
        `img:/_img/avatar?url=${encodeURIComponent('https://cdn.example/icons/a.png')}&amp;dpr=1`,
        'img:/static/b.svg',
        'marker',
        'marker',
      ])
      // No name ever becomes an address the browser would request.
      expect(block).not.toMatch(/src="(?:help|wechat|top|rocket|icons\/c\.png)"/)
    }
  })
})
