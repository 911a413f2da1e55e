import { afterEach, describe, expect, it, vi } from 'vitest'
import { startTestSite, type TestSite, type Via } from '../../test/harness.ts'

let site: TestSite | undefined
afterEach(async () => {
  await site?.close()
  site = undefined
})

function upstreamTotal(test: TestSite): number {
  return [...test.upstreamCalls.values()].reduce((sum, count) => sum + count, 0)
}

/**
 * A port in `Host` (one this server does not listen on: it is not refused, since behind a balancer
 * or a CDN the visitor's port is never the server's), a trailing dot and another case name the
 * same tenant, so they read and keep the same page: one render for all three.
 */
describe.each<Via>(['app', 'listener'])('one cache entry per page whatever the Host spelling (via %s)', (via) => {
  it('shop.example:1234, SHOP.example. and shop.example share one entry: one render', async () => {
    const test = await startTestSite({ listen: via === 'listener', htmlCache: { ttlMs: 60_000 } })
    site = test
    const pages: string[] = []
    let afterFirst = 0
    for (const host of ['res.localhost', 'res.localhost:1234', 'RES.localhost.', 'Res.LocalHost.:8080']) {
      const response = await test.request('/res/hot', { host, via, headers: { cookie: 'lang=zh' } })
      expect(`${host} ${response.status}`).toBe(`${host} 200`)
      pages.push((await response.text()).replace(/ nonce="[^"]*"/g, ''))
      await vi.waitFor(() => expect(test.htmlCache?.inFlight).toBe(0))
      if (afterFirst === 0) afterFirst = upstreamTotal(test)
      else expect(response.headers.get('age'), host).not.toBeNull()
    }
    expect(test.htmlCache?.size).toBe(1)
    expect(upstreamTotal(test)).toBe(afterFirst)
    expect(new Set(pages).size).toBe(1)
  })
})
