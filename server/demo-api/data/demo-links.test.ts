import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSiteAddress } from '../../../shared/routing/site-address.ts'
import { isSitePath } from '../../../shared/rules/safe-url.ts'
import type { Lang } from '../../../shared/types.ts'
import { startTestSite, type TestSite } from '../../../test/harness.ts'
import { createDemoTenants } from './index.ts'

describe('every promo of the demo sites', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  // Promos open in the browser after hydration, so a crawler of the server's HTML never sees them:
  // each in-site promo address is taken through the site's address rules (path mapping included),
  // as the promo's link is, and asked for.
  it('leads to a page, through the same path mapping as the pages it names', async () => {
    const broken: string[] = []
    let checked = 0
    for (const tenant of createDemoTenants(Date.now())) {
      const global = tenant.site.page_config.global_config
      const href = createSiteAddress({
        language: global.default_language as Lang,
        defaultLanguage: global.default_language as Lang,
        searchRoute: global.search_route || 's',
        pathMapping: tenant.site.path_mapping ?? [],
      })
      for (const promo of Object.values(tenant.promos)) {
        if (!isSitePath(promo.url)) continue
        const address = href(promo.url)
        const response = await site.request(address.replace(/#.*$/, ''), { host: tenant.site.domain })
        checked += 1
        if (response.status !== 200) broken.push(`${tenant.site.domain}${address} → ${response.status}`)
      }
    }
    expect(checked).toBeGreaterThan(2)
    expect(broken).toEqual([])
  })
})
