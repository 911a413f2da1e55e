import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'

/** Each menu entry with a submenu in a page's HTML: its summary text and the submenu's link targets. */
function submenus(html: string): { entry: string; links: string[] }[] {
  return [
    ...html.matchAll(
      /<li class="site-menu__parent"><details><summary[^>]*>([^<]*)<\/summary><\/details><ul class="site-submenu"[^>]*>(.*?)<\/ul>/gs,
    ),
  ].map((match) => ({
    entry: match[1] ?? '',
    links: [...(match[2] ?? '').matchAll(/<a [^>]*href="([^"]*)"/g)].map((link) => link[1] ?? ''),
  }))
}

describe('the header menu as HTML', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it("writes entries with children as disclosures, never open, with the entry's own page first in its submenu", async () => {
    const html = await (await site.request('/', { host: 'nav.localhost' })).text()
    expect(submenus(html)).toEqual([
      // Section names become ids by one rule, in the link as in the section (no space in a fragment).
      { entry: 'AI 工具', links: ['/ai', '/ai#AI-對話', '/ai#AI-繪圖', '/ai#AI-程式'] },
      // Its own page is already the submenu's first entry: listed once.
      { entry: '更多', links: ['/sp/collections', '/post', '/c/guide/submit', '/c/about', '/links'] },
    ])
    // The browser owns the open state: the server never writes it.
    expect(html).not.toMatch(/<details[^>]* open/)
  })
})
