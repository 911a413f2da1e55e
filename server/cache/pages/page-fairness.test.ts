import { afterEach, describe, expect, it, vi } from 'vitest'
import { startTestSite, type TestSite } from '../../../test/harness.ts'

let site: TestSite | undefined
afterEach(async () => {
  await site?.close()
  site = undefined
})

async function visit(host: string, path: string): Promise<{ status: number; age: string | null }> {
  const response = await (site as TestSite).request(path, { host, headers: { cookie: 'lang=zh' } })
  await response.arrayBuffer()
  await vi.waitFor(() => expect(site?.htmlCache?.inFlight).toBe(0))
  return { status: response.status, age: response.headers.get('age') }
}

describe("the HTML cache's memory under one tenant's flood", () => {
  it("a flood of one tenant's new search pages leaves another tenant's page a hit", async () => {
    site = await startTestSite({ htmlCache: { ttlMs: 3_600_000, staleMs: 0, maxBytes: 512 * 1024 } })
    expect((await visit('land.localhost', '/')).status).toBe(200)
    const flood = 80
    for (let index = 0; index < flood; index += 1)
      expect((await visit('res.localhost', `/s?query=term${index}`)).status).toBe(200)
    // The flood passed the bound: pages went.
    expect(site.htmlCache?.size).toBeLessThan(flood)
    expect(site.htmlCache?.bytes).toBeLessThanOrEqual(512 * 1024)
    expect((await visit('land.localhost', '/')).age).not.toBeNull()
  }, 60_000)
})
