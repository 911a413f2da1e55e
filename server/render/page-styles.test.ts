import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { distDir, startTestSite, type TestSite } from '../../test/harness.ts'
import { readHead } from '../../test/head.ts'
import { STYLE_GROUPS, type StyleGroup } from '../../shared/styles/style-groups.ts'
import { readClientManifest, type ClientManifest } from './manifest.ts'

/** One page of every demo page kind, with the stylesheets its head must carry (in cascade order). */
const PAGES: [host: string, path: string, styles: StyleGroup[]][] = [
  ['res.localhost', '/', ['common', 'content', 'pagination', 'forms']],
  ['res.localhost', '/s?query=vlc', ['common', 'pagination', 'resource']],
  ['res.localhost', '/rank', ['common', 'resource']],
  ['res.localhost', '/tags/open-source', ['common', 'pagination', 'resource']],
  ['res.localhost', '/d/vlc-media-player', ['common', 'resource']],
  ['res.localhost', '/articles', ['common', 'pagination', 'post']],
  ['res.localhost', '/post-search-tips', ['common', 'post']],
  ['res.localhost', '/c/about', ['common', 'content', 'pagination', 'forms']],
  ['res.localhost', '/links', ['common', 'site']],
  ['land.localhost', '/', ['common', 'content', 'pagination', 'forms']],
  ['land.localhost', '/feedback', ['common', 'site', 'forms']],
  ['nav.localhost', '/sp/news', ['common', 'content', 'pagination', 'forms']],
  ['res.localhost', '/no-such-page', ['common']],
  // The error view replaces the page: the route's own sheets are not needed.
  ['res.localhost', '/goto?url=javascript%3Aalert(1)', ['common']],
]

const LANGUAGE: Record<string, string> = { 'res.localhost': 'zh', 'land.localhost': 'en', 'nav.localhost': 'zh-TW' }

