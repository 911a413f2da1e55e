import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIRST_LOAD_BUDGET_KIB, firstLoadByPageKind, firstLoadBytes, readClientBuild } from '../bench/first-load.mjs'
import { DEMO_PAGES, demoVisitorCookie } from './demo-pages.ts'
import { distDir, startTestSite, type TestSite } from './harness.ts'

// What each demo page kind loads before it is interactive, counted as `npm run bench` counts it
// (bench/first-load.mjs: every script the page names and their static imports, gzip -9 per file),
// against this run's build of the browser bundle.
describe('first-load JavaScript per demo page kind', { timeout: 120_000 }, () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite({ listen: true })
  })
  afterAll(() => site.close())

  it(`stays within the budget of ${FIRST_LOAD_BUDGET_KIB} KiB gzip on every kind`, async () => {
    const pages = DEMO_PAGES.map(([host, urlPath]) => ({
      host,
      path: urlPath,
      cookie: demoVisitorCookie(host, urlPath),
    }))
    const kinds = await firstLoadByPageKind(site.url!, pages, readClientBuild(path.join(distDir(), 'client')))
    const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10
    const over = kinds
      .filter(({ js }) => kib(js.gzip) > FIRST_LOAD_BUDGET_KIB)
      .map(
        ({ kind, page, js }) =>
          `${kind} (${page}): ${kib(js.gzip)} KiB, ${kib(js.gzip - js.framework)} KiB of it the project's`,
      )
    expect(over).toEqual([])
    // Every page kind with scripts was measured, so the budget holds for each, not only for some.
    expect(kinds.map(({ kind }) => kind).sort()).toEqual(
      expect.arrayContaining(['detail-page', 'home-page', 'post-page', 'search-page', 'status-page']),
    )
    expect(kinds.length).toBeGreaterThanOrEqual(15)
  })

  it('counts the framework apart from the project code', async () => {
    const [kind] = await firstLoadByPageKind(
      site.url!,
      [{ host: 'res.localhost', path: '/404', cookie: 'lang=zh' }],
      readClientBuild(path.join(distDir(), 'client')),
    )
    // react-dom's client and react-router are about 97 KiB gzip (i18next loads after hydration).
    expect(kind!.js.framework).toBeGreaterThan(90 * 1024)
    expect(kind!.js.framework).toBeLessThan(kind!.js.gzip)
  })
})

describe('firstLoadBytes', () => {
  it("follows static imports, counts inline scripts, and keeps React's streaming instructions apart", async () => {
    const files: Record<string, string> = {
      '/':
        '<script>var tap=1</script><script type="module" src="/assets/a.js"></script><script type="application/json">{"data":1}</script>' +
        '<script>$RC("B:0","S:0")</script><script>requestAnimationFrame(function(){$RT=performance.now()});</script>',
      '/assets/a.js': 'import{b}from"/assets/b.js";b()',
      '/assets/b.js': 'export function b(){}',
    }
    const server = createServer((request, response) => response.end(files[request.url ?? ''] ?? ''))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { js } = await firstLoadBytes(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, '/')
      expect(js.scripts.map((script) => script.file)).toEqual(['/assets/a.js', '/assets/b.js'])
      expect(js.raw).toBe(files['/assets/a.js']!.length + files['/assets/b.js']!.length + 'var tap=1'.length)
      expect(js.reactStreaming.raw).toBeGreaterThan(0)
    } finally {
      server.close()
    }
  })
})
