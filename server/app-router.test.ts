import type { SmartRouter } from 'hono/router/smart-router'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../test/harness.ts'

describe('the route table', () => {
  let site: TestSite | undefined
  afterAll(() => site?.close())

  it("fits Hono's regular-expression router, with every optional route on", async () => {
    site = await startTestSite({ htmlCache: {}, purgeToken: 'purge-token-for-tests-0123' })
    for (const path of [
      '/',
      '/sitemap.xml',
      '/sitemap-1.xml',
      '/post/feed.xml',
      '/_img/w320?src=x',
      '/api/x',
      '/healthz',
    ])
      await (await site.request(path)).arrayBuffer()
    // SmartRouter keeps the first router that takes every route; the trie router is its fallback.
    expect((site.app.router as SmartRouter<unknown>).activeRouter.name).toBe('RegExpRouter')
  })
})
