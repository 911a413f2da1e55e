import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page, Request, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserSite } from '../test/browser/use-browser-site.ts'
import { distDir } from '../test/harness.ts'
import en from '../shared/i18n/locales/en.ts'

// The first render reads the server's strings from the page; i18next and the page language's
// messages load after hydration (client/deferred-locale.ts). Held back, they must hold nothing up
// but what needs a string the page did not carry, and that must come once they arrive.

/** The browser bundle's files holding i18next or a locale's messages, by address. */
function translatorFiles(): string[] {
  const metafile = JSON.parse(readFileSync(path.join(distDir(), 'client', 'metafile.json'), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>
  }
  return Object.entries(metafile.outputs)
    .filter(
      ([file, output]) =>
        file.endsWith('.js') &&
        Object.keys(output.inputs).some(
          (input) => input.includes('node_modules/i18next/') || input.startsWith('shared/i18n/locales/'),
        ),
    )
    .map(([file]) => `/assets/${path.basename(file)}`)
}

/** Holds every request for the translator's files until `release` is called. */
function holdTranslator(page: Page) {
  const files = new Set(translatorFiles())
  const asked: string[] = []
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  void page.route(
    (url) => files.has(url.pathname),
    async (route: Route) => {
      asked.push(new URL(route.request().url()).pathname)
      await released
      await route.continue()
    },
  )
  return { asked, release }
}

const PAGES: [host: string, path: string, locale: string][] = [
  ['res.localhost', '/', 'zh-CN'],
  ['res.localhost', '/d/vlc-media-player', 'zh-CN'],
  ['res.localhost', '/s?query=linux', 'zh-CN'],
  ['res.localhost', '/rank', 'zh-CN'],
  ['res.localhost', '/res/hot', 'zh-CN'],
  ['res.localhost', '/tags/open-source', 'zh-CN'],
  ['res.localhost', '/articles', 'zh-CN'],
  ['res.localhost', '/post-search-tips', 'zh-CN'],
  ['res.localhost', '/feedback', 'zh-CN'],
  ['res.localhost', '/links', 'zh-CN'],
  ['res.localhost', '/disclaimer', 'zh-CN'],
  ['res.localhost', '/no/such/page', 'zh-CN'],
  ['land.localhost', '/', 'en-US'],
  ['land.localhost', '/ar', 'en-US'],
  ['nav.localhost', '/ai', 'zh-TW'],
]

describe('the browser translator', { timeout: 120_000 }, () => {
  const browserSite = useBrowserSite()

  it.each(PAGES)(
    '%s%s hydrates from the strings the server rendered, i18next held back',
    async (host, urlPath, locale) => {
      let held: ReturnType<typeof holdTranslator> | undefined
      const { page, errors } = await browserSite.open(host, urlPath, {
        locale,
        // The demo landing page plays sample clips from the public web, which this network cannot
        // reach; a missing page's document comes with its status.
        ignoreErrors: /net::ERR_NAME_NOT_RESOLVED|status of 404/,
        watch: (page) => (held = holdTranslator(page)),
      })
      // Hydrated (open waits for it) with nothing of the translator arrived, and no mismatch.
      expect(errors).toEqual([])
      // Asked for once the page is interactive, not before.
      await expect.poll(() => held!.asked.length, { timeout: 10_000 }).toBeGreaterThan(0)
      held!.release()
      await page.close()
    },
  )

  it('holds a string the page did not render until i18next arrives, and then shows it', async () => {
    let held: ReturnType<typeof holdTranslator> | undefined
    const pending = new Set<Request>()
    const { page, errors } = await browserSite.open('land.localhost', '/', {
      locale: 'en-US',
      ignoreErrors: /net::ERR_NAME_NOT_RESOLVED|net::ERR_FAILED/,
      watch: (page) => {
        held = holdTranslator(page)
        void page.route('https://accounts.google.com/**', (route) => route.abort())
        page.on('request', (request) => pending.add(request))
        page.on('requestfinished', (request) => pending.delete(request))
        page.on('requestfailed', (request) => pending.delete(request))
      },
    })
    // The sign-in dialog's strings are not in the page: the control stays busy, the tap kept.
    const control = page.locator('.account-signin')
    await control.click()
    await expect.poll(() => control.getAttribute('aria-busy')).toBe('true')
    // Everything else the dialog needs (its chunk, its sheet) has arrived, and two frames painted
    // since: only i18next, held, keeps it from showing.
    const translator = new Set(translatorFiles())
    await expect
      .poll(() => [...pending].filter((request) => !translator.has(new URL(request.url()).pathname)).length)
      .toBe(0)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    expect(await page.locator('.account-dialog').count()).toBe(0)
    held!.release()
    const dialog = page.getByRole('dialog').and(page.locator('.account-dialog'))
    await dialog.waitFor()
    await dialog.getByLabel(en.email, { exact: true }).waitFor()
    expect(errors).toEqual([])
    await page.close()
  })

  it('loads the next page whole when i18next cannot load (e.g. removed by a deploy)', async () => {
    const documents: string[] = []
    const files = new Set(translatorFiles())
    const { page } = await browserSite.open('res.localhost', '/articles', {
      locale: 'zh-CN',
      ignoreErrors: /Failed to load resource|net::ERR_FAILED/,
      watch: (page) => {
        void page.route(
          (url) => files.has(url.pathname),
          (route) => route.abort(),
        )
        page.on('request', (request) => {
          if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname)
        })
      },
    })
    await page.locator('header a[href="/res/hot"]').first().click()
    await page.waitForURL(/\/res\/hot$/)
    await page.locator('.res-layout').waitFor()
    expect(documents).toEqual(['/articles', '/res/hot'])
    await page.close()
  })
})
