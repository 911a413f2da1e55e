import { afterEach, describe, expect, it, vi } from 'vitest'
import { startTestSite, type TestSite } from '../../../test/harness.ts'
import { sameSiteHosts } from './purge-targets.ts'
import { resListsNavAsAlias } from './purge-hosts.test-helper.ts'

const TOKEN = 'purge-token-for-tests-0123'

let site: TestSite | undefined
afterEach(async () => {
  await site?.close()
  site = undefined
})

/**
 * Two tenants of the demo API, the res site's config listing the nav site's domain as one of its
 * aliases (a tenant's config is its own text: it can name anything).
 */
async function twoTenants(): Promise<TestSite> {
  return startTestSite({
    purgeToken: TOKEN,
    htmlCache: { ttlMs: 60_000 },
    upstream: resListsNavAsAlias,
  })
}

async function page(test: TestSite, host: string) {
  const response = await test.request('/', { host, headers: { cookie: 'lang=zh' } })
  await response.text()
  await vi.waitFor(() => expect(test.htmlCache?.inFlight).toBe(0))
  return response
}

describe('a host purge reaches only names of the same site', () => {
  it("leaves another tenant's pages alone when the purged tenant lists its domain as an alias", async () => {
    const test = await twoTenants()
    site = test
    for (const host of ['res.localhost', 'nav.localhost']) expect((await page(test, host)).status).toBe(200)
    expect(test.htmlCache?.size).toBe(2)
    const navLoads = () => test.upstreamCalls.get('/v1/site_page/web_get') ?? 0

    const answer = await test.purge({ host: 'res.localhost', mode: 'hard' })
    expect(answer.status).toBe(200)
    const json = (await answer.json()) as { hosts: string[] }
    // The res site's own names, as the upstream maps them; not the nav site's domain.
    expect(json.hosts).toEqual(['res.localhost', 'localhost', '127.0.0.1', 'www.res.localhost'])

    // The nav page is still kept: answered from the cache, nothing loaded.
    const before = navLoads()
    const nav = await page(test, 'nav.localhost')
    expect(nav.headers.get('age')).not.toBeNull()
    expect(navLoads()).toBe(before)
    // The res page was purged: rendered again.
    const res = await page(test, 'res.localhost')
    expect(res.headers.get('age')).toBeNull()
  })
})

describe('sameSiteHosts', () => {
  const site = {
    site_id: 's1',
    domain: 'a.example',
    alias_domain: ['www.a.example', 'B.example.', 'junk host', 'c.example'],
  }
  const map: Record<string, string | null> = {
    'a.example': 's1',
    'www.a.example': 's1',
    'b.example': 's2',
    'c.example': null,
  }

  it.each<[string, string, Record<string, string | null | Error>, { hosts: string[]; skipped: string[] }]>([
    [
      'keeps the names mapped to the same site, in the config order',
      'a.example',
      map,
      { hosts: ['a.example', 'www.a.example'], skipped: ['b.example', 'c.example'] },
    ],
    [
      'a purge of an alias covers the domain too',
      'www.a.example',
      map,
      { hosts: ['www.a.example', 'a.example'], skipped: ['b.example', 'c.example'] },
    ],
    [
      'a name whose lookup fails is left out',
      'a.example',
      { ...map, 'www.a.example': new Error('upstream down') },
      { hosts: ['a.example'], skipped: ['www.a.example', 'b.example', 'c.example'] },
    ],
  ])('%s', async (_label, host, answers, expected) => {
    const identityOf = async (name: string) => {
      const answer = answers[name]
      if (answer instanceof Error) throw answer
      return answer ?? null
    }
    expect(await sameSiteHosts(host, site, identityOf)).toEqual(expected)
  })

  it('resolves at most 64 listed names', async () => {
    const many = {
      site_id: 's1',
      domain: 'a.example',
      alias_domain: Array.from({ length: 100 }, (_, i) => `n${i}.example`),
    }
    const asked: string[] = []
    const result = await sameSiteHosts('a.example', many, async (name) => {
      asked.push(name)
      return 's1'
    })
    expect(asked).toHaveLength(64)
    expect(result.hosts).toHaveLength(1 + 64)
    expect(result.skipped).toHaveLength(36)
  })
})