describe('stylesheets in the document head', () => {
  let site: TestSite
  let manifest: ClientManifest
  /** The files holding a locale's messages (i18next loads them after hydration). */
  let localeChunks: Set<string>
  beforeAll(async () => {
    site = await startTestSite()
    manifest = readClientManifest(path.join(distDir(), 'client', 'manifest.json'))
    const metafile = JSON.parse(readFileSync(path.join(distDir(), 'client', 'metafile.json'), 'utf8')) as {
      outputs: Record<string, { entryPoint?: string }>
    }
    localeChunks = new Set(
      Object.entries(metafile.outputs)
        .filter(([, output]) => output.entryPoint?.startsWith('shared/i18n/locales/'))
        .map(([file]) => `/assets/${path.basename(file)}`),
    )
  })
  afterAll(() => site.close())

  // Inline sheets need no nonce: style-src allows inline styles, and a page's scripts are allowed by
  // their hashes (render/document-scripts.ts), so the page carries no per-response secret.
  it.each(PAGES)("%s%s: inline, without a nonce, only its own kind's sheets", async (host, address, styles) => {
    const response = await site.request(address, { host, headers: { cookie: `lang=${LANGUAGE[host]}` } })
    expect(response.status).toBe(address === '/no-such-page' ? 404 : address.startsWith('/goto') ? 400 : 200)
    expect(response.headers.get('content-security-policy')).toContain("style-src 'self' 'unsafe-inline'")
    const html = await response.text()
    const head = readHead(html)
    const inline = head.elements.filter(
      (element) => element.name === 'style' && element.attrs['data-styles'] !== undefined,
    )
    expect(inline.map((element) => element.attrs['data-styles'])).toEqual(styles)
    for (const element of inline) {
      expect(element.attrs.nonce).toBeUndefined()
      expect(element.text).toBe(manifest.styleText[element.attrs['data-styles'] as StyleGroup])
      expect(element.text.length).toBeGreaterThan(0)
    }
    // Nothing blocks the first paint: no stylesheet link at all.
    expect(head.elements.filter((element) => element.name === 'link' && element.attrs.rel === 'stylesheet')).toEqual([])
    // No other kind's sheet is named or carried anywhere in the page, but for the sign-in dialog's in
    // the list of what a kept tap on "Sign in" preloads.
    const tapList = /<script[^>]* data-sign-in="([^"]*)"/.exec(html)?.[1] ?? ''
    expect(tapList.split(' ')).toContain(manifest.styles['account-dialog'])
    const elsewhere = html.replace(tapList, '')
    for (const group of STYLE_GROUPS.filter((group) => !styles.includes(group))) {
      expect(elsewhere).not.toContain(manifest.styles[group])
      expect(html).not.toContain(`data-styles="${group}"`)
      expect(html).not.toContain(manifest.styleText[group])
    }
  })

  it.each([
    ['land.localhost', '/', 'land-view'],
    ['nav.localhost', '/ai', 'nav-view'],
    ['res.localhost', '/c/about', 'custom-view'],
    ['res.localhost', '/', undefined],
    ['res.localhost', '/rank', undefined],
  ])('%s%s preloads the content view its body renders with, and no other', async (host, urlPath, view) => {
    const response = await site.request(urlPath, { host, headers: { cookie: `lang=${LANGUAGE[host]}` } })
    const starter = readHead(await response.text()).elements.find(
      (element) => element.name === 'script' && element.text.includes(`e.src=${JSON.stringify(manifest.entry.file)}`),
    )
    const chunks = JSON.parse(/f=(\[[^\]]*\])/.exec(starter!.text)![1]!) as string[]
    const views = Object.entries(manifest.views)
      .filter(([, chunk]) => chunks.includes(chunk.file))
      .map(([name]) => name)
    expect(views).toEqual(view === undefined ? [] : [view])
  })

  it('fetches and starts the bundle from a script allowed by its hash once the page has loaded and painted, after the tap keeper', async () => {
    const response = await site.request('/rank', { host: 'res.localhost', headers: { cookie: 'lang=zh' } })
    const policy = response.headers.get('content-security-policy') ?? ''
    const head = readHead(await response.text())
    const entry = manifest.entry.file
    const starter = head.elements.find(
      (element) => element.name === 'script' && element.text.includes(`e.src=${JSON.stringify(entry)}`),
    )
    expect(policy).toContain(`'sha256-${sha256(starter?.text ?? '')}'`)
    // A module script it inserts, trusted under 'strict-dynamic' (an import() from it would not be).
    expect(starter?.text).toContain('e.type="module"')
    expect(starter?.text).toContain('requestAnimationFrame')
    expect(starter?.text).toContain('addEventListener("load"')
    // It preloads the entry's chunks and the page's together; not the locale's (hydration reads the
    // server's strings from the page, and the messages load with i18next after it).
    const chunks = JSON.parse(/f=(\[[^\]]*\])/.exec(starter!.text)![1]!) as string[]
    for (const file of [...manifest.entry.imports, manifest.pages['rank-page']!.file]) expect(chunks).toContain(file)
    expect(localeChunks.size).toBeGreaterThan(10)
    expect(chunks.filter((file) => localeChunks.has(file))).toEqual([])
    // Nothing fetches or runs a script before: no module script, no preload in the HTML.
    expect(
      head.elements.filter(
        (element) => (element.name === 'script' && element.attrs.src) || element.attrs.rel === 'modulepreload',
      ),
    ).toEqual([])
    // Before it, the small script that keeps a tap on a control that needs the app.
    const keeper = head.elements.find(
      (element) => element.name === 'script' && element.text.includes('[data-needs-app]'),
    )
    expect(policy).toContain(`'sha256-${sha256(keeper?.text ?? '')}'`)
    expect(keeper!.text.length).toBeLessThan(1000)
    expect(head.elements.indexOf(keeper!)).toBeLessThan(head.elements.indexOf(starter!))
  })

  it('a cached page answers its inline sheets as rendered, with no nonce on them', async () => {
    const cached = await startTestSite({ htmlCache: {} })
    try {
      const policies = new Set<string>()
      const upstreamCalls = () => [...cached.upstreamCalls.values()].reduce((sum, count) => sum + count, 0)
      let callsAfterFirst = 0
      for (let i = 0; i < 2; i += 1) {
        const response = await cached.request('/rank', { host: 'res.localhost', headers: { cookie: 'lang=zh' } })
        const inline = readHead(await response.text()).elements.filter(
          (element) => element.name === 'style' && element.attrs['data-styles'],
        )
        expect(inline.map((element) => element.attrs.nonce)).toEqual([undefined, undefined])
        policies.add(response.headers.get('content-security-policy') ?? '')
        if (i === 0) callsAfterFirst = upstreamCalls()
      }
      // One policy for the miss and the hit: the same scripts, allowed by the same hashes.
      expect(policies.size).toBe(1)
      // The second answer came from the cache.
      expect(upstreamCalls()).toBe(callsAfterFirst)
      expect(cached.htmlCache?.size).toBe(1)
    } finally {
      await cached.close()
    }
  })
})

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64')
}
