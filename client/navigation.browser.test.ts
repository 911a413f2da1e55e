import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { gotoHydrated } from '../test/browser/open-page.ts'
import { useBrowserSite } from '../test/browser/use-browser-site.ts'
import { distDir } from '../test/harness.ts'

describe('in a real browser', () => {
  const browserSite = useBrowserSite()

  async function openPage(path: string, host = 'res.localhost') {
    const payloads: string[] = []
    const documents: string[] = []
    const { page, errors } = await browserSite.open(host, path, {
      // A Chinese browser on this Chinese-default site: no first-visit language redirect.
      locale: 'zh-CN',
      waitUntil: 'networkidle',
      watch: (page) =>
        page.on('request', (request) => {
          if (request.url().includes('/_payload.json'))
            payloads.push(new URL(request.url()).pathname + new URL(request.url()).search)
          if (request.resourceType() === 'document') documents.push(request.url())
        }),
    })
    return { page, errors, payloads, documents }
  }

  it('hydrates without console errors and navigates client-side through the payload', async () => {
    const { page, errors, payloads, documents } = await openPage('/res/hot')
    expect(errors).toEqual([])
    const link = page.locator('main a[href^="/res/new"]').first()
    await link.click()
    await page.waitForURL(/\/res\/new/)
    await page.waitForFunction(() => document.title.length > 0)
    expect(payloads.some((path) => path.startsWith('/res/new'))).toBe(true)
    expect(documents).toHaveLength(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it("loads a content view the first page did not show with the next page's data", async () => {
    const manifest = JSON.parse(readFileSync(path.join(distDir(), 'client', 'manifest.json'), 'utf8')) as {
      views: Record<string, { file: string }>
    }
    const scripts: string[] = []
    const { page, errors, documents } = await openPage('/res/hot')
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    // The resource list shows no content view; a custom page shows the custom view.
    expect(
      await page.evaluate(
        (file) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(file)),
        manifest.views['custom-view']!.file,
      ),
    ).toBe(false)
    await page.locator('a[href="/c/about"]').first().click()
    await page.waitForURL(/\/c\/about$/)
    await page.locator('.content-page--custom, .content-page').first().waitFor()
    expect(scripts).toContain(manifest.views['custom-view']!.file)
    expect(documents).toHaveLength(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('prefetches a payload once on hover and uses it for the click', async () => {
    const { page, payloads, errors } = await openPage('/res/hot')
    const link = page.locator('main a[href^="/res/new"]').first()
    const target = new URL((await link.getAttribute('href'))!, 'http://x').pathname
    const prefetched = page.waitForResponse((response) => response.url().includes(`${target}/_payload.json`))
    await link.hover()
    await prefetched
    // Hovering again must not fetch again.
    await page.mouse.move(0, 0)
    await link.hover()
    await link.click()
    await page.waitForURL((url) => url.pathname === target)
    await page.waitForLoadState('networkidle')
    expect(payloads.filter((payload) => payload.startsWith(`${target}/_payload.json`))).toHaveLength(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('shows the mapped address in the address bar after client-side navigation', async () => {
    const { page, payloads, documents } = await openPage('/res/hot')
    const tagLink = page.locator('main a[href^="/tags/"]').first()
    const href = (await tagLink.getAttribute('href'))!
    await tagLink.click()
    await page.waitForURL((url) => url.pathname === href)
    expect(payloads.some((payload) => payload.startsWith(`${href}/_payload.json`))).toBe(true)
    expect(documents).toHaveLength(1)
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/res/hot')
    expect(await page.locator('h1').first().textContent()).toBeTruthy()
    await page.close()
  })

  it('scrolls to the top after navigating', async () => {
    const { page } = await openPage('/res/hot')
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.waitForFunction(() => window.scrollY > 300)
    const link = page.locator('footer a[href^="/"], main a[href^="/res/new"]').last()
    await link.click()
    await page.waitForFunction(() => window.scrollY === 0)
    await page.close()
  })

  it('reloads the target address once when a page chunk fails, then not again within 10 s', async () => {
    const manifest = JSON.parse(readFileSync(path.join(distDir(), 'client', 'manifest.json'), 'utf8')) as {
      pages: Record<string, { file: string }>
    }
    const chunk = manifest.pages['tags-page']!.file
    const { page, documents } = await openPage('/res/hot')
    await page.route(`**${chunk}`, (route) => route.abort())
    const href = (await page.locator('main a[href^="/tags/"]').first().getAttribute('href'))!
    await page.locator('main a[href^="/tags/"]').first().click()
    await page.waitForURL((url) => url.pathname === href)
    await page.waitForLoadState('load')
    expect(documents.length).toBe(2)
    expect(new URL(documents[1]!).pathname).toBe(href)

    // Within the guard window a second failure shows the error instead of reloading again.
    await gotoHydrated(page, browserSite.tenantUrl('res.localhost', '/res/hot'), 'networkidle')
    const before = documents.length
    await page.locator('main a[href^="/tags/"]').first().click()
    await page.locator('.error-page').waitFor()
    expect(documents.length).toBe(before)
    await page.close()
  })

  it('scrolls smoothly to the hash target of an in-site link', async () => {
    const { page, errors } = await openPage('/doc_handbook', 'land.localhost')
    const link = page.locator('.content-outline__toc a').last()
    const hash = new URL((await link.getAttribute('href'))!, 'http://x').hash
    await link.click()
    await page.waitForURL((url) => url.hash === hash)
    // Smooth: the page passes through positions between the start and the target, frame by frame.
    const samples = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const seen: number[] = []
          const sample = () => {
            seen.push(window.scrollY)
            if (seen.length < 30) requestAnimationFrame(sample)
            else resolve(seen)
          }
          requestAnimationFrame(sample)
        }),
    )
    const target = await page.evaluate(
      (id) => document.getElementById(decodeURIComponent(id))!.getBoundingClientRect().top + window.scrollY,
      hash.slice(1),
    )
    expect(samples.some((y) => y > 0 && y < target - 50)).toBe(true)
    // It ends at the target (or at the bottom of the page when the target is near the end).
    const end = await page.evaluate(
      (top) => Math.min(top, document.documentElement.scrollHeight - window.innerHeight),
      target,
    )
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 150, end)
    expect(errors.filter((error) => !error.includes('ERR_NAME_NOT_RESOLVED'))).toEqual([])
    await page.close()
  })

  it('searches from the header box client-side', async () => {
    const { page, payloads, documents, errors } = await openPage('/res/hot')
    await page.locator('.search-bar input[name="query"]').fill('  linux  ')
    await page.locator('.search-bar button[type="submit"]').click()
    await page.waitForURL((url) => url.pathname === '/s' && url.searchParams.get('query') === 'linux')
    expect(payloads.some((payload) => payload.startsWith('/s/_payload.json?query=linux'))).toBe(true)
    expect(documents).toHaveLength(1)
    expect(errors).toEqual([])
    await page.close()
  })
})
